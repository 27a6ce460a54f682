import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TLowStockItem, TShopOrder, TShopOrderStatus } from '@sekolo/shared/schemas/school-shop';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { errorMessage } from '~/lib/server-field-errors';
import {
  shopOrdersQuery,
  shopOverviewQuery,
  useCancelOrder,
  useMarkReady,
  useRecordCollection,
  useStartPacking,
} from '../api/school-shop-queries';
import { dateTimeOf } from '../lib/rand';
import { OrderLines } from './order-lines';
import { ProductList } from './product-list';

/** The board's columns: what the shop does next with each order. */
const BOARD: { label: string; statuses: TShopOrderStatus[] }[] = [
  { label: 'To pack', statuses: ['paid', 'on_account'] },
  { label: 'Packing', statuses: ['packing'] },
  { label: 'Ready for collection', statuses: ['ready'] },
  { label: 'Collected', statuses: ['collected'] },
  { label: 'Awaiting payment', statuses: ['awaiting_payment'] },
  { label: 'Cancelled', statuses: ['cancelled', 'expired'] },
];

/** The shop manager's Shop page: low stock, the orders board, and the products with their stock. */
export function SchoolShop() {
  const overview = useQuery(shopOverviewQuery);
  return (
    <div className="space-y-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">School shop</h1>
        <p className="text-slate-700">
          Uniform and stationery parents order for their children: pack the orders, mark them ready for collection,
          and keep the stock up to date.
        </p>
      </header>
      {overview.isPending ? (
        <p className="text-slate-600">Loading…</p>
      ) : overview.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(overview.error)}
        </p>
      ) : (
        <LowStock items={overview.data.lowStock} />
      )}
      <OrdersBoard />
      {overview.data ? <ProductList products={overview.data.products} /> : null}
    </div>
  );
}

