import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TBooking } from '@sekolo/shared/schemas/facilities';
import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { myBookingsQuery, useCancel, usePay } from '../api/facility-queries';
import { FacilityPhoto } from './facility-photo-gallery';
import { whenOf } from './format';

/** "My facility bookings": the signed-in booker's bookings, with pay-now and cancel. */
type TFollow = (redirect: TCheckoutRedirect) => void;

export function MyFacilityBookings({ followRedirect }: { followRedirect: TFollow }) {
  const bookings = useQuery(myBookingsQuery);
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">My facility bookings</h1>
        <p className="text-slate-700">Halls, fields and rooms you booked at schools.</p>
      </header>
      {bookings.isPending ? (
        <p className="text-slate-600">Loading…</p>
      ) : bookings.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(bookings.error)}
        </p>
      ) : bookings.data.length === 0 ? (
        <p className="text-slate-600">You have no facility bookings yet. Find a school’s facilities on its page.</p>
      ) : (
        <ul className="space-y-3" aria-label="Facility bookings">
          {bookings.data.map((booking) => (
            <BookingItem key={booking.id} booking={booking} followRedirect={followRedirect} />
          ))}
        </ul>
      )}
    </div>
  );
}

function BookingItem({ booking, followRedirect }: { booking: TBooking; followRedirect: TFollow }) {
  const pay = usePay();
  const cancel = useCancel();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const act = async (run: () => Promise<void>) => {
    setProblem(null);
    try {
      await run();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <li
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
      aria-label={`Booking ${booking.reference}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-3">
          {booking.facility.photo ? (
            <div className="aspect-[4/3] w-20 shrink-0">
              <FacilityPhoto photo={booking.facility.photo} sizes="80px" />
            </div>
          ) : null}
          <p className="font-semibold text-slate-900">
            {booking.facility.name},{' '}
            <Link className="underline" to={paths.facilities.public(booking.school.slug)}>
              {booking.school.name}
            </Link>
          </p>
        </div>
        <Badge>{booking.statusLabel}</Badge>
      </div>
      <p className="text-sm text-slate-700">
        {whenOf(booking)} · {formatZar(booking.priceCents)} · {booking.reference}
      </p>
      {booking.declineReason ? (
        <p className="text-sm text-slate-700">The school said: {booking.declineReason}</p>
      ) : null}
      {booking.cancelledBy === 'school' ? (
        <p className="text-sm text-slate-700">The school cancelled it: {booking.cancelReason}</p>
      ) : null}
      {booking.refundedCents > 0 ? (
        <p className="text-sm text-slate-700">Refunded {formatZar(booking.refundedCents)}</p>
      ) : null}
      {booking.canPay && booking.holdExpiresAt ? (
        <p className="text-sm text-slate-700">
          Pay {formatZar(booking.payCents)} (with the processing fee) by{' '}
          {new Date(booking.holdExpiresAt).toLocaleString('en-ZA', {
            timeZone: 'Africa/Johannesburg',
            dateStyle: 'long',
            timeStyle: 'short',
          })}
          .
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {booking.canPay ? (
          <Button
            size="sm"
            disabled={pay.isPending}
            onClick={() =>
              void act(async () => {
                const answer = await pay.mutateAsync(booking.id);
                if (answer.checkout) followRedirect(answer.checkout.redirect);
              })
            }
          >
            Pay now
          </Button>
        ) : null}
        {booking.canCancel && !confirming ? (
          <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
            Cancel booking
          </Button>
        ) : null}
        {confirming ? (
          <>
            <span className="self-center text-sm text-slate-700">
              {booking.status === 'paid'
                ? `Cancel and get ${formatZar(booking.priceCents)} back?`
                : 'Cancel this booking?'}
            </span>
            <Button
              size="sm"
              variant="destructive"
              disabled={cancel.isPending}
              onClick={() => void act(async () => void (await cancel.mutateAsync(booking.id)))}
            >
              Yes, cancel
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
