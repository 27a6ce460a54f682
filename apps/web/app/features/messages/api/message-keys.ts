import type { messageContracts } from '@sekolo/shared/contracts/messages';
import { contractRef } from '@sekolo/shared/contracts/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

/** The messages queries' keys; the top bar's unread count needs no schemas (it is in every dashboard). */
export const MESSAGES_KEY = ['messages'] as const;
export const UNREAD_KEY = [...MESSAGES_KEY, 'unread'] as const;

const unread = contractRef<typeof messageContracts.unread>('GET', '/api/messages/unread');

export const unreadQuery = queryOptions({
  queryKey: UNREAD_KEY,
  queryFn: () => call(unread),
  staleTime: 60_000,
});
