import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TManagedEvent } from '@sekolo/shared/schemas/events';
import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { attendeesCsvUrl, attendeesQuery, schoolEventsQuery } from '../api/event-queries';
import { timeOfDay, whenOf } from '../lib/format';
import { EventForm } from './event-form';
import { EventsCalendar, type TBuyerView } from './events-calendar';

/**
 * The school's events (manage_events): each with its status, audience, ticket sales and attendance;
 * create and edit them with their ticket types; the attendee list (and its CSV); the door's check-in.
 */
export function SchoolEvents({
  followRedirect,
  buyer,
}: {
  followRedirect: (redirect: TCheckoutRedirect) => void;
  buyer: TBuyerView;
}) {
  const events = useQuery(schoolEventsQuery);
  const [editing, setEditing] = useState<TManagedEvent | 'new' | null>(null);
  const [tab, setTab] = useState<'manage' | 'calendar'>('manage');
  const [attendeesOf, setAttendeesOf] = useState<string | null>(null);

  if (tab === 'calendar')
    return (
      <div className="space-y-4">
        <Button variant="secondary" size="sm" onClick={() => setTab('manage')}>
          Back to managing events
        </Button>
        <EventsCalendar followRedirect={followRedirect} buyer={buyer} heading="Calendar of events" />
      </div>
    );

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">Events</h1>
          <p className="text-slate-700">Your school’s events, their tickets and who came.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setTab('calendar')}>
            Calendar
          </Button>
          {editing ? null : <Button onClick={() => setEditing('new')}>New event</Button>}
        </div>
      </header>
      {editing ? (
        <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="event-form-heading">
          <h2 id="event-form-heading" className="mb-3 text-xl font-semibold text-slate-900">
            {editing === 'new' ? 'New event' : `Edit ${editing.title}`}
          </h2>
          <EventForm event={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        </section>
      ) : null}
      {events.isPending ? (
        <p className="text-slate-600">Loading…</p>
      ) : events.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(events.error)}
        </p>
      ) : events.data.length === 0 ? (
        <p className="text-slate-600">
          No events yet. Create your first one: a concert, a sports day or a parents’ evening.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="School events">
          {events.data.map((event) => (
            <li
              key={event.id}
              className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
              aria-label={event.title}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-lg font-semibold text-slate-900">{event.title}</h2>
                <Badge variant={event.status === 'published' ? 'brand' : 'neutral'}>{event.statusLabel}</Badge>
              </div>
              <p className="text-sm text-slate-700">
                {whenOf(event)} · {event.place} · {event.audienceLabel}
                {event.audience === 'grades' ? ` (Grade ${event.grades.join(', ')})` : ''}
              </p>
              <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-slate-600">Tickets issued</dt>
                  <dd className="font-semibold text-slate-900">
                    {event.sold} of {event.capacity}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">Checked in</dt>
                  <dd className="font-semibold text-slate-900">{event.checkedIn}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Ticket sales</dt>
                  <dd className="font-semibold text-slate-900">{formatZar(event.revenueCents)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">School receives</dt>
                  <dd className="font-semibold text-slate-900">{formatZar(event.schoolReceivesCents)}</dd>
                </div>
              </dl>
              <p className="text-sm text-slate-700">
                {event.ticketTypes
                  .map(
                    (t) =>
                      `${t.name}: ${t.priceCents ? formatZar(t.priceCents) : 'free'}, ${t.sold} issued${t.limit ? ` of ${t.limit}` : ''}`,
                  )
                  .join(' · ')}
              </p>
              <div className="flex flex-wrap gap-2">
                {event.status !== 'cancelled' ? (
                  <Button size="sm" variant="secondary" onClick={() => setEditing(event)}>
                    Edit
                  </Button>
                ) : null}
                <Button
                  size="sm"
                  variant="secondary"
                  aria-expanded={attendeesOf === event.id}
                  onClick={() => setAttendeesOf(attendeesOf === event.id ? null : event.id)}
                >
                  Attendees
                </Button>
                <Button size="sm" variant="secondary" asChild>
                  <a href={attendeesCsvUrl(event.id)} download>
                    Attendees (CSV)
                  </a>
                </Button>
                {event.status === 'published' ? (
                  <Button size="sm" asChild>
                    <Link to={paths.events.checkIn(event.id)}>Check-in at the door</Link>
                  </Button>
                ) : null}
                {event.publicPath ? (
                  <Button size="sm" variant="link" asChild>
                    <Link to={event.publicPath}>Public page</Link>
                  </Button>
                ) : null}
              </div>
              {attendeesOf === event.id ? <Attendees eventId={event.id} /> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Attendees({ eventId }: { eventId: string }) {
  const list = useQuery(attendeesQuery(eventId));
  if (list.isPending) return <p className="text-sm text-slate-600">Loading…</p>;
  if (list.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(list.error)}
      </p>
    );
  if (list.data.length === 0) return <p className="text-sm text-slate-600">No tickets issued yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Attendees</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-1 pr-2">
              Name
            </th>
            <th scope="col" className="py-1 pr-2">
              Ticket
            </th>
            <th scope="col" className="py-1 pr-2">
              Code
            </th>
            <th scope="col" className="py-1 pr-2">
              Bought by
            </th>
            <th scope="col" className="py-1 pr-2">
              Checked in
            </th>
          </tr>
        </thead>
        <tbody>
          {list.data.map((a) => (
            <tr key={a.id} className="border-b border-slate-100">
              <td className="py-1 pr-2">{a.holderName}</td>
              <td className="py-1 pr-2">
                {a.ticketType}
                {a.status !== 'valid' ? ` (${a.statusLabel})` : ''}
              </td>
              <td className="py-1 pr-2 font-mono">{a.code}</td>
              <td className="py-1 pr-2">{a.buyerName}</td>
              <td className="py-1 pr-2">{a.checkedInAt ? timeOfDay(a.checkedInAt) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