function LowStock({ items }: { items: TLowStockItem[] }) {
  return (
    <section aria-labelledby="low-stock" className="space-y-3">
      <h2 id="low-stock" className="text-xl font-semibold text-slate-900">
        Low stock
      </h2>
      {items.length === 0 ? (
        <p className="text-slate-600">Everything is above its low-stock level.</p>
      ) : (
        <ul className="space-y-2" aria-label="Low stock">
          {items.map((item) => (
            <li
              key={item.variantId}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3"
            >
              <span className="font-semibold text-slate-900">
                {item.productName} ({item.label})
              </span>
              <span className="text-sm text-slate-800">
                {item.stock === 0 ? 'Sold out' : `${item.stock} left`} · low-stock level {item.lowStockThreshold}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OrdersBoard() {
  const orders = useQuery(shopOrdersQuery);
  const [column, setColumn] = useState(0);
  const all = orders.data ?? [];
  const shown = all.filter((o) => BOARD[column]!.statuses.includes(o.status));
  return (
    <section aria-labelledby="shop-orders" className="space-y-3">
      <h2 id="shop-orders" className="text-xl font-semibold text-slate-900">
        Orders
      </h2>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Orders by status">
        {BOARD.map((c, i) => (
          <Button
            key={c.label}
            size="sm"
            variant={i === column ? 'primary' : 'secondary'}
            aria-pressed={i === column}
            onClick={() => setColumn(i)}
          >
            {c.label} ({all.filter((o) => c.statuses.includes(o.status)).length})
          </Button>
        ))}
      </div>
      {orders.isPending ? (
        <p className="text-slate-600">Loading…</p>
      ) : orders.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(orders.error)}
        </p>
      ) : shown.length === 0 ? (
        <p className="text-slate-600">No orders here.</p>
      ) : (
        <ul className="space-y-3" aria-label={BOARD[column]!.label}>
          {shown.map((order) => (
            <BoardOrder key={order.id} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BoardOrder({ order }: { order: TShopOrder }) {
  const id = useId();
  const pack = useStartPacking();
  const ready = useMarkReady();
  const collect = useRecordCollection();
  const cancel = useCancelOrder();
  const [collectedBy, setCollectedBy] = useState('');
  const [collecting, setCollecting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const act = async (run: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await run();
      return true;
    } catch (error) {
      setProblem(errorMessage(error));
      return false;
    }
  };
  const busy = pack.isPending || ready.isPending || collect.isPending || cancel.isPending;
  const open = ['paid', 'on_account', 'packing', 'ready', 'awaiting_payment'].includes(order.status);
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-4" aria-label={`Order ${order.reference}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {order.reference} · {order.learner.name} (Grade {order.learner.grade === 0 ? 'R' : order.learner.grade})
        </p>
        <Badge>{order.statusLabel}</Badge>
      </div>
      <OrderLines order={order} />
      <p className="text-sm text-slate-700">
        Ordered by {order.orderedBy}, {dateTimeOf(order.createdAt)} ·{' '}
        {order.payment === 'account' ? `On account (invoice ${order.invoiceNumber ?? '—'})` : 'Paid online'}
      </p>
      {order.collectedAt ? (
        <p className="text-sm text-slate-700">
          Collected by {order.collectedBy}, {dateTimeOf(order.collectedAt)}
        </p>
      ) : null}
      {order.cancelReason ? <p className="text-sm text-slate-700">Cancelled: {order.cancelReason}</p> : null}
      <div className="flex flex-wrap gap-2">
        {order.status === 'paid' || order.status === 'on_account' ? (
          <Button size="sm" disabled={busy} onClick={() => void act(() => pack.mutateAsync(order.id))}>
            Start packing
          </Button>
        ) : null}
        {['paid', 'on_account', 'packing'].includes(order.status) ? (
          <Button
            size="sm"
            variant={order.status === 'packing' ? 'primary' : 'secondary'}
            disabled={busy}
            onClick={() => void act(() => ready.mutateAsync(order.id))}
          >
            Mark ready for collection
          </Button>
        ) : null}
        {order.status === 'ready' && !collecting ? (
          <Button size="sm" onClick={() => setCollecting(true)}>
            Record collection
          </Button>
        ) : null}
        {open && !cancelling ? (
          <Button size="sm" variant="ghost" onClick={() => setCancelling(true)}>
            Cancel order
          </Button>
        ) : null}
      </div>
      {collecting ? (
        <form
          className="flex flex-wrap items-end gap-2"
          aria-label={`Collection of ${order.reference}`}
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => collect.mutateAsync({ orderId: order.id, collectedBy })).then(
              (ok) => ok && setCollecting(false),
            );
          }}
        >
          <FormField id={`${id}-by`} label="Collected by" className="min-w-48 flex-1">
            <Input
              value={collectedBy}
              onChange={(e) => setCollectedBy(e.target.value)}
              placeholder={`${order.learner.name} or a parent`}
              maxLength={120}
            />
          </FormField>
          <Button type="submit" size="sm" disabled={busy}>
            Record collection
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setCollecting(false)}>
            Back
          </Button>
        </form>
      ) : null}
      {cancelling ? (
        <form
          className="flex flex-wrap items-end gap-2"
          aria-label={`Cancel ${order.reference}`}
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => cancel.mutateAsync({ orderId: order.id, reason })).then((ok) => ok && setCancelling(false));
          }}
        >
          <FormField
            id={`${id}-reason`}
            label="Reason for cancelling"
            hint={
              order.payment === 'account'
                ? 'The items go back into stock and the charge comes off the family account.'
                : order.status === 'awaiting_payment'
                  ? 'The items go back into stock.'
                  : `The items go back into stock and ${formatZar(order.payCents)} is refunded.`
            }
            className="min-w-64 flex-1"
          >
            <Input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} />
          </FormField>
          <Button type="submit" size="sm" variant="destructive" disabled={busy}>
            Cancel order
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setCancelling(false)}>
            Keep it
          </Button>
        </form>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
