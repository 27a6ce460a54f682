import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { bookingContracts as api } from '@sekolo/shared/contracts/bookings';
import { BOOKING_STATUS_LABELS, type TProviderBooking } from '@sekolo/shared/schemas/bookings';
import { addDays, dayOfWeek, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { saDateKey, saTime } from '../lib/sa-time';

const dayHeading = (date: string) =>
  new Intl.DateTimeFormat('en-ZA', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(
    new Date(`${date}T00:00:00Z`),
  );

function Entry({ booking }: { booking: TProviderBooking }) {
  const cancelled = booking.status === 'cancelled';
  return (
    <li
      className={`rounded-lg border p-2 text-sm ${cancelled ? 'border-slate-200 bg-slate-50 text-slate-500 line-through' : 'border-brand-200 bg-brand-50 text-slate-900'}`}
      data-testid="calendar-booking"
    >
      <span className="font-semibold">
        {saTime(booking.startsAt)}–{saTime(booking.endsAt)}
      </span>{' '}
      {booking.serviceTitle}
      <span className="block">
        {booking.customerName}
        {booking.seatNumber ? ` (seat ${booking.seatNumber})` : ''} · {BOOKING_STATUS_LABELS[booking.status]}
      </span>
    </li>
  );
}

/** The provider's calendar: a day or a week (Monday to Sunday) of bookings, South African time. */
export function ProviderCalendar() {
  const [view, setView] = useState<'day' | 'week'>('week');
  const [anchor, setAnchor] = useState(todayInSouthAfrica());
  const start = view === 'day' ? anchor : addDays(anchor, -((dayOfWeek(anchor) + 6) % 7));
  const days = view === 'day' ? [start] : Array.from({ length: 7 }, (_, i) => addDays(start, i));
  const end = days[days.length - 1]!;
  const bookings = useQuery({
    queryKey: ['bookings', 'own', start, end],
    queryFn: () => call(api.ownBookings, { query: { from: start, to: end } }),
  });
  const step = view === 'day' ? 1 : 7;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Calendar view" className="flex gap-1">
          <Button
            size="sm"
            variant={view === 'day' ? 'primary' : 'secondary'}
            aria-pressed={view === 'day'}
            onClick={() => setView('day')}
          >
            Day
          </Button>
          <Button
            size="sm"
            variant={view === 'week' ? 'primary' : 'secondary'}
            aria-pressed={view === 'week'}
            onClick={() => setView('week')}
          >
            Week
          </Button>
        </div>
        <Button size="sm" variant="secondary" onClick={() => setAnchor(addDays(anchor, -step))}>
          Previous
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setAnchor(todayInSouthAfrica())}>
          Today
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setAnchor(addDays(anchor, step))}>
          Next
        </Button>
        <p className="text-sm font-medium text-slate-700" aria-live="polite">
          {view === 'day' ? dayHeading(start) : `${dayHeading(start)} – ${dayHeading(end)}`}
        </p>
      </div>
      {bookings.isPending ? (
        <LoadingSpinner label="Loading bookings..." />
      ) : bookings.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(bookings.error)}
        </p>
      ) : (
        <div className={view === 'day' ? '' : 'grid gap-3 md:grid-cols-7'}>
          {days.map((date) => {
            const items = bookings.data.bookings.filter((b) => saDateKey(b.startsAt) === date);
            return (
              <section key={date} aria-label={dayHeading(date)} className="min-w-0 space-y-2">
                <h3
                  className={`text-sm font-semibold ${date === todayInSouthAfrica() ? 'text-brand-700' : 'text-slate-900'}`}
                >
                  {dayHeading(date)}
                </h3>
                {items.length === 0 ? (
                  <p className="text-xs text-slate-500">No bookings</p>
                ) : (
                  <ul className="space-y-2">
                    {items.map((b) => (
                      <Entry key={b.id} booking={b} />
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
