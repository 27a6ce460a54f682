import { useQuery } from '@tanstack/react-query';
import { bookingContracts as api } from '@sekolo/shared/contracts/bookings';
import { BOOKING_STATUS_LABELS, type TProviderBooking } from '@sekolo/shared/schemas/bookings';
import { CalendarControls, CalendarDays, useCalendarRange } from '~/components/calendar/day-week-calendar';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { saDateKey, saTime } from '../lib/sa-time';

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
  const range = useCalendarRange();
  const { start, end } = range;
  const bookings = useQuery({
    queryKey: ['bookings', 'own', start, end],
    queryFn: () => call(api.ownBookings, { query: { from: start, to: end } }),
  });
  return (
    <div className="space-y-4">
      <CalendarControls range={range} />
      {bookings.isPending ? (
        <LoadingSpinner label="Loading bookings..." />
      ) : bookings.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(bookings.error)}
        </p>
      ) : (
        <CalendarDays
          range={range}
          entriesOf={(date) =>
            bookings.data.bookings
              .filter((b) => saDateKey(b.startsAt) === date)
              .map((b) => <Entry key={b.id} booking={b} />)
          }
        />
      )}
    </div>
  );
}
