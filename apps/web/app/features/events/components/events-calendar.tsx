import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { TEvent } from '@sekolo/shared/schemas/events';
import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { PressedButtons } from '~/components/ui/pressed-buttons';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { calendarQuery } from '../api/event-queries';
import { whenOf } from '../lib/format';
import { monthEnd, monthLabel, monthWeeks, shiftMonth } from '../lib/month-grid';
import { TicketPurchase } from './ticket-purchase';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const VIEWS = [
  { value: 'list', label: 'List' },
  { value: 'month', label: 'Month' },
] as const;

/** Who is looking: whether they may get tickets (an active account), and the name for their first ticket. */
export type TBuyerView = { canBuy: boolean; loading: boolean; name: string };

/**
 * The school's calendar of events for whoever may see them (view_events or manage_events): each
 * sees the events of their audience. A month grid, and the same month as a list (the accessible
 * alternative to the grid); an event opens with its details and tickets.
 */
export function EventsCalendar({
  followRedirect,
  buyer,
  heading = 'Events',
}: {
  followRedirect: (redirect: TCheckoutRedirect) => void;
  buyer: TBuyerView;
  heading?: string;
}) {
  const id = useId();
  const today = todayInSouthAfrica();
  const [month, setMonth] = useState(today.slice(0, 7));
  const [view, setView] = useState<'list' | 'month'>('list');
  const [openId, setOpenId] = useState<string | null>(null);
  const weeks = monthWeeks(month);
  const events = useQuery(calendarQuery(weeks[0]![0]!, weeks.at(-1)![6]!));
  const inMonth = (events.data ?? []).filter((e) => e.startDate <= monthEnd(month) && e.endDate >= `${month}-01`);
  const open = (events.data ?? []).find((e) => e.id === openId) ?? null;

  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
          <p className="text-slate-700">The school’s events you may attend.</p>
        </div>
        <Link className="text-sm font-semibold text-brand-700 underline" to={paths.events.mine}>
          My tickets
        </Link>
      </header>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setMonth(shiftMonth(month, -1))}
          aria-label="Previous month"
        >
          ←
        </Button>
        <h2 className="min-w-40 text-center text-lg font-semibold text-slate-900" id={`${id}-month`} aria-live="polite">
          {monthLabel(month)}
        </h2>
        <Button variant="secondary" size="sm" onClick={() => setMonth(shiftMonth(month, 1))} aria-label="Next month">
          →
        </Button>
        <PressedButtons label="View" options={VIEWS} value={view} onChange={setView} className="ml-auto" />
      </div>

      {events.isPending ? (
        <p className="text-slate-600">Loading…</p>
      ) : events.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(events.error)}
        </p>
      ) : view === 'list' ? (
        inMonth.length === 0 ? (
          <p className="text-slate-600">No events in {monthLabel(month)}.</p>
        ) : (
          <ul className="space-y-2" aria-labelledby={`${id}-month`}>
            {inMonth.map((event) => (
              <li key={event.id}>
                <button
                  type="button"
                  className="w-full rounded-lg border border-slate-200 bg-white p-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
                  onClick={() => setOpenId(event.id)}
                  aria-expanded={openId === event.id}
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-slate-900">{event.title}</span>
                    {event.status === 'cancelled' ? <Badge variant="neutral">Cancelled</Badge> : null}
                  </span>
                  <span className="block text-sm text-slate-700">
                    {whenOf(event)} · {event.place}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[42rem] table-fixed border-collapse text-sm" aria-labelledby={`${id}-month`}>
            <thead>
              <tr>
                {WEEKDAYS.map((day) => (
                  <th key={day} scope="col" className="p-1 text-left font-semibold text-slate-700">
                    {day}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week[0]}>
                  {week.map((day) => {
                    const dayEvents = (events.data ?? []).filter((e) => e.startDate <= day && e.endDate >= day);
                    return (
                      <td
                        key={day}
                        className={`h-24 border border-slate-200 p-1 align-top ${day.slice(0, 7) === month ? 'bg-white' : 'bg-slate-50 text-slate-400'}`}
                      >
                        <span className={`text-xs ${day === today ? 'font-bold text-brand-700' : ''}`}>
                          {Number(day.slice(8))}
                        </span>
                        <ul className="space-y-0.5">
                          {dayEvents.map((event) => (
                            <li key={event.id}>
                              <button
                                type="button"
                                onClick={() => setOpenId(event.id)}
                                className={`w-full truncate rounded px-1 text-left text-xs ${event.status === 'cancelled' ? 'bg-slate-100 text-slate-600 line-through' : 'bg-brand-50 text-brand-900'}`}
                              >
                                {event.startTime} {event.title}
                              </button>
                            </li>
                          ))}
                        </ul>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open ? (
        <EventDetails event={open} buyer={buyer} followRedirect={followRedirect} onClose={() => setOpenId(null)} />
      ) : null}
    </div>
  );
}

export function EventDetails({
  event,
  buyer,
  followRedirect,
  onClose,
}: {
  event: TEvent;
  buyer: TBuyerView;
  followRedirect: (redirect: TCheckoutRedirect) => void;
  onClose?: () => void;
}) {
  return (
    <section
      aria-labelledby={`event-${event.id}`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`event-${event.id}`} className="text-xl font-bold text-slate-900">
          {event.title}
        </h2>
        {onClose ? (
          <Button size="sm" variant="ghost" onClick={onClose}>
            Close
          </Button>
        ) : null}
      </div>
      <p className="text-slate-700">
        {whenOf(event)} · {event.place} · {event.audienceLabel}
        {event.audience === 'grades' ? ` (Grade ${event.grades.join(', ')})` : ''}
      </p>
      {event.description ? <p className="whitespace-pre-line text-slate-700">{event.description}</p> : null}
      {event.publicPath ? (
        <p className="text-sm">
          <Link className="text-brand-700 underline" to={event.publicPath}>
            Public page of this event
          </Link>
        </p>
      ) : null}
      <TicketPurchase
        event={event}
        canBuy={buyer.canBuy}
        loading={buyer.loading}
        defaultName={buyer.name}
        followRedirect={followRedirect}
      />
    </section>
  );
}
