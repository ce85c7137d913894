#!/usr/bin/env node
// Bundles the server's TypeScript into one ES module (apps/server/dist/main.js) so production runs on plain
// Node.js: faster start and less memory than compiling on the fly. npm packages stay external; the
// workspace's own TypeScript packages (@hearth/*) are bundled in.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const externalPackages = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@hearth/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: [path.join(root, 'apps/server/src/main.ts')],
  outfile: path.join(root, 'apps/server/dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
