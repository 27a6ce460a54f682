import type { ReactNode } from 'react';
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import { marketplaceContracts as mp } from '@sekolo/shared/contracts/marketplace';
import { SELLER_ACTION_LABELS, type TMarketplaceOrder } from '@sekolo/shared/schemas/marketplace-orders';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { OrderHistory } from './order-history';

const PAGE_SIZE = 20;

/**
 * The business dashboard's Orders: each order of the seller's (paid onwards), its lines and what
 * the seller receives after commission, and the next steps: accept, mark ready or shipped, mark
 * completed, or cancel with a refund to the buyer (who is told each step).
 */
export function SellerOrders({
  orderActions,
}: {
  /** More actions on each order, given by the page (e.g. messaging about it). */
  orderActions?: (order: { id: string; reference: string }) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const orders = useQuery({
    queryKey: ['marketplace', 'seller-orders', page],
    queryFn: () => call(mp.sellerOrders, { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['marketplace', 'seller-orders'] });
  const advance = useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'accepted' | 'ready' | 'shipped' | 'completed' }) =>
      call(mp.sellerAdvance, { params: { id }, body: { status } }),
    onSuccess: () => {
      setProblem(null);
      void refresh();
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const cancel = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      call(mp.sellerCancel, { params: { id }, body: { reason } }),
    onSuccess: () => {
      setProblem(null);
      void refresh();
    },
    onError: (error) => setProblem(errorMessage(error)),
  });

  if (orders.isPending) return <LoadingSpinner label="Loading your orders..." />;
  if (orders.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(orders.error)}
      </p>
    );
  const { items, total } = orders.data;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const act = (order: TMarketplaceOrder, status: TMarketplaceOrder['nextStatuses'][number]) => {
    if (status === 'cancelled') {
      const reason = window.prompt(`Why is order ${order.reference} cancelled? The customer reads this.`);
      if (reason && reason.trim().length >= 3) cancel.mutate({ id: order.id, reason: reason.trim() });
      return;
    }
    if (status === 'accepted' || status === 'ready' || status === 'shipped' || status === 'completed')
      advance.mutate({ id: order.id, status });
  };
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Orders</h1>
      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      {total === 0 ? (
        <p className="text-slate-700">No orders yet. Orders appear here once a customer has paid.</p>
      ) : (
        <ul className="space-y-4" aria-label="Orders">
          {items.map((order) => (
            <li key={order.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="seller-order">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="font-semibold text-slate-900">
                  Order {order.reference} <span className="font-normal text-slate-600">from {order.buyerName}</span>
                </h2>
                <Badge
                  variant={order.status === 'completed' ? 'solid' : order.status === 'cancelled' ? 'neutral' : 'brand'}
                >
                  {order.statusLabel}
                </Badge>
              </div>
              <ul className="mt-2 text-sm text-slate-700">
                {order.lines.map((line) => (
                  <li key={`${line.listingId}-${line.variantLabel}`}>
                    {line.quantity} × {line.title} at {formatZar(line.unitPriceCents)}
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-sm text-slate-700">
                Sales {formatZar(order.subtotalCents)} · commission {formatZar(order.commissionCents)} · you receive{' '}
                <strong>{formatZar(order.sellerReceivesCents)}</strong>
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                {order.nextStatuses.map((status) => (
                  <Button
                    key={status}
                    size="sm"
                    variant={status === 'cancelled' ? 'secondary' : 'primary'}
                    disabled={advance.isPending || cancel.isPending}
                    onClick={() => act(order, status)}
                  >
                    {SELLER_ACTION_LABELS[status]}
                    <span className="sr-only"> ({order.reference})</span>
                  </Button>
                ))}
                {orderActions?.(order)}
              </div>
              <OrderHistory order={order} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
