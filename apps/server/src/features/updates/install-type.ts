import type { InstallType, UpgradeInstructions } from '@hearth/contract';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** What the detection looks at; the composition root passes the real ones, tests their own. */
export interface InstallProbe {
  /** HEARTH_INSTALL_TYPE: the operator says how Hearth is installed (the compose files set it). */
  declared?: InstallType;
  /** COMPOSE_PROJECT_NAME, when the compose file passes it on. */
  composeProject?: string;
  /** The folder Hearth runs from (the repository root in a checkout). */
  root: string;
  exists?: (file: string) => boolean;
}

/** How this server was installed, and its compose project when known. */
export interface Install {
  type: InstallType;
  composeProject: string | null;
}

/**
 * How this server was installed: declared, else compose (a compose project name in the environment), else a
 * container (/.dockerenv), else a git checkout (a .git folder at the root), else unknown.
 */
export function detectInstall(probe: InstallProbe): Install {
  const exists = probe.exists ?? existsSync;
  const composeProject = probe.composeProject?.trim() || null;
  if (probe.declared) return { type: probe.declared, composeProject };
  if (composeProject) return { type: 'compose', composeProject };
  if (exists('/.dockerenv')) return { type: 'container', composeProject };
  if (exists(path.join(probe.root, '.git'))) return { type: 'git', composeProject };
  return { type: 'unknown', composeProject };
}

/** Shell-safe enough for a tag or project name that came from a feed: anything odd is left out. */
const safe = (value: string) => value.replace(/[^A-Za-z0-9._/-]/g, '');

/** The exact commands that upgrade this install to `tag`, run in the folder Hearth was installed from. */
export function upgradeInstructions(install: Install, tag: string): UpgradeInstructions {
  const checkout = `git fetch --tags && git checkout ${safe(tag)}`;
  switch (install.type) {
    case 'compose': {
      const project = install.composeProject ? ` -p ${safe(install.composeProject)}` : '';
      return {
        install_type: 'compose',
        label: 'Docker Compose',
        commands: [checkout, `docker compose${project} up -d --build`],
        note: 'Run these in the folder with your docker-compose file (add -f docker-compose.postgres.yml or -f docker-compose.gpu.yml if you started with one). Data in the volumes is kept; the database is migrated at start-up.',
      };
    }
    case 'container':
      return {
        install_type: 'container',
        label: 'Container image',
        commands: [
          checkout,
          'docker build -t hearth .',
          'docker stop hearth && docker rm hearth',
          'docker run -d --name hearth -p 3000:3000 -v hearth-data:/data hearth',
        ],
        note: 'Run these in the Hearth source folder; use the same docker run options (ports, volume, environment) you started it with. The database is migrated at start-up.',
      };
    case 'git':
      return {
        install_type: 'git',
        label: 'Git checkout with npm',
        commands: [checkout, 'npm ci', 'npm run build', 'npm start'],
        note: 'Stop the running server before npm start (or restart your service manager’s unit). The database is migrated at start-up.',
      };
    default:
      return {
        install_type: 'unknown',
        label: 'Unknown install',
        commands: [],
        note: 'Hearth could not tell how it was installed. Set HEARTH_INSTALL_TYPE (compose, container or git) to see the exact commands, or follow the release notes.',
      };
  }
}
