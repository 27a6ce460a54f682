import { useQuery } from '@tanstack/react-query';

/**
 * `read(orderId)`: the buyer's own order (a registration's or a basket's). While the
 * provider's notification has not arrived the order is still pending, so with `pollWhilePending`
 * it is asked again every second, 15 times at most.
 */
export function useOrderQuery<T extends { order: { status: string } }>(
  name: string,
  read: (orderId: string) => Promise<T>,
  orderId: string,
  pollWhilePending = false,
) {
  return useQuery({
    queryKey: ['payments', name, orderId],
    queryFn: () => read(orderId),
    enabled: orderId !== '',
    retry: false,
    refetchInterval: (query) => {
      if (!pollWhilePending) return false;
      const data = query.state.data;
      if (!data || data.order.status !== 'pending') return false;
      return query.state.dataUpdateCount < 15 ? 1000 : false;
    },
  });
}
