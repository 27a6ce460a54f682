import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { messageContracts as api } from '@sekolo/shared/contracts/messages';
import type { TConversationDetail, TMessage, TStartConversationInput } from '@sekolo/shared/schemas/messages';
import { call } from '~/lib/api-client';
import { MESSAGES_KEY, UNREAD_KEY } from './message-keys';

export const conversationsQuery = (box: 'inbox' | 'archived') =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, 'list', box],
    queryFn: () => call(api.list, { query: { box } }),
  });

export const conversationQuery = (conversationId: string) =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, 'thread', conversationId],
    queryFn: () => call(api.get, { params: { id: conversationId }, query: {} }),
  });

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, 'search', q],
    queryFn: () => call(api.search, { query: { q } }),
    enabled: q.trim().length >= 2,
  });

export const recipientsQuery = queryOptions({
  queryKey: [...MESSAGES_KEY, 'recipients'],
  queryFn: () => call(api.recipients, { query: {} }).then((a) => a.recipients),
});

/** A message added to an open thread once (the answer and the realtime event both bring it). */
export function withMessage(detail: TConversationDetail | undefined, message: TMessage) {
  if (!detail || detail.messages.some((m) => m.id === message.id)) return detail;
  return { ...detail, messages: [...detail.messages, message] };
}

/** A key for one send: a retry after a lost answer stores the message once. */
export function newClientKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

export function useSendMessage(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; attachmentIds: string[]; clientKey: string }) =>
      call(api.send, { params: { id: conversationId }, body: input }),
    onSuccess: (message) => {
      client.setQueryData(conversationQuery(conversationId).queryKey, (detail) => withMessage(detail, message));
      void client.invalidateQueries({ queryKey: [...MESSAGES_KEY, 'list'] });
    },
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => call(api.markRead, { params: { id: conversationId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: UNREAD_KEY });
      void client.invalidateQueries({ queryKey: [...MESSAGES_KEY, 'list'] });
    },
  });
}

export function useArchive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { conversationId: string; archived: boolean }) =>
      call(api.archive, { params: { id: input.conversationId }, body: { archived: input.archived } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: MESSAGES_KEY });
    },
  });
}

export function useStartConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TStartConversationInput) => call(api.start, { body: input }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...MESSAGES_KEY, 'list'] }),
  });
}
