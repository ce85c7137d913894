/**
 * The terminal commands the setup guide offers. They are the real ones for this repository: npm scripts from
 * the root package.json, the compose files and the Dockerfile at the repository root.
 */
export interface SetupCommand {
  title: string;
  command: string;
  note?: string;
}

export const HEARTH_PORT = 3000;
export const OLLAMA_PORT = 11434;
export const HEARTH_URL = `http://localhost:${HEARTH_PORT}`;

export const npmStart: SetupCommand = {
  title: 'Run with Node.js (npm)',
  command: 'npm install\nnpm start',
  note: `Builds the web app on first start and serves it with the API on port ${HEARTH_PORT}. Data lives in ./data.`,
};

export const dockerCpu: SetupCommand = {
  title: 'Docker (CPU)',
  command: 'docker compose up -d',
  note: 'Starts Hearth and Ollama; models run on the CPU. Ollama is reached only by Hearth, not from the host.',
};

export const dockerGpu: SetupCommand = {
  title: 'Docker (NVIDIA GPU)',
  command: 'docker compose -f docker-compose.gpu.yml up -d',
  note: 'Starts Hearth and Ollama, both on the GPU. Needs an NVIDIA driver (CUDA 12.0+) and the NVIDIA Container Toolkit; check with: docker run --rm --gpus all ubuntu nvidia-smi',
};

export const dockerPostgres: SetupCommand = {
  title: 'Docker with PostgreSQL',
  command: 'docker compose -f docker-compose.postgres.yml up -d',
  note: 'Two Hearth replicas behind nginx, with PostgreSQL, MinIO for files and Ollama. Set HEARTH_SECRET (32+ characters, e.g. openssl rand -base64 48) in the environment or a .env file first.',
};

export const singleContainer: SetupCommand = {
  title: 'Single container',
  command: 'docker build -t hearth .\ndocker run -d -p 3000:3000 -v hearth-data:/data hearth',
  note: 'Hearth alone, with its data in the named volume hearth-data; it runs GGUF models itself, or point OLLAMA_BASE_URL at an Ollama.',
};

export const statusCommands: SetupCommand[] = [
  { title: 'Container status', command: 'docker compose ps' },
  { title: 'Follow the logs', command: 'docker compose logs -f' },
  { title: 'Update to a new version', command: 'git pull\ndocker compose up -d --build' },
  { title: 'Stop Hearth', command: 'docker compose down' },
];

export const troubleshootingCommands: SetupCommand[] = [
  {
    title: 'Is Hearth answering?',
    command: `curl ${HEARTH_URL}/health`,
    note: 'Answers {"status":"ok", ...} when the database and file storage work.',
  },
  {
    title: 'Is Ollama answering? (Docker Compose)',
    command: 'docker compose exec ollama ollama list',
    note: 'Lists the models Ollama holds. No answer: docker compose up -d ollama.',
  },
  {
    title: 'Is Ollama answering? (Ollama on this machine)',
    command: `curl http://localhost:${OLLAMA_PORT}/api/tags`,
    note: 'No answer: start it with "ollama serve", or set OLLAMA_BASE_URL to where it runs.',
  },
  { title: 'Hearth logs (Docker Compose)', command: 'docker compose logs -f hearth' },
];

export const modelDownloadCommands: SetupCommand[] = [
  { title: 'Pull a small chat model (Docker Compose)', command: 'docker compose exec ollama ollama pull llama3.2' },
  { title: 'Pull a small chat model (Ollama on this machine)', command: 'ollama pull llama3.2' },
];
