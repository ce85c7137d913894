import type { ToolCallDecisionResponse } from '@hearth/contract';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** Run (approve) or decline a tool call that waits for the user (issue 20). */
export const decideToolCall = (conversationId: string, callId: string, approve: boolean) =>
  api.post<ToolCallDecisionResponse>(apiPaths.conversations.toolDecision(conversationId, callId), { approve });
