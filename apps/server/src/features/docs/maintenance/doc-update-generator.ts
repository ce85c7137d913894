import { type DocChange, parseDocPage } from '@hearth/contract';
import { AppError } from '../../../http/errors';
import { errorCodeOf, ModelCallError, runModel } from '../../chat';
import type { ModelProvider, ModelRegistry } from '../../models';
import { docUpdateRequest, unwrapPage } from './doc-update-prompts';

export const NO_DOCS_MODEL_MESSAGE =
  'No model is available to draft documentation updates. Install a chat model or choose one in the documentation settings.';
/** The longest answer asked for: a whole page. */
export const DOC_UPDATE_MAX_TOKENS = 8192;

export interface GenerateInput {
  prompt?: string;
  change: Pick<DocChange, 'filePath' | 'previousPath' | 'fileType' | 'changeType' | 'impact'>;
  diffExcerpt: string;
  docPath: string;
  currentPage: string;
}

export interface GeneratedPage {
  updatedContent: string;
  /** False when the answer is not a documentation page at `docPath`, or was cut off: never applied unreviewed. */
  valid: boolean;
}

/** The spec's generate-doc-update: asks the configured model for the updated page. */
export class DocUpdateGenerator {
  constructor(
    private readonly registry: ModelRegistry,
    /** The model to use (settings, instance default, first chat model), or null when there is none. */
    private readonly modelName: () => Promise<string | null>,
    private readonly timeoutMs: number,
  ) {}

  async generate(input: GenerateInput, signal?: AbortSignal): Promise<GeneratedPage> {
    const { provider, model } = await this.resolve();
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const callSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const answer = await runModel(provider, {
        model,
        messages: docUpdateRequest(input),
        temperature: 0.2,
        maxTokens: DOC_UPDATE_MAX_TOKENS,
        signal: callSignal,
      });
      if (answer.finishReason === 'aborted') {
        throw new AppError('upstream_error', 504, `The model did not answer within ${this.timeoutMs / 1000} s.`);
      }
      if (!answer.text.trim()) throw new AppError('upstream_error', 502, 'The model returned an empty answer.');
      const updatedContent = unwrapPage(answer.text);
      return { updatedContent, valid: answer.finishReason === 'stop' && isPageAt(updatedContent, input.docPath) };
    } catch (error) {
      if (error instanceof AppError) throw error;
      const reason = error instanceof ModelCallError ? error.message : String(error);
      const code = errorCodeOf(error);
      const status = code === 'provider_unavailable' ? 503 : 502;
      throw new AppError(code, status, `Drafting the update failed: ${reason}`);
    }
  }

  private async resolve(): Promise<{ provider: ModelProvider; model: string }> {
    const name = await this.modelName();
    if (!name) throw new AppError('model_not_found', 409, NO_DOCS_MODEL_MESSAGE);
    try {
      const resolved = await this.registry.resolve(name);
      return { provider: resolved.provider, model: resolved.model.name };
    } catch {
      throw new AppError(
        'model_not_found',
        409,
        `The model ${name} is not available. Start its runtime or choose another model in the documentation settings.`,
      );
    }
  }
}

export function isPageAt(source: string, docPath: string): boolean {
  try {
    return parseDocPage(source, docPath).path === docPath;
  } catch {
    return false;
  }
}
