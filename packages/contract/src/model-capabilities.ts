/**
 * Model capability data and selection rules (core spec §3, §4, §9; admin spec §9). Pure functions, shared by
 * the web app (model panel, recommendations) and the server.
 */

export type SpeedRating = 'fast' | 'medium' | 'slow';
export type AccuracyRating = 'excellent' | 'very-good' | 'good';
export type ResourceUsage = 'low' | 'medium' | 'high';
export type TaskType = 'image_analysis' | 'document_analysis' | 'quick_chat' | 'research' | 'analysis';

export interface ModelCapability {
  id: string;
  name: string;
  description: string;
  strengths: string[];
  limitations: string[];
  use_cases: string[];
  parameter_size: string | null;
  family: string | null;
  supports_vision: boolean;
  speed_rating: SpeedRating;
  accuracy_rating: AccuracyRating;
  resource_usage: ResourceUsage;
  recommended_for: TaskType[];
}

/** What the capability functions need to know of an installed model. */
export interface ModelLike {
  name: string;
  details?: { parameter_size?: string | null; family?: string | null; families?: string[] | null } | null;
  capabilities?: { vision?: boolean; embedding?: boolean } | null;
}

export const KNOWN_MODEL_CAPABILITIES: Record<string, ModelCapability> = {
  'llava:13b': {
    id: 'llava:13b',
    name: 'LLaVA 13B',
    description: 'Vision-language model that understands images as well as text.',
    strengths: ['Image understanding', 'Describing photos and screenshots', 'Reading charts and scanned pages'],
    limitations: ['Slow without a GPU', 'Needs a lot of memory'],
    use_cases: ['Image analysis', 'Visual question answering', 'Document images'],
    parameter_size: '13B',
    family: 'llama',
    supports_vision: true,
    speed_rating: 'slow',
    accuracy_rating: 'excellent',
    resource_usage: 'high',
    recommended_for: ['image_analysis', 'document_analysis'],
  },
  'qwen2.5:latest': {
    id: 'qwen2.5:latest',
    name: 'Qwen 2.5 7B',
    description: 'Balanced general model, strong at reasoning, structured output and many languages.',
    strengths: ['Reasoning', 'Document analysis', 'Multilingual', 'Structured output'],
    limitations: ['No image input'],
    use_cases: ['Document analysis', 'Research', 'Detailed answers'],
    parameter_size: '7B',
    family: 'qwen2',
    supports_vision: false,
    speed_rating: 'medium',
    accuracy_rating: 'very-good',
    resource_usage: 'medium',
    recommended_for: ['document_analysis', 'research', 'analysis'],
  },
  'llama3:latest': {
    id: 'llama3:latest',
    name: 'Llama 3 8B',
    description: 'Fast general-purpose chat model.',
    strengths: ['Quick answers', 'Conversation', 'Low resource use'],
    limitations: ['No image input', 'Less precise on long documents'],
    use_cases: ['Quick chat', 'Drafting text', 'Simple questions'],
    parameter_size: '8B',
    family: 'llama',
    supports_vision: false,
    speed_rating: 'fast',
    accuracy_rating: 'good',
    resource_usage: 'low',
    recommended_for: ['quick_chat'],
  },
};

export const TASK_TYPES: Record<TaskType, { label: string; confidence: number; recommended_models: string[] }> = {
  image_analysis: { label: 'Image analysis', confidence: 0.9, recommended_models: ['llava:13b'] },
  document_analysis: {
    label: 'Document analysis',
    confidence: 0.8,
    recommended_models: ['qwen2.5:latest', 'llava:13b'],
  },
  quick_chat: { label: 'Quick chat', confidence: 0.7, recommended_models: ['llama3:latest'] },
  research: { label: 'Research', confidence: 0.8, recommended_models: ['qwen2.5:latest'] },
  analysis: { label: 'Analysis', confidence: 0.7, recommended_models: ['qwen2.5:latest'] },
};

