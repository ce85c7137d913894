import type { DocumentAnalyzeResponse } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { errorCodeOf, ModelCallError, runModel } from '../chat';
import type { ModelProvider, ScopedModelRegistry } from '../models';
import { analysisMessages } from './document-analysis-prompts';

export interface AnalyzeInput {
  content: string;
  filename: string;
  analysis_type: string;
  model?: string;
}

/** Context assumed when the runtime cannot tell; tokens kept for the prompt and the answer; chars per token. */
const DEFAULT_CONTEXT = 4096;
const RESERVED_TOKENS = 1536;
const CHARS_PER_TOKEN = 3;
const MAX_CONTENT_CHARS = 60_000;

export const NO_MODELS_MESSAGE = 'No AI models available. Please install a model or start the model service.';

/** POST /api/documents/analyze: one model call that analyses a text the way analysis_type asks. */
export class DocumentAnalysisService {
  constructor(
    private readonly registry: ScopedModelRegistry,
    private readonly timeoutMs = 180_000,
  ) {}

  async analyze(userId: string, input: AnalyzeInput, signal: AbortSignal): Promise<DocumentAnalyzeResponse> {
    const { provider, model } = await this.pickModel(userId, input.model);
    const context = (await provider.contextLength?.(model).catch(() => null)) ?? DEFAULT_CONTEXT;
    const budget = Math.min(MAX_CONTENT_CHARS, Math.max(1000, (context - RESERVED_TOKENS) * CHARS_PER_TOKEN));
    const content = input.content.length > budget ? input.content.slice(0, budget) : input.content;
    const messages = analysisMessages({
      content,
      filename: input.filename,
      analysisType: input.analysis_type,
      truncatedFrom: content.length < input.content.length ? input.content.length : null,
    });
    const callSignal = AbortSignal.any([signal, AbortSignal.timeout(this.timeoutMs)]);
    try {
      const answer = await runModel(provider, { model, messages, temperature: 0.3, signal: callSignal });
      if (answer.finishReason === 'aborted')
        throw new AppError('upstream_error', 504, 'Analysis failed: the model took too long.');
      const analysis = answer.text.trim();
      if (!analysis) throw new AppError('upstream_error', 502, 'Analysis failed: the model returned an empty answer.');
      return { analysis };
    } catch (error) {
      if (error instanceof AppError) throw error;
      const reason = error instanceof ModelCallError ? error.message : String(error);
      const code = errorCodeOf(error);
      const status = code === 'provider_unavailable' ? 503 : code === 'model_not_found' ? 404 : 502;
      throw new AppError(code, status, `Analysis failed: ${reason}`);
    }
  }

  /** The asked-for model or the first chat model, among those this user may use (model grants). */
  private async pickModel(userId: string, requested?: string): Promise<{ provider: ModelProvider; model: string }> {
    const visible = await this.registry.forUser(userId);
    if (requested) {
      const resolved = await visible.resolve(requested);
      return { provider: resolved.provider, model: resolved.model.name };
    }
    const models = await visible.listModels().catch(() => []);
    const chat = models.find((candidate) => !candidate.capabilities.embedding);
    if (!chat) throw new AppError('service_unavailable', 503, NO_MODELS_MESSAGE);
    const resolved = await visible.resolve(chat.name, chat.provider.id);
    return { provider: resolved.provider, model: resolved.model.name };
  }
}
