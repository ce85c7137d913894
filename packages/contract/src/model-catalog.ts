import { type ModelRequirements, requirementsForParameterSize } from './model-capabilities';

/** The Discover Models catalogue (admin spec §3): eight fixed Ollama entries. */
export interface CatalogEntry {
  name: string;
  displayName: string;
  description: string;
  tags: string[];
  sizes: string[];
  capabilities: string[];
  recommended: boolean;
  requirements?: ModelRequirements;
}

const entry = (value: Omit<CatalogEntry, 'requirements'>): CatalogEntry => ({
  ...value,
  requirements: requirementsForParameterSize(value.sizes[0]),
});

export const MODEL_CATALOG: CatalogEntry[] = [
  entry({
    name: 'deepseek-coder',
    displayName: 'DeepSeek Coder',
    description: 'Coding model trained on two trillion code and natural-language tokens.',
    tags: ['code'],
    sizes: ['6.7b', '33b'],
    capabilities: ['Code generation', 'Code completion', 'Explaining code'],
    recommended: false,
  }),
  entry({
    name: 'llava',
    displayName: 'LLaVA',
    description: 'Vision-language model: chat about images, screenshots and scanned pages.',
    tags: ['vision', 'multimodal'],
    sizes: ['7b', '13b', '34b'],
    capabilities: ['Image analysis', 'Visual question answering', 'OCR-like reading'],
    recommended: true,
  }),
  entry({
    name: 'llama3.1',
    displayName: 'Llama 3.1',
    description: "Meta's general-purpose model with a long context window.",
    tags: ['general', 'chat'],
    sizes: ['8b', '70b'],
    capabilities: ['Conversation', 'Reasoning', 'Summaries'],
    recommended: true,
  }),
  entry({
    name: 'mistral',
    displayName: 'Mistral 7B',
    description: 'Fast 7B model with good quality for its size.',
    tags: ['general', 'fast'],
    sizes: ['7b'],
    capabilities: ['Quick answers', 'Conversation', 'Drafting'],
    recommended: true,
  }),
  entry({
    name: 'codellama',
    displayName: 'Code Llama',
    description: 'Llama specialised for writing and discussing code.',
    tags: ['code'],
    sizes: ['7b', '13b', '34b'],
    capabilities: ['Code generation', 'Debugging', 'Code review'],
    recommended: false,
  }),
  entry({
    name: 'qwen2.5-coder',
    displayName: 'Qwen 2.5 Coder',
    description: 'Multilingual coding model covering many programming and human languages.',
    tags: ['code', 'multilingual'],
    sizes: ['7b', '14b', '32b'],
    capabilities: ['Code generation', 'Code reasoning', 'Multilingual'],
    recommended: false,
  }),
  entry({
    name: 'phi3',
    displayName: 'Phi-3',
    description: 'Compact model from Microsoft with strong reasoning for its size.',
    tags: ['small', 'reasoning'],
    sizes: ['3.8b', '14b'],
    capabilities: ['Reasoning', 'Math', 'Low memory use'],
    recommended: false,
  }),
  entry({
    name: 'gemma2',
    displayName: 'Gemma 2',
    description: "Google's open model family.",
    tags: ['general'],
    sizes: ['2b', '9b', '27b'],
    capabilities: ['Conversation', 'Summaries', 'Question answering'],
    recommended: false,
  }),
];
