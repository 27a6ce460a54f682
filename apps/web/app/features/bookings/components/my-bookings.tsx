import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookingContracts as api } from '@sekolo/shared/contracts/bookings';
import { BOOKING_STATUS_LABELS, type TMyBooking } from '@sekolo/shared/schemas/bookings';
import { formatZar } from '@sekolo/shared/domain/money';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call, urlOf } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';
import { saDateTime, saDay, saTime } from '../lib/sa-time';

/** Another free time of the same service, to move a paid one-to-one booking to. */
function Reschedule({ booking, onDone }: { booking: TMyBooking; onDone: (problem: string | null) => void }) {
  const [startsAt, setStartsAt] = useState('');
  const slots = useQuery({
    queryKey: ['bookings', 'slots', booking.serviceId],
    queryFn: () => call(api.slots, { params: { id: booking.serviceId }, query: { days: 14 } }),
  });
  const move = useMutation({
    mutationFn: () => call(api.reschedule, { params: { id: booking.id }, body: { startsAt } }),
    onSuccess: () => onDone(null),
    onError: (error) => onDone(errorMessage(error)),
  });
  if (slots.isPending) return <LoadingSpinner label="Loading free times..." />;
  if (slots.isError) return <p className="text-sm text-red-800">{errorMessage(slots.error)}</p>;
  const id = `reschedule-${booking.id}`;
  return (
    <div className="mt-2 flex flex-wrap items-end gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        New time (SAST)
        <select
          id={id}
          className="mt-1 block h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm"
          value={startsAt}
          onChange={(e) => setStartsAt(e.target.value)}
        >
          <option value="">Choose…</option>
          {slots.data.slots.map((s) => (
            <option key={s.startsAt} value={s.startsAt}>
              {saDay(s.startsAt)}, {saTime(s.startsAt)}
            </option>
          ))}
        </select>
      </label>
      <Button size="sm" disabled={!startsAt || move.isPending} onClick={() => move.mutate()}>
        Move booking
      </Button>
    </div>
  );
}

/**
 * The signed-in person's bookings: when (South African time), with whom, its state; once paid, the
 * joining link of an online session and the calendar file; cancel (refunded in full) or reschedule
 * up to the provider's notice period before the start.
 */
export function MyBookings({
  bookingActions,
}: {
  /** More actions on a paid booking (the route adds "Message the provider"). */
  bookingActions?: (booking: TMyBooking) => ReactNode;
} = {}) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const bookings = useQuery({ queryKey: ['bookings', 'mine'], queryFn: () => call(api.mine) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['bookings'] });
  const cancel = useMutation({
    mutationFn: (id: string) => call(api.cancelMine, { params: { id }, body: { reason: '' } }),
    onSuccess: () => {
      setProblem(null);
      void refresh();
    },
    onError: (error) => setProblem(errorMessage(error)),
  });

  if (bookings.isPending) return <LoadingSpinner label="Loading your bookings..." />;
  if (bookings.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(bookings.error)}
      </p>
    );
  const items = bookings.data.bookings;
  if (items.length === 0)
    return (
      <p className="text-slate-700">
        <span className="block font-medium text-slate-900">You have no bookings yet</span>
        <Link to={`${paths.marketplace}#services`} className="font-semibold text-brand-700 underline">
          Find a tutor or service
        </Link>
      </p>
    );
  return (
    <div className="space-y-3">
      {problem ? (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      <ul className="space-y-3" aria-label="My bookings">
        {items.map((b) => (
          <li key={b.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="my-booking">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-slate-900">
                <Link to={paths.bookingService(b.serviceId)} className="underline">
                  {b.serviceTitle}
                </Link>{' '}
                with {b.providerName}
              </p>
              <Badge variant={b.status === 'confirmed' ? 'solid' : 'brand'}>{BOOKING_STATUS_LABELS[b.status]}</Badge>
            </div>
            <p className="mt-1 text-sm text-slate-700">
              {saDateTime(b.startsAt)} to {saTime(b.endsAt)} (SAST) · {b.reference} · {formatZar(b.priceCents)}
              {b.seatNumber ? ` · seat ${b.seatNumber}` : ''}
              {b.online ? ' · online' : b.location ? ` · ${b.location}` : ''}
            </p>
            {b.refundedCents > 0 ? (
              <p className="mt-1 text-sm text-slate-700">Refunded {formatZar(b.refundedCents)} and its fee.</p>
            ) : null}
            <div className="mt-3 flex flex-wrap gap-2">
              {b.joinUrl ? (
                <a
                  href={b.joinUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex h-9 items-center rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white"
                >
                  Join the session
                </a>
              ) : null}
              {b.status === 'confirmed' ? (
                <a
                  href={urlOf(api.calendar, { params: { id: b.id } })}
                  className="inline-flex h-9 items-center rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-900"
                  download
                >
                  Add to calendar (.ics)
                </a>
              ) : null}
              {b.status === 'confirmed' || b.refundedCents > 0 ? bookingActions?.(b) : null}
              {b.rescheduleable ? (
                <Button size="sm" variant="secondary" onClick={() => setMoving(moving === b.id ? null : b.id)}>
                  Reschedule
                </Button>
              ) : null}
              {b.changeUntil ? (
                <Button
                  size="sm"
                  variant="destructive"
                  disabled={cancel.isPending}
                  onClick={() => {
                    if (
                      window.confirm(
                        `Cancel ${b.serviceTitle} on ${saDateTime(b.startsAt)}? A paid booking is refunded in full.`,
                      )
                    )
                      cancel.mutate(b.id);
                  }}
                >
                  Cancel booking
                </Button>
              ) : null}
            </div>
            {b.changeUntil ? (
              <p className="mt-2 text-xs text-slate-600">You can change or cancel until {saDateTime(b.changeUntil)}.</p>
            ) : null}
            {moving === b.id ? (
              <Reschedule
                booking={b}
                onDone={(failure) => {
                  setProblem(failure);
                  if (!failure) setMoving(null);
                  void refresh();
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
