/**
 * The terminal commands the setup guide offers. They are the real ones for this repository: npm scripts from
 * the root package.json, the compose files and the Dockerfile at the repository root.
 */
export interface SetupCommand {
  /** Keys of the `setup` namespace; the note may use {{port}}, {{ollamaPort}} and {{url}}. */
  title: string;
  command: string;
  note?: string;
}

export const HEARTH_PORT = 3000;
export const OLLAMA_PORT = 11434;
export const HEARTH_URL = `http://localhost:${HEARTH_PORT}`;

export const npmStart: SetupCommand = {
  title: 'commands.npm.title',
  command: 'npm install\nnpm start',
  note: 'commands.npm.note',
};

export const dockerCpu: SetupCommand = {
  title: 'commands.dockerCpu.title',
  command: 'docker compose up -d',
  note: 'commands.dockerCpu.note',
};

export const dockerGpu: SetupCommand = {
  title: 'commands.dockerGpu.title',
  command: 'docker compose -f docker-compose.gpu.yml up -d',
  note: 'commands.dockerGpu.note',
};

export const dockerPostgres: SetupCommand = {
  title: 'commands.dockerPostgres.title',
  command: 'docker compose -f docker-compose.postgres.yml up -d',
  note: 'commands.dockerPostgres.note',
};

export const singleContainer: SetupCommand = {
  title: 'commands.single.title',
  command: 'docker build -t hearth .\ndocker run -d -p 3000:3000 -v hearth-data:/data hearth',
  note: 'commands.single.note',
};

export const statusCommands: SetupCommand[] = [
  { title: 'commands.ps', command: 'docker compose ps' },
  { title: 'commands.logs', command: 'docker compose logs -f' },
  { title: 'commands.update', command: 'git pull\ndocker compose up -d --build' },
  { title: 'commands.stop', command: 'docker compose down' },
];

export const troubleshootingCommands: SetupCommand[] = [
  {
    title: 'commands.health.title',
    command: `curl ${HEARTH_URL}/health`,
    note: 'commands.health.note',
  },
  {
    title: 'commands.ollamaCompose.title',
    command: 'docker compose exec ollama ollama list',
    note: 'commands.ollamaCompose.note',
  },
  {
    title: 'commands.ollamaLocal.title',
    command: `curl http://localhost:${OLLAMA_PORT}/api/tags`,
    note: 'commands.ollamaLocal.note',
  },
  { title: 'commands.hearthLogs', command: 'docker compose logs -f hearth' },
];

export const modelDownloadCommands: SetupCommand[] = [
  { title: 'commands.pullCompose', command: 'docker compose exec ollama ollama pull llama3.2' },
  { title: 'commands.pullLocal', command: 'ollama pull llama3.2' },
];
