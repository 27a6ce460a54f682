import { formatZar } from '@sekolo/shared/domain/money';
import type { TShopOrder } from '@sekolo/shared/schemas/school-shop';

/** An order's items and total, as the parent and the shop read them. */
export function OrderLines({ order }: { order: TShopOrder }) {
  return (
    <div className="text-sm text-slate-800">
      <ul aria-label={`Items of ${order.reference}`}>
        {order.lines.map((line) => (
          <li key={`${line.productName}-${line.variantLabel}`}>
            {line.productName} ({line.variantLabel}) × {line.quantity} · {formatZar(line.amountCents)}
          </li>
        ))}
      </ul>
      <p className="font-semibold">Total {formatZar(order.totalCents)}</p>
    </div>
  );
}
