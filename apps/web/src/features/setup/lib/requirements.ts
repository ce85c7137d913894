/** System requirements as the spec gives them (§9), which are Hearth's real needs with a local model. */
export const MINIMUM_REQUIREMENTS = [
  { label: 'Memory', value: '8GB RAM' },
  { label: 'Storage', value: '20GB free' },
  { label: 'CPU', value: '4+ cores' },
] as const;

export const RECOMMENDED_REQUIREMENTS = [
  { label: 'Memory', value: '16GB+ RAM' },
  { label: 'Storage', value: '50GB SSD (100GB+ SSD for several large models)' },
  { label: 'CPU', value: '8+ cores' },
  { label: 'GPU (optional)', value: 'NVIDIA, CUDA 12.0+, 8GB+ VRAM' },
] as const;

/** What a model needs by its parameter size, and about how long it takes to download. */
export const MODEL_SIZE_REQUIREMENTS = [
  { size: 'Up to 7B', ram: '8GB', disk: '4-6GB', time: '5-15 min' },
  { size: 'Up to 13B', ram: '16GB', disk: '8-12GB', time: '15-30 min' },
  { size: 'Up to 34B', ram: '32GB', disk: '20-25GB', time: '30-60 min' },
  { size: 'Larger', ram: '64GB', disk: '50-60GB', time: '60+ min' },
] as const;

export const SOFTWARE_REQUIREMENTS = [
  'Docker with Compose v2 (for the Docker options), or Node.js 20.19+ with npm 11 (to run without Docker)',
  'For npm on a fresh machine: python3, make and g++ (the SQLite driver builds once)',
  'Optional: Ollama (port 11434) for Ollama models; Hearth also runs GGUF models itself',
  'For the GPU option: an NVIDIA driver with CUDA 12.0+ and the NVIDIA Container Toolkit',
] as const;
