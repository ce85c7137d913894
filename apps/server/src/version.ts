import { readFileSync } from 'node:fs';

const root = new URL('../../../package.json', import.meta.url);

/** The running Hearth version, read once from the root package.json. */
export const VERSION: string = (JSON.parse(readFileSync(root, 'utf8')) as { version: string }).version;
