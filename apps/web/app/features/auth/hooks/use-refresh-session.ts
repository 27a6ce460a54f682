import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { meQueryOptions, type IMe } from '../api/get-me';
import { broadcastAuth, type TAuthMessage } from '../lib/auth-broadcast';

/**
 * After anything that changes who is signed in or what we know about them: refetch /api/me now,
 * tell the other tabs, and hand back the fresh answer.
 */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return useCallback(
    async (message: TAuthMessage['type'] = 'session-changed'): Promise<IMe | null> => {
      await queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey, refetchType: 'none' });
      const me = await queryClient.fetchQuery(meQueryOptions);
      broadcastAuth({ type: message });
      return me;
    },
    [queryClient],
  );
}
