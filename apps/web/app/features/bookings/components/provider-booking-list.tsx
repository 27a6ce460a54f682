import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookingContracts as api } from '@sekolo/shared/contracts/bookings';
import { BOOKING_STATUS_LABELS, type TProviderBooking } from '@sekolo/shared/schemas/bookings';
import { formatZar } from '@sekolo/shared/domain/money';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { saDateTime, saTime } from '../lib/sa-time';

/** Every booking from a week ago to eight weeks ahead: the customer, the state, and cancelling (refunded in full). */
export function ProviderBookingList({
  bookingActions,
}: {
  /** More actions on a paid booking (the route adds "Message the customer"). */
  bookingActions?: (booking: TProviderBooking) => ReactNode;
} = {}) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const bookings = useQuery({
    queryKey: ['bookings', 'own', 'list'],
    queryFn: () => call(api.ownBookings, { query: {} }),
  });
  const cancel = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      call(api.cancelOwn, { params: { id }, body: { reason } }),
    onSuccess: () => {
      setProblem(null);
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  if (bookings.isPending) return <LoadingSpinner label="Loading bookings..." />;
  if (bookings.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(bookings.error)}
      </p>
    );
  const items = bookings.data.bookings;
  return (
    <div className="space-y-3">
      {problem ? (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="text-slate-700">No bookings yet. Publish a service and your hours, and share its page.</p>
      ) : (
        <ul className="space-y-2" aria-label="Bookings">
          {items.map((b) => (
            <li key={b.id} className="rounded-xl border border-slate-200 bg-white p-3" data-testid="provider-booking">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold text-slate-900">
                  {saDateTime(b.startsAt)}–{saTime(b.endsAt)} · {b.serviceTitle}
                </p>
                <Badge variant={b.status === 'confirmed' ? 'solid' : 'brand'}>{BOOKING_STATUS_LABELS[b.status]}</Badge>
              </div>
              <p className="text-sm text-slate-700">
                {b.customerName}
                {b.customerEmail ? ` · ${b.customerEmail}` : ''} · {b.reference} · {formatZar(b.priceCents)}
                {b.seatNumber ? ` · seat ${b.seatNumber}` : ''}
                {b.refundedCents > 0 ? ` · refunded ${formatZar(b.refundedCents)}` : ''}
              </p>
              {b.status === 'confirmed' || b.refundedCents > 0 ? (
                <div className="mt-2">{bookingActions?.(b)}</div>
              ) : null}
              {(b.status === 'confirmed' || b.status === 'held') && Date.parse(b.endsAt) > Date.now() ? (
                <Button
                  className="mt-2"
                  size="sm"
                  variant="destructive"
                  disabled={cancel.isPending}
                  onClick={() => {
                    const reason = window.prompt(
                      `Why is ${b.reference} cancelled? ${b.customerName} reads this and is refunded in full.`,
                    );
                    if (reason !== null) cancel.mutate({ id: b.id, reason });
                  }}
                >
                  Cancel and refund
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
