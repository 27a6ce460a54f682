import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatZar } from '@sekolo/shared/domain/money';
import { marketplaceContracts as mp } from '@sekolo/shared/contracts/marketplace';
import { Badge } from '~/components/ui/badge';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';
import { OrderHistory } from './order-history';
import { OrderReview } from './order-review';

/** The customer's marketplace orders, one per seller, each with its state and history. */
export function BuyerOrders({
  orderActions,
}: {
  /** More actions on each order, given by the page (e.g. messaging about it). */
  orderActions?: (order: { id: string; reference: string }) => ReactNode;
}) {
  const orders = useQuery({ queryKey: ['marketplace', 'my-orders'], queryFn: () => call(mp.buyerOrders) });
  return (
    <div className="space-y-4">
      {orders.isPending ? (
        <LoadingSpinner label="Loading your orders..." />
      ) : orders.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(orders.error)}
        </p>
      ) : orders.data.items.length === 0 ? (
        <p className="text-slate-700">
          <span className="block font-medium text-slate-900">You have no orders yet</span>
          <Link to={paths.marketplace} className="font-semibold text-brand-700 underline">
            Visit the marketplace
          </Link>
        </p>
      ) : (
        <ul className="space-y-3" aria-label="My orders">
          {orders.data.items.map((order) => (
            <li key={order.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="buyer-order">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold text-slate-900">
                  {order.reference} from{' '}
                  <Link to={paths.marketplaceSeller(order.seller.slug)} className="underline">
                    {order.seller.name}
                  </Link>
                </p>
                <Badge variant={order.status === 'completed' ? 'solid' : 'brand'}>{order.statusLabel}</Badge>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {order.lines.map((line) => `${line.quantity} × ${line.title}`).join(', ')} ·{' '}
                {formatZar(order.subtotalCents + order.processingFeeCents)}
              </p>
              <div className="mt-3">{orderActions?.(order)}</div>
              <OrderHistory order={order} />
              <OrderReview order={order} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
