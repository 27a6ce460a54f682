import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import { formatDate } from '@sekolo/shared/domain/sa-calendar';
import type { TBooking, TFacility } from '@sekolo/shared/schemas/facilities';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Textarea } from '~/components/ui/textarea';
import { errorMessage } from '~/lib/server-field-errors';
import {
  schoolBookingsQuery,
  schoolFacilitiesQuery,
  useApprove,
  useBlockDate,
  useDecline,
  useSchoolCancel,
  useUnblockDate,
} from '../api/facility-queries';
import { FacilityCalendar } from './facility-calendar';
import { FacilityForm } from './facility-form';
import { FacilityPhoto } from './facility-photo-gallery';
import { FacilityPhotosEditor } from './facility-photos-editor';
import { weekdayName, whenOf } from './format';

/** The school's Facilities page: its facilities for hire, and the bookings to approve or decline. */
export function SchoolFacilities() {
  const list = useQuery(schoolFacilitiesQuery);
  const bookings = useQuery(schoolBookingsQuery);
  const [editing, setEditing] = useState<TFacility | 'new' | null>(null);
  if (list.isPending) return <p className="text-slate-600">Loading…</p>;
  if (list.isError)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(list.error)}
      </p>
    );
  const { facilities, rooms, publicPath } = list.data;
  const waiting = (bookings.data ?? []).filter((b) => b.status === 'pending_approval');
  const others = (bookings.data ?? []).filter((b) => b.status !== 'pending_approval');
  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">Facilities</h1>
          <p className="text-slate-700">
            Halls, fields and rooms the public can book. Your public page:{' '}
            <Link className="font-semibold text-brand-700 underline" to={publicPath}>
              {publicPath}
            </Link>
          </p>
        </div>
        {editing === null ? <Button onClick={() => setEditing('new')}>Add facility</Button> : null}
      </header>

      {editing !== null ? (
        <section className="rounded-xl border border-slate-200 bg-white p-5" aria-label="Facility form">
          <h2 className="mb-4 text-xl font-semibold text-slate-900">
            {editing === 'new' ? 'New facility' : `Edit ${editing.name}`}
          </h2>
          <FacilityForm facility={editing === 'new' ? null : editing} rooms={rooms} onDone={() => setEditing(null)} />
        </section>
      ) : null}

      <section aria-labelledby="facility-list" className="space-y-3">
        <h2 id="facility-list" className="text-xl font-semibold text-slate-900">
          Your facilities
        </h2>
        {facilities.length === 0 ? (
          <p className="text-slate-600">No facilities yet. Add your hall or sports field to rent it out.</p>
        ) : (
          <ul className="space-y-3" aria-label="Facilities">
            {facilities.map((facility) => (
              <FacilityItem key={facility.id} facility={facility} onEdit={() => setEditing(facility)} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="booking-requests" className="space-y-3">
        <h2 id="booking-requests" className="text-xl font-semibold text-slate-900">
          Waiting for approval
        </h2>
        {bookings.isPending ? (
          <p className="text-slate-600">Loading…</p>
        ) : waiting.length === 0 ? (
          <p className="text-slate-600">No requests are waiting.</p>
        ) : (
          <ul className="space-y-3" aria-label="Booking requests">
            {waiting.map((b) => (
              <BookingRow key={b.id} booking={b} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="booking-calendar" className="space-y-3">
        <h2 id="booking-calendar" className="text-xl font-semibold text-slate-900">
          Calendar
        </h2>
        <FacilityCalendar bookings={bookings.data ?? []} facilities={facilities} />
      </section>

      <section aria-labelledby="all-bookings" className="space-y-3">
        <h2 id="all-bookings" className="text-xl font-semibold text-slate-900">
          Bookings
        </h2>
        {others.length === 0 ? (
          <p className="text-slate-600">No bookings yet.</p>
        ) : (
          <ul className="space-y-3" aria-label="Bookings">
            {others.map((b) => (
              <BookingRow key={b.id} booking={b} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function FacilityItem({ facility, onEdit }: { facility: TFacility; onEdit: () => void }) {
  const id = useId();
  const block = useBlockDate();
  const unblock = useUnblockDate();
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const addBlock = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await block.mutateAsync({ facilityId: facility.id, body: { startsOn, endsOn: endsOn || startsOn, reason } });
      setStartsOn('');
      setEndsOn('');
      setReason('');
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={facility.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-lg font-semibold text-slate-900">
          {facility.name} {facility.active ? null : <Badge>Not taking bookings</Badge>}
        </p>
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${facility.name}`}>
          Edit
        </Button>
      </div>
      <p className="text-sm text-slate-700">
        {facility.kindLabel}
        {facility.capacity ? ` · ${facility.capacity} people` : ''}
        {facility.hourlyRateCents !== null ? ` · ${formatZar(facility.hourlyRateCents)} an hour` : ''}
        {facility.dailyRateCents !== null ? ` · ${formatZar(facility.dailyRateCents)} a day` : ''}
        {facility.requiresApproval ? ' · approval required' : ''}
        {facility.roomName ? ` · timetable room ${facility.roomName}` : ''}
      </p>
      <p className="text-sm text-slate-600">
        {facility.openingHours.map((h) => `${weekdayName(h.day).slice(0, 3)} ${h.opens}–${h.closes}`).join(' · ')}
      </p>
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-brand-700">
          Photos ({facility.photos.length})
        </summary>
        <div className="mt-2">
          <FacilityPhotosEditor facility={facility} />
        </div>
      </details>
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-brand-700">
          Blocked dates ({facility.blockedDates.length})
        </summary>
        <ul className="mt-2 space-y-1 text-sm">
          {facility.blockedDates.map((b) => (
            <li key={b.id} className="flex items-center gap-2">
              <span>
                {formatDate(b.startsOn)}
                {b.endsOn !== b.startsOn ? ` to ${formatDate(b.endsOn)}` : ''}
                {b.reason ? `: ${b.reason}` : ''}
              </span>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void unblock.mutateAsync({ facilityId: facility.id, blockId: b.id })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
        <form
          onSubmit={(e) => void addBlock(e)}
          className="mt-2 grid gap-2 sm:grid-cols-4"
          aria-label={`Block dates of ${facility.name}`}
        >
          <FormField id={`${id}-from`} label="From">
            <Input type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
          </FormField>
          <FormField id={`${id}-to`} label="To" optional>
            <Input type="date" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />
          </FormField>
          <FormField id={`${id}-reason`} label="Reason" optional>
            <Input value={reason} onChange={(e) => setReason(e.target.value)} />
          </FormField>
          <Button type="submit" className="self-end" disabled={block.isPending}>
            Block
          </Button>
        </form>
        {problem ? (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        ) : null}
      </details>
    </li>
  );
}

function BookingRow({ booking }: { booking: TBooking }) {
  const id = useId();
  const approve = useApprove();
  const decline = useDecline();
  const cancel = useSchoolCancel();
  const [declining, setDeclining] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const act = async (run: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await run();
      setDeclining(false);
      setCancelling(false);
      setReason('');
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
            {booking.facility.name}: {whenOf(booking)}
          </p>
        </div>
        <Badge>{booking.statusLabel}</Badge>
      </div>
      <p className="text-sm text-slate-700">
        {booking.booker ? `${booking.booker.name} (${booking.booker.email})` : ''} · {formatZar(booking.priceCents)} ·{' '}
        {booking.reference}
        {booking.purpose ? ` · ${booking.purpose}` : ''}
        {booking.attendees ? ` · ${booking.attendees} people` : ''}
      </p>
      {booking.declineReason ? <p className="text-sm text-slate-700">Declined: {booking.declineReason}</p> : null}
      {booking.cancelledBy === 'school' ? (
        <p className="text-sm text-slate-700">
          Cancelled by the school: {booking.cancelReason}
          {booking.refundedCents > 0 ? ` · ${formatZar(booking.refundedCents)} refunded` : ''}
        </p>
      ) : booking.cancelledBy === 'booker' ? (
        <p className="text-sm text-slate-700">
          Cancelled by the booker{booking.refundedCents > 0 ? ` · ${formatZar(booking.refundedCents)} refunded` : ''}
        </p>
      ) : null}
      {booking.schoolCanCancel ? (
        cancelling ? (
          <form
            className="space-y-2"
            onSubmit={(e) => {
              e.preventDefault();
              void act(() => cancel.mutateAsync({ bookingId: booking.id, reason }));
            }}
          >
            <FormField
              id={`${id}-cancel-reason`}
              label="Why is the school cancelling? The booker is told."
              hint={
                booking.status === 'paid'
                  ? `${formatZar(booking.priceCents - booking.refundedCents)} and its processing fee are refunded to the booker.`
                  : undefined
              }
            >
              <Textarea rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
            </FormField>
            <div className="flex gap-2">
              <Button size="sm" variant="destructive" type="submit" disabled={cancel.isPending}>
                {booking.status === 'paid' ? 'Cancel and refund' : 'Cancel booking'}
              </Button>
              <Button size="sm" variant="ghost" type="button" onClick={() => setCancelling(false)}>
                Back
              </Button>
            </div>
          </form>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => setCancelling(true)}>
            {booking.status === 'paid' ? 'Cancel and refund' : 'Cancel booking'}
          </Button>
        )
      ) : null}
      {booking.status === 'pending_approval' ? (
        declining ? (
          <form
            className="space-y-2"
            onSubmit={(e) => {
              e.preventDefault();
              void act(() => decline.mutateAsync({ bookingId: booking.id, reason }));
            }}
          >
            <FormField id={`${id}-reason`} label="Why can’t the school accept it?">
              <Textarea rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
            </FormField>
            <div className="flex gap-2">
              <Button size="sm" variant="destructive" type="submit" disabled={decline.isPending}>
                Decline booking
              </Button>
              <Button size="sm" variant="ghost" type="button" onClick={() => setDeclining(false)}>
                Back
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex gap-2">
            <Button
              size="sm"
              disabled={approve.isPending}
              onClick={() => void act(() => approve.mutateAsync(booking.id))}
            >
              Approve
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDeclining(true)}>
              Decline
            </Button>
          </div>
        )
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
