import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { realtimeContracts } from '@sekolo/shared/contracts/realtime';
import { contractRef } from '@sekolo/shared/contracts/contract';
import type { TConversationDetail, TMessage } from '@sekolo/shared/schemas/messages';
import { urlOf } from '~/lib/api-client';
import { MESSAGES_KEY, UNREAD_KEY } from '../api/message-keys';

const stream = contractRef<typeof realtimeContracts.stream>('GET', '/api/realtime/stream');
/** The last event id seen, kept for the tab: a reload asks the server for what it missed meanwhile. */
const LAST_EVENT_KEY = 'sekolo.realtime.lastEventId';

let source: EventSource | null = null;
let users = 0;

function threadKey(conversationId: string) {
  return [...MESSAGES_KEY, 'thread', conversationId];
}

function remember(event: MessageEvent) {
  if (event.lastEventId) sessionStorage.setItem(LAST_EVENT_KEY, event.lastEventId);
}

/**
 * The signed-in user's event stream, one per tab however many components use it (EventSource
 * reconnects by itself, sending the last id it saw). A new message lands in its open thread at once
 * and refreshes the lists and the unread count; a read receipt updates "Seen".
 */
function open(client: QueryClient) {
  const last = sessionStorage.getItem(LAST_EVENT_KEY) ?? undefined;
  source = new EventSource(urlOf(stream, { query: { lastEventId: last } }), { withCredentials: true });
  source.addEventListener('ready', remember);
  source.addEventListener('reset', (event) => {
    remember(event);
    void client.invalidateQueries({ queryKey: MESSAGES_KEY });
  });
  source.addEventListener('message.created', (event) => {
    remember(event);
    const { conversationId, message } = JSON.parse(event.data) as { conversationId: string; message: TMessage };
    client.setQueryData<TConversationDetail>(threadKey(conversationId), (detail) =>
      detail && !detail.messages.some((m) => m.id === message.id)
        ? { ...detail, messages: [...detail.messages, message] }
        : detail,
    );
    void client.invalidateQueries({ queryKey: UNREAD_KEY });
    void client.invalidateQueries({ queryKey: [...MESSAGES_KEY, 'list'] });
  });
  source.addEventListener('conversation.read', (event) => {
    remember(event);
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
  });
}

export function useRealtimeMessages(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    users += 1;
    if (!source) open(client);
    return () => {
      users -= 1;
      if (users === 0) {
        source?.close();
        source = null;
      }
    };
  }, [enabled, client]);
}
