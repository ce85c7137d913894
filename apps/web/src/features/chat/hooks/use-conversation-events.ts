import { ConversationUpdatedEvent } from '@hearth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { useServerEvent } from '../../../lib/server-events';

/** A chat renamed elsewhere (its automatic title, another tab): the sidebar's lists fetch it again. */
export function useConversationEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useServerEvent(
    apiPaths.events,
    'conversation.updated',
    (data) => {
      if (!ConversationUpdatedEvent.safeParse(data).success) return;
      void queryClient.invalidateQueries({ queryKey: ['chat', 'conversations'] });
    },
    enabled,
  );
}
