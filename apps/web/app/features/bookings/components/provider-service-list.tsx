import { Link } from 'react-router';
import type { TPublicService } from '@sekolo/shared/schemas/bookings';
import { formatZar } from '@sekolo/shared/domain/money';
import { paths } from '~/config/paths';

/** A provider's bookable services on their seller page, each linking to its booking page. */
export function ProviderServiceList({ services }: { services: readonly TPublicService[] }) {
  return (
    <section aria-labelledby="seller-services-title">
      <h2 id="seller-services-title" className="mb-4 text-2xl font-bold text-slate-900">
        Book a lesson or service
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2" aria-label="Bookable services">
        {services.map((s) => (
          <li key={s.id} className="rounded-xl border border-slate-200 bg-white p-4">
            <Link to={paths.bookingService(s.id)} className="text-lg font-semibold text-brand-700 underline">
              {s.title}
            </Link>
            <p className="text-sm text-slate-700">
              {s.durationMinutes} min · {s.online ? 'online' : s.location || 'in person'}
              {s.kind === 'group' && s.seatLimit ? ` · group of up to ${s.seatLimit}` : ''} · {formatZar(s.priceCents)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
