/**
 * System requirements as the spec gives them (§9), which are Hearth's real needs with a local model. Labels and
 * values are keys of the `setup` namespace.
 */
export const MINIMUM_REQUIREMENTS = [
  { label: 'req.memory', value: 'req.min.memory' },
  { label: 'req.storage', value: 'req.min.storage' },
  { label: 'req.cpu', value: 'req.min.cpu' },
] as const;

export const RECOMMENDED_REQUIREMENTS = [
  { label: 'req.memory', value: 'req.rec.memory' },
  { label: 'req.storage', value: 'req.rec.storage' },
  { label: 'req.cpu', value: 'req.rec.cpu' },
  { label: 'req.gpu', value: 'req.rec.gpu' },
] as const;

/** What a model needs by its parameter size, and about how long it takes to download. */
export const MODEL_SIZE_REQUIREMENTS = [
  { size: 'req.size.7b', ram: '8GB', disk: '4-6GB', time: '5-15 min' },
  { size: 'req.size.13b', ram: '16GB', disk: '8-12GB', time: '15-30 min' },
  { size: 'req.size.34b', ram: '32GB', disk: '20-25GB', time: '30-60 min' },
  { size: 'req.size.larger', ram: '64GB', disk: '50-60GB', time: '60+ min' },
] as const;

export const SOFTWARE_REQUIREMENTS = [
  'req.software.docker',
  'req.software.build',
  'req.software.ollama',
  'req.software.gpu',
] as const;
