import type { TMarketplaceOrder } from '@sekolo/shared/schemas/marketplace-orders';

const WHEN = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Johannesburg',
});

/** Each state the order reached and when, oldest first. */
export function OrderHistory({ order }: { order: TMarketplaceOrder }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-slate-700">History of {order.reference}</summary>
      <ol className="mt-2 space-y-1 border-l-2 border-slate-200 pl-3">
        {order.history.map((event) => (
          <li key={`${event.status}-${event.at}`}>
            <span className="font-medium text-slate-900">{event.label}</span>{' '}
            <time dateTime={event.at} className="text-slate-600">
              {WHEN.format(new Date(event.at))}
            </time>
            {event.note ? <span className="block text-slate-700">{event.note}</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
