import type { StarterModel } from '@hearth/contract';

/**
 * Recommended first models. GGUF files come from their publishers' Hugging Face repositories; sizes are
 * approximate. node-llama-cpp 3.22 runs no image models, so the vision starter is an Ollama pull.
 */
export const STARTER_MODELS: StarterModel[] = [
  {
    id: 'qwen2.5-0.5b-instruct',
    name: 'Qwen2.5 0.5B Instruct (Q4_K_M)',
    purpose: 'chat',
    description: 'A small instruction-tuned chat model that answers quickly even on a CPU. A good first model.',
    runtime: 'builtin',
    url: 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
    file_name: 'qwen2.5-0.5b-instruct-q4_k_m.gguf',
    sha256: null,
    ollama_name: null,
    size_bytes: 491_000_000,
    note: null,
  },
  {
    id: 'llava-7b',
    name: 'LLaVA 7B',
    purpose: 'vision',
    description: 'Understands images: describe photos and screenshots, read charts and scanned pages.',
    runtime: 'ollama',
    url: null,
    file_name: null,
    sha256: null,
    ollama_name: 'llava:7b',
    size_bytes: 4_700_000_000,
    note: 'Vision models run in Ollama: connect an Ollama runtime, then pull llava (ollama pull llava:7b).',
  },
  {
    id: 'nomic-embed-text-v1.5',
    name: 'Nomic Embed Text v1.5 (Q4_K_M)',
    purpose: 'embedding',
    description: 'Turns text into vectors for searching your documents by meaning.',
    runtime: 'builtin',
    url: 'https://huggingface.co/nomic-ai/nomic-embed-text-v1.5-GGUF/resolve/main/nomic-embed-text-v1.5.Q4_K_M.gguf',
    file_name: 'nomic-embed-text-v1.5.Q4_K_M.gguf',
    sha256: null,
    ollama_name: null,
    size_bytes: 84_000_000,
    note: null,
  },
];
