import { useQuery } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TMyTicket } from '@sekolo/shared/schemas/events';
import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { errorMessage } from '~/lib/server-field-errors';
import { useState } from 'react';
import { myTicketsQuery, usePayOrder } from '../api/event-queries';
import { timeOfDay } from '../lib/format';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-ZA', { timeZone: 'Africa/Johannesburg', dateStyle: 'long', timeStyle: 'short' });

/** "My tickets": the signed-in buyer's tickets, each valid one with its QR code to show at the door. */
export function MyTickets({ followRedirect }: { followRedirect: (redirect: TCheckoutRedirect) => void }) {
  const tickets = useQuery(myTicketsQuery);
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">My tickets</h1>
        <p className="text-slate-700">Show a ticket’s QR code at the door, on this screen or printed.</p>
      </header>
      {tickets.isPending ? (
        <p className="text-slate-600">Loading…</p>
      ) : tickets.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(tickets.error)}
        </p>
      ) : tickets.data.length === 0 ? (
        <p className="text-slate-600">You have no tickets yet. Events you may attend are on your school’s calendar.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="Tickets">
          {tickets.data.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} followRedirect={followRedirect} />
          ))}
        </ul>
      )}
    </div>
  );
}

function TicketCard({ ticket, followRedirect }: { ticket: TMyTicket; followRedirect: (r: TCheckoutRedirect) => void }) {
  const pay = usePayOrder();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-4" aria-label={`Ticket ${ticket.code}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{ticket.event.title}</h2>
        <Badge>{ticket.event.status === 'cancelled' ? 'Event cancelled' : ticket.statusLabel}</Badge>
      </div>
      <p className="text-sm text-slate-700">
        {when(ticket.event.startsAt)} · {ticket.event.place} · {ticket.event.schoolName}
      </p>
      <p className="text-sm text-slate-900">
        {ticket.holderName}, {ticket.ticketType} · {ticket.priceCents ? formatZar(ticket.priceCents) : 'Free'}
      </p>
      {ticket.qrSvg ? (
        <figure className="space-y-1">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(ticket.qrSvg)}`}
            alt={`QR code of ticket ${ticket.code}`}
            className="mx-auto h-56 w-56 bg-white"
            data-token={ticket.token ?? undefined}
          />
          <figcaption className="text-center font-mono text-lg tracking-wider text-slate-900">{ticket.code}</figcaption>
        </figure>
      ) : null}
      {ticket.checkedInAt ? (
        <p className="text-sm text-slate-700">Checked in at {timeOfDay(ticket.checkedInAt)}</p>
      ) : null}
      {ticket.canPay ? (
        <Button
          size="sm"
          disabled={pay.isPending}
          onClick={() =>
            void pay
              .mutateAsync(ticket.orderId)
              .then((answer) => answer.checkout && followRedirect(answer.checkout.redirect))
              .catch((error: unknown) => setProblem(errorMessage(error)))
          }
        >
          Pay now
        </Button>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
