import { formatZar } from '@sekolo/shared/domain/money';
import type { TGuardianShopView } from '@sekolo/shared/schemas/entrepreneurs';
import { dateFormat } from './shop-money';

/** The shop's latest paid orders, read-only, for the guardian. */
export function RecentOrders({ orders }: { orders: TGuardianShopView['recentOrders'] }) {
  if (orders.length === 0) return <p className="text-sm text-slate-600">No paid orders yet.</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Latest paid orders</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-2">
              Order
            </th>
            <th scope="col" className="px-4 py-2">
              Paid
            </th>
            <th scope="col" className="px-4 py-2">
              Status
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.reference} className="border-t border-slate-100">
              <td className="px-4 py-2 font-mono text-xs">{o.reference}</td>
              <td className="px-4 py-2">{o.paidAt ? dateFormat.format(new Date(o.paidAt)) : '—'}</td>
              <td className="px-4 py-2 capitalize">{o.status.replace(/_/g, ' ')}</td>
              <td className="px-4 py-2 text-right">{formatZar(o.subtotalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
