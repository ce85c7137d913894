import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The root package.json: the nearest one above this file that declares the workspaces (works from src/ and dist/). */
function rootManifest(): { version: string } {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { version: string; workspaces?: unknown };
      if (manifest.workspaces) return manifest;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the root package.json');
    dir = parent;
  }
}

/** The running Hearth version, read once from the root package.json. */
export const VERSION: string = rootManifest().version;
