import { useQueryClient } from '@tanstack/react-query';
import { REALTIME_RESET } from '@sekolo/shared/contracts/realtime';
import { MESSAGE_EVENTS, type TConversationDetail, type TMessage } from '@sekolo/shared/schemas/messages';
import { useRealtimeEvents } from '~/lib/realtime';
import { MESSAGES_KEY, UNREAD_KEY } from '../api/message-keys';

function threadKey(conversationId: string) {
  return [...MESSAGES_KEY, 'thread', conversationId];
}

/**
 * Messages on the user's event stream (lib/realtime.ts): a new message lands in its open thread at
 * once and refreshes the lists and the unread count; a read receipt updates "Seen".
 */
export function useRealtimeMessages(enabled: boolean) {
  const client = useQueryClient();
  useRealtimeEvents(enabled, {
    [REALTIME_RESET]: () => void client.invalidateQueries({ queryKey: MESSAGES_KEY }),
    [MESSAGE_EVENTS.created]: (event) => {
      const { conversationId, message } = JSON.parse(event.data) as { conversationId: string; message: TMessage };
      client.setQueryData<TConversationDetail>(threadKey(conversationId), (detail) =>
        detail && !detail.messages.some((m) => m.id === message.id)
          ? { ...detail, messages: [...detail.messages, message] }
          : detail,
      );
      void client.invalidateQueries({ queryKey: UNREAD_KEY });
      void client.invalidateQueries({ queryKey: [...MESSAGES_KEY, 'list'] });
    },
    [MESSAGE_EVENTS.read]: (event) => {
      const read = JSON.parse(event.data) as { conversationId: string; userId: string; lastReadAt: string };
      client.setQueryData<TConversationDetail>(threadKey(read.conversationId), (detail) =>
        detail
          ? {
              ...detail,
              participants: detail.participants.map((p) =>
                p.userId === read.userId ? { ...p, lastReadAt: read.lastReadAt } : p,
              ),
            }
          : detail,
      );
      void client.invalidateQueries({ queryKey: UNREAD_KEY });
      void client.invalidateQueries({ queryKey: [...MESSAGES_KEY, 'list'] });
    },
  });
}
