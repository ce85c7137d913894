import {
  detectTask,
  formatModelSizeGB,
  recommendModels,
  requirementsForParameterSize,
  selectDefaultModel,
  type ModelLike,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';

/** The rules the chat relies on (implemented in the shared contract), checked from the web side. */
const model = (name: string, parameter_size: string | null = null, vision = false): ModelLike => ({
  name,
  details: { parameter_size },
  capabilities: { vision, embedding: false },
});

describe('model auto-pick (spec §4)', () => {
  const models = [
    model('phi3:mini', '3.8B'),
    model('mistral:7b', '7B'),
    model('big:70b', '70B'),
    model('llava:13b', '13B', true),
  ];

  it('restores the saved model while it is still installed', () => {
    expect(selectDefaultModel(models, { saved: 'phi3:mini', mode: 'GPU' })).toBe('phi3:mini');
    expect(selectDefaultModel(models, { saved: 'gone:1b', mode: 'CPU' })).toBe('mistral:7b');
  });

  it('in GPU mode takes the first vision model, then a large one', () => {
    expect(selectDefaultModel(models, { mode: 'GPU' })).toBe('llava:13b');
    expect(selectDefaultModel(models.slice(0, 3), { mode: 'GPU' })).toBe('big:70b');
  });

  it('otherwise the first qwen, llama or mistral model, else the first model', () => {
    expect(selectDefaultModel(models, { mode: 'CPU' })).toBe('mistral:7b');
    expect(selectDefaultModel([model('phi3:mini'), model('gemma2:2b')], { mode: 'CPU' })).toBe('phi3:mini');
    expect(selectDefaultModel([], { mode: 'CPU' })).toBeNull();
  });
});

describe('task detection and recommendations (spec §3, §9)', () => {
  it('uses the spec confidences', () => {
    expect(detectTask({ message: 'what is this?', hasImages: true })).toMatchObject({
      task: 'image_analysis',
      confidence: 0.9,
    });
    expect(detectTask({ message: 'read this', hasDocuments: true })).toMatchObject({
      task: 'document_analysis',
      confidence: 0.8,
    });
    expect(detectTask({ message: 'hi there' })).toMatchObject({
      task: 'quick_chat',
      confidence: 0.7,
      speedPriority: true,
    });
    expect(detectTask({ message: 'Please research the history of the printing press in Europe for me' })).toMatchObject(
      {
        task: 'research',
        confidence: 0.8,
      },
    );
    expect(
      detectTask({ message: 'Can you analyze the quarterly figures and tell me what stands out most?' }),
    ).toMatchObject({
      task: 'analysis',
      confidence: 0.7,
    });
    expect(detectTask({ message: '' })).toMatchObject({ task: null, confidence: 0.5 });
  });

  it('recommends only vision models for images', () => {
    const recommendation = recommendModels([model('llama3:latest', '8B'), model('llava:13b', '13B', true)], {
      hasImages: true,
    });
    expect(recommendation.recommended.map((item) => item.id)).toEqual(['llava:13b']);
    expect(recommendation.best?.id).toBe('llava:13b');
  });
});

describe('sizes and requirements (admin spec §9)', () => {
  it('shows GB as bytes / 1073741824 with one decimal', () => {
    expect(formatModelSizeGB(4_661_224_676)).toBe('4.3 GB');
    expect(formatModelSizeGB(1_073_741_824)).toBe('1.0 GB');
    expect(formatModelSizeGB(0)).toBe('0.0 GB');
  });

  it('estimates requirements by parameter size', () => {
    expect(requirementsForParameterSize('7b').minRam).toBe('8GB');
    expect(requirementsForParameterSize('13b')).toEqual({
      minRam: '16GB',
      diskSpace: '8-12GB',
      estimatedTime: '15-30 min',
    });
    expect(requirementsForParameterSize('34b').estimatedTime).toBe('30-60 min');
    expect(requirementsForParameterSize('70b').minRam).toBe('64GB');
  });
});
