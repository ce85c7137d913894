import {
  detectTask,
  formatModelSizeGB,
  getModelCapability,
  recommendModels,
  requirementsForParameterSize,
  selectDefaultModel,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';

const model = (name: string, parameter_size: string | null = null, vision = false) => ({
  name,
  details: { parameter_size },
  capabilities: { vision, embedding: false },
});

describe('model capabilities (shared with the web app)', () => {
  it("gives the spec's ratings for the known models", () => {
    expect(getModelCapability(model('llava:13b'))).toMatchObject({
      supports_vision: true,
      speed_rating: 'slow',
      accuracy_rating: 'excellent',
      resource_usage: 'high',
    });
    expect(getModelCapability(model('qwen2.5:latest'))).toMatchObject({
      parameter_size: '7B',
      speed_rating: 'medium',
      accuracy_rating: 'very-good',
      resource_usage: 'medium',
    });
    expect(getModelCapability(model('llama3:latest'))).toMatchObject({
      parameter_size: '8B',
      speed_rating: 'fast',
      accuracy_rating: 'good',
      resource_usage: 'low',
    });
  });

  it('derives data for unknown models from size and family', () => {
    expect(getModelCapability(model('mixtral:47b', '46.7B'))).toMatchObject({
      resource_usage: 'high',
      speed_rating: 'slow',
    });
    expect(getModelCapability(model('qwen2.5-0.5b-instruct-q4_k_m.gguf'))).toMatchObject({ speed_rating: 'fast' });
    expect(getModelCapability(model('bakllava:7b', '7B')).supports_vision).toBe(true);
  });

  it("uses the spec's task confidences", () => {
    expect(detectTask({ hasImages: true }).confidence).toBe(0.9);
    expect(detectTask({ hasDocuments: true }).confidence).toBe(0.8);
    expect(detectTask({ message: 'hi there' })).toMatchObject({ task: 'quick_chat', confidence: 0.7 });
    expect(detectTask({ message: 'Please research the history of the printing press in Europe' }).confidence).toBe(0.8);
    expect(
      detectTask({ message: 'Analyze the quarterly figures in detail and tell me what changed overall' }).confidence,
    ).toBe(0.7);
    expect(detectTask({ message: 'x'.repeat(80) }).confidence).toBe(0.5);
    const recommendation = recommendModels([model('llama3:latest'), model('llava:13b', '13B', true)], {
      hasImages: true,
    });
    expect(recommendation.best?.id).toBe('llava:13b');
  });

  it('selects models by the rules of §4', () => {
    const models = [
      model('phi3:mini', '3.8B'),
      model('mistral:7b', '7B'),
      model('llava:13b', '13B', true),
      model('llama3:70b', '70B'),
    ];
    expect(selectDefaultModel(models, { saved: 'phi3:mini', mode: 'GPU' })).toBe('phi3:mini');
    expect(selectDefaultModel(models, { saved: 'gone:1b', mode: 'GPU' })).toBe('llava:13b');
    expect(
      selectDefaultModel(
        models.filter((m) => !m.capabilities.vision),
        { mode: 'GPU' },
      ),
    ).toBe('llama3:70b');
    expect(selectDefaultModel(models, { mode: 'CPU' })).toBe('mistral:7b');
    expect(selectDefaultModel([model('phi3:mini'), model('gemma2:2b')], { mode: 'CPU' })).toBe('phi3:mini');
    expect(selectDefaultModel([], { mode: 'CPU' })).toBeNull();
  });

  it('shows sizes in GB with one decimal and estimates requirements', () => {
    expect(formatModelSizeGB(4_661_211_808)).toBe('4.3 GB');
    expect(requirementsForParameterSize('7B')).toEqual({
      minRam: '8GB',
      diskSpace: '4-6GB',
      estimatedTime: '5-15 min',
    });
    expect(requirementsForParameterSize('13b').minRam).toBe('16GB');
    expect(requirementsForParameterSize('34B').minRam).toBe('32GB');
    expect(requirementsForParameterSize('70B')).toEqual({
      minRam: '64GB',
      diskSpace: '50-60GB',
      estimatedTime: '60+ min',
    });
  });
});