export const DEFAULT_TASK_CONFIDENCE = 0.5;
/** Messages shorter than this favour speed. */
export const SPEED_PRIORITY_MAX_CHARS = 50;

const VISION_NAME = /llava|bakllava|moondream|vision|-vl\b|vl:|minicpm-v|smolvlm|llama3\.2-vision|gemma3/i;
const EMBEDDING_NAME = /embed|minilm|bge-|\bbge\b|e5-|gte-|arctic-embed/i;

export const isVisionModel = (model: ModelLike): boolean =>
  model.capabilities?.vision === true ||
  VISION_NAME.test(model.name) ||
  (model.details?.families ?? []).some((family) => /clip|mllama/i.test(family));

export const isEmbeddingModel = (model: ModelLike): boolean =>
  model.capabilities?.embedding === true || EMBEDDING_NAME.test(model.name);

/** "7B", "13b", "494.03M", "8.0B" → billions of parameters; null when unknown. */
export function parameterBillions(size: string | null | undefined): number | null {
  const match = /([\d.]+)\s*([BMK])/i.exec(size ?? '');
  if (!match) return null;
  const value = Number(match[1]);
  const unit = (match[2] ?? 'B').toUpperCase();
  return unit === 'B' ? value : unit === 'M' ? value / 1000 : value / 1_000_000;
}

/** Parameter size from the details, else from the name ("llama3:70b", "qwen2.5-0.5b-instruct"). */
export function modelParameterBillions(model: ModelLike): number | null {
  return (
    parameterBillions(model.details?.parameter_size) ??
    parameterBillions(/(?:^|[:\-_.])(\d+(?:\.\d+)?[bm])(?:$|[:\-_.])/i.exec(model.name)?.[1])
  );
}

/** Capability data: the spec's known models as given, anything else derived from family and size. */
export function getModelCapability(model: ModelLike): ModelCapability {
  const known = KNOWN_MODEL_CAPABILITIES[model.name];
  if (known) return known;
  const billions = modelParameterBillions(model);
  const vision = isVisionModel(model);
  const big = billions !== null && billions >= 13;
  const small = billions !== null && billions <= 4;
  const speed: SpeedRating = vision || big ? 'slow' : small ? 'fast' : 'medium';
  const accuracy: AccuracyRating = big ? 'excellent' : small || billions === null ? 'good' : 'very-good';
  const usage: ResourceUsage = big ? 'high' : small ? 'low' : 'medium';
  const recommended: TaskType[] = vision
    ? ['image_analysis', 'document_analysis']
    : speed === 'fast'
      ? ['quick_chat']
      : ['document_analysis', 'research', 'analysis'];
  const family = model.details?.family ?? null;
  return {
    id: model.name,
    name: model.name,
    description: vision
      ? 'Vision-capable model: understands images as well as text.'
      : `General ${family ?? 'language'} model${billions !== null ? ` with ${model.details?.parameter_size ?? `${billions}B`} parameters` : ''}.`,
    strengths: vision
      ? ['Image understanding']
      : speed === 'fast'
        ? ['Quick answers']
        : ['Reasoning', 'Longer answers'],
    limitations: [
      ...(vision ? [] : ['No image input']),
      ...(big ? ['Needs a lot of memory'] : []),
      ...(billions === null ? ['Size unknown'] : []),
    ],
    use_cases: recommended.map((task) => TASK_TYPES[task].label),
    parameter_size: model.details?.parameter_size ?? (billions !== null ? `${billions}B` : null),
    family,
    supports_vision: vision,
    speed_rating: speed,
    accuracy_rating: accuracy,
    resource_usage: usage,
    recommended_for: recommended,
  };
}

export interface TaskContext {
  message?: string;
  hasImages?: boolean;
  hasDocuments?: boolean;
}

const RESEARCH = /\b(research|investigate|compare|explain why|sources?|history of|study)\b/i;
const ANALYSIS = /\b(analy[sz]e|analysis|evaluate|assess|review|summari[sz]e|extract)\b/i;

