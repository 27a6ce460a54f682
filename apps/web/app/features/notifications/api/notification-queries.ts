import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationContracts as api } from '@sekolo/shared/contracts/communication';
import type { TNotificationPreference } from '@sekolo/shared/schemas/communication';
import { NOTIFICATION_POLL_MS } from '@sekolo/shared/constants/notifications';
import { call } from '~/lib/api-client';

/** The signed-in user's notification centre (/api/notifications). */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

/**
 * The bell's count: asked again when a notification arrives on the user's event stream, when the
 * window regains focus, on each navigation (the bell invalidates it), and every
 * NOTIFICATION_POLL_MS while the page is open (should the stream be blocked on the way).
 */
export const unreadCountQuery = queryOptions({
  queryKey: [...NOTIFICATIONS_KEY, 'unread-count'],
  queryFn: () => call(api.unreadCount).then((a) => a.unreadCount),
  refetchOnWindowFocus: true,
  refetchInterval: NOTIFICATION_POLL_MS,
  staleTime: 5_000,
});

export const notificationsQuery = (limit = 20, before?: string) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'list', limit, before ?? null],
    queryFn: () => call(api.list, { query: { limit, before } }),
    refetchOnWindowFocus: true,
  });

export const preferencesQuery = queryOptions({
  queryKey: [...NOTIFICATIONS_KEY, 'preferences'],
  queryFn: () => call(api.preferences),
});

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) => call(api.markRead, { params: { notificationId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.markAllRead),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preferences: TNotificationPreference[]) => call(api.savePreferences, { body: { preferences } }),
    onSuccess: (answer) => client.setQueryData(preferencesQuery.queryKey, answer),
  });
}
