import type { StopResponse } from '@hearth/contract';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** Asks the server to stop the answer being generated in a conversation; what was produced is kept. */
export const stopGeneration = (conversationId: string): Promise<StopResponse> =>
  api.post<StopResponse>(apiPaths.conversations.stop(conversationId));