/** The task a message looks like, with the spec's confidences; null task → default confidence 0.5. */
export function detectTask(context: TaskContext): {
  task: TaskType | null;
  confidence: number;
  speedPriority: boolean;
} {
  const message = context.message ?? '';
  const speedPriority = message.length > 0 && message.length < SPEED_PRIORITY_MAX_CHARS;
  const task: TaskType | null = context.hasImages
    ? 'image_analysis'
    : context.hasDocuments
      ? 'document_analysis'
      : RESEARCH.test(message)
        ? 'research'
        : ANALYSIS.test(message)
          ? 'analysis'
          : speedPriority
            ? 'quick_chat'
            : null;
  return { task, confidence: task ? TASK_TYPES[task].confidence : DEFAULT_TASK_CONFIDENCE, speedPriority };
}

export interface Recommendation {
  task: TaskType | null;
  confidence: number;
  /** Installed models suited to the task, best first. */
  recommended: ModelCapability[];
  best: ModelCapability | null;
}

const SPEED_ORDER: Record<SpeedRating, number> = { fast: 0, medium: 1, slow: 2 };
const ACCURACY_ORDER: Record<AccuracyRating, number> = { excellent: 0, 'very-good': 1, good: 2 };

/** Ranks installed chat models for a task (speed first for short messages, accuracy otherwise). */
export function recommendModels(models: ModelLike[], context: TaskContext = {}): Recommendation {
  const { task, confidence, speedPriority } = detectTask(context);
  const capabilities = models.filter((model) => !isEmbeddingModel(model)).map(getModelCapability);
  const suited = capabilities.filter((capability) =>
    task === 'image_analysis' ? capability.supports_vision : task ? capability.recommended_for.includes(task) : true,
  );
  const ranked = [...suited].sort((a, b) =>
    speedPriority
      ? SPEED_ORDER[a.speed_rating] - SPEED_ORDER[b.speed_rating]
      : ACCURACY_ORDER[a.accuracy_rating] - ACCURACY_ORDER[b.accuracy_rating],
  );
  return { task, confidence, recommended: ranked, best: ranked[0] ?? null };
}

/**
 * Model selection (core spec §4): the saved model if still available; otherwise in GPU mode the first vision
 * model, then a large one; otherwise the first qwen, llama or mistral model; otherwise the first model.
 */
export function selectDefaultModel(
  models: ModelLike[],
  options: { saved?: string | null; mode?: 'GPU' | 'CPU' | null },
): string | null {
  const chat = models.filter((model) => !isEmbeddingModel(model));
  if (options.saved && chat.some((model) => model.name === options.saved)) return options.saved;
  if (options.mode === 'GPU') {
    const vision = chat.find(isVisionModel);
    if (vision) return vision.name;
    const large = chat.find((model) => (modelParameterBillions(model) ?? 0) >= 13);
    if (large) return large.name;
  }
  const preferred = chat.find((model) => /qwen|llama|mistral/i.test(model.name));
  return preferred?.name ?? chat[0]?.name ?? null;
}

/** Model size in GB as the spec shows it: bytes / 1073741824, one decimal. */
export const formatModelSizeGB = (bytes: number): string => `${(bytes / 1_073_741_824).toFixed(1)} GB`;

export interface ModelRequirements {
  minRam: string;
  diskSpace: string;
  estimatedTime: string;
}

/** Requirement estimates by parameter size (admin spec §9). */
export function requirementsForParameterSize(size: string | null | undefined): ModelRequirements {
  const billions = parameterBillions(size) ?? 7;
  if (billions <= 7) return { minRam: '8GB', diskSpace: '4-6GB', estimatedTime: '5-15 min' };
  if (billions <= 13) return { minRam: '16GB', diskSpace: '8-12GB', estimatedTime: '15-30 min' };
  if (billions <= 34) return { minRam: '32GB', diskSpace: '20-25GB', estimatedTime: '30-60 min' };
  return { minRam: '64GB', diskSpace: '50-60GB', estimatedTime: '60+ min' };
}
