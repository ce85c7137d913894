#!/usr/bin/env node
// Bundles the server's TypeScript into ES modules (apps/server/dist/main.js, plus dist/extraction-worker.js for
// the extraction worker threads) so production runs on plain Node.js: faster start and less memory than
// compiling on the fly. npm packages stay external; the workspace's own TypeScript packages (@hearth/*) are
// bundled in.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
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

const result = await build({
  // The extraction worker is a second entry: worker threads load it from a file beside main.js
  // (features/extraction/extraction-pool.ts resolves it relative to the bundle).
  entryPoints: {
    main: path.join(root, 'apps/server/src/main.ts'),
    'extraction-worker': path.join(root, 'apps/server/src/features/extraction/extraction-worker.ts'),
    // The account recovery command line (`npm run hearth`), runnable as `node apps/server/dist/cli.js` in images.
    cli: path.join(root, 'apps/server/src/cli/main.ts'),
  },
  outdir: path.join(root, 'apps/server/dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
  write: false,
});

// Each file is written whole and then renamed into place, so a server starting from the bundle (e.g. a replica
// in a test running beside another build) never reads a half-written one.
for (const file of result.outputFiles) {
  mkdirSync(path.dirname(file.path), { recursive: true });
  const partial = `${file.path}.${process.pid}.partial`;
  writeFileSync(partial, file.contents);
  renameSync(partial, file.path);
}
