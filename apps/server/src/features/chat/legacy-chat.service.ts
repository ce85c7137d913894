import { type ChatBody, type ChatResponse, type VisionAnalyzeBody, type VisionAnalyzeResponse } from '@hearth/contract';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import { answerWithFallback, type PreparedPrompt } from './answer';
import type { Logger } from './chat-runner';
import type { ConversationRepository } from './conversation.repository';
import type { ConversationContextService, HistorySource } from './conversation-context.service';
import { isRasterImageData } from './file-types';
import { sentHistory, storedHistory } from './history-source';
import type { MessageRepository } from './message.repository';
import type { ModelGates } from './model-gates';
import { runModel } from './model-call';
import { planPrompt } from './prompt-plan';
import { visionPrompt } from './prompts/vision-prompt';
import type { ChatUsage } from './usage-meter';

type ChatInput = z.output<typeof ChatBody>;
type VisionInput = z.output<typeof VisionAnalyzeBody>;

/** Spec §7's non-streaming endpoints: POST /api/chat (enhanced, with fallback) and POST /api/vision/analyze. */
export class LegacyChatService {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly context: ConversationContextService,
    private readonly gates: ModelGates,
    private readonly log: Logger,
    /** Quotas and usage accounting (issue 19): these answers count like the streamed ones. */
    private readonly usage?: ChatUsage,
  ) {}

  async chat(userId: string, body: ChatInput, signal: AbortSignal): Promise<ChatResponse> {
    await this.usage?.admit(userId, 1);
    const source = await this.historyFor(userId, body);
    const resolved = await this.gates.resolve(userId, body.model, body.provider_id);
    const contextLength = await this.gates.contextLength(resolved);
    const input = { message: body.message, documents: [], images: [], contextLength };
    const outcome = await answerWithFallback({
      provider: resolved.provider,
      model: resolved.model.name,
      temperature: body.temperature,
      signal,
      enhanced: async (): Promise<PreparedPrompt> => {
        const built = await this.context.build({
          userId,
          message: body.message,
          topic: null,
          source,
          options: body,
          provider: resolved.provider,
          model: resolved.model.name,
          contextLength,
          signal,
        });
        const { systemPrompt, minimalSystemPrompt, history } = built;
        const plan = planPrompt({ ...input, systemPrompt, minimalSystemPrompt, history });
        return { plan, summaryUsed: built.summaryUsed, documents: built.documents };
      },
      plain: () => ({
        plan: planPrompt({ ...input, systemPrompt: null, history: [] }),
        summaryUsed: false,
        documents: [],
      }),
      onEnhancedFailure: (error) => this.log.warn({ err: error }, 'enhanced chat failed; falling back to a plain call'),
      meter: this.usage?.meter(userId),
    });
    if (outcome.status === 'failed') throw new AppError('upstream_error', 502, outcome.message, { code: outcome.code });
    const { answer, prepared } = outcome;
    return {
      response: answer.text,
      responseMetadata: {
        model: resolved.model.name,
        provider_id: resolved.provider.id,
        enhanced: !outcome.fallback,
        fallback: outcome.fallback,
        summary_used: prepared?.summaryUsed ?? false,
        truncated: prepared?.plan.truncated ?? false,
        usage: { prompt_tokens: answer.promptTokens, completion_tokens: answer.completionTokens },
      },
      usedDocuments: prepared?.documents ?? [],
    };
  }

  private async historyFor(userId: string, body: ChatInput): Promise<HistorySource> {
    if (!body.conversationId) return sentHistory(body.conversation_history ?? []);
    const conversation = await this.conversations.findOwned(userId, body.conversationId);
    if (!conversation) throw AppError.notFound('Conversation');
    if (body.conversation_history) return sentHistory(body.conversation_history);
    return storedHistory({ conversations: this.conversations, messages: this.messages }, userId, conversation);
  }

  async analyzeImage(userId: string, body: VisionInput, signal: AbortSignal): Promise<VisionAnalyzeResponse> {
    const image = body.image_data.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
    const bytes = Buffer.from(image, 'base64');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(image) || !(await isRasterImageData(bytes))) {
      throw AppError.badRequest('image_data must be a base64 PNG, JPEG, GIF, WebP or BMP image');
    }
    await this.usage?.admit(userId, 1);
    const resolved = await this.gates.anyVisionModel(userId, body.model);
    try {
      const content = visionPrompt(body.analysis_type, body.prompt);
      const answer = await runModel(
        resolved.provider,
        {
          model: resolved.model.name,
          messages: [{ role: 'user', content, images: [image] }],
          temperature: 0.2,
          signal,
        },
        undefined,
        this.usage?.meter(userId),
      );
      return { analysis: answer.text, model: resolved.model.name };
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new AppError('upstream_error', 502, `Vision analysis failed: ${detail}`, { detail });
    }
  }
}
