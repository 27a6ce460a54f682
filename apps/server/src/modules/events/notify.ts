import { asc, eq } from 'drizzle-orm';
import { formatZar } from '@sekolo/shared/domain/money';
import { formatLongDate } from '@sekolo/shared/domain/sa-calendar';
import type { DbExecutor } from '../../platform/db/client.ts';
import {
  events,
  eventTicketOrders,
  eventTickets,
  eventTicketTypes,
  organizations,
  users,
} from '../../platform/db/schema/index.ts';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { qrPngDataUrl } from './lib/qr.ts';
import type { TTicketSigner } from './lib/ticket-token.ts';
import { wallClockOf } from './lib/time.ts';

export type TNotifier = { mailer: Mailer; publicUrl: string; signer: TTicketSigner };

/** The buyer's tickets page (parents, customers and staff alike). */
export const MY_TICKETS_PATH = '/dashboard/tickets';

export type TOrderEvent = 'issued' | 'refunded' | 'event_cancelled';

const SAY: Record<TOrderEvent, { subject: string; say: string }> = {
  issued: {
    subject: 'your tickets',
    say: 'Your tickets are below. Show each QR code at the door, on your phone or printed; the code under it can be typed in if the QR code will not scan.',
  },
  refunded: {
    subject: 'payment refunded',
    say: 'Your payment arrived after the tickets were no longer available, so it has been refunded in full.',
  },
  event_cancelled: {
    subject: 'event cancelled',
    say: 'The school has cancelled this event. Your tickets are no longer valid; any payment has been refunded in full.',
  },
};

/**
 * Mails the buyer about their order in the caller's transaction (the outbox). The tickets mail
 * carries each valid ticket's QR code as an image (a PNG of the signed token) and its typed code.
 */
export async function notifyOrder(
  tx: DbExecutor,
  notifier: TNotifier,
  orderId: string,
  what: TOrderEvent,
  extra: { refundedCents?: number } = {},
): Promise<void> {
  const [row] = await tx
    .select({
      order: eventTicketOrders,
      event: events,
      schoolName: organizations.name,
      email: users.email,
      name: users.name,
      firstName: users.firstName,
    })
    .from(eventTicketOrders)
    .innerJoin(events, eq(events.id, eventTicketOrders.eventId))
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .innerJoin(users, eq(users.id, eventTicketOrders.buyerUserId))
    .where(eq(eventTicketOrders.id, orderId));
  if (!row) return;
  const tickets = await tx
    .select({ ticket: eventTickets, typeName: eventTicketTypes.name })
    .from(eventTickets)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventTickets.ticketTypeId))
    .where(eq(eventTickets.orderId, orderId))
    .orderBy(asc(eventTickets.createdAt), asc(eventTickets.code));
  const start = wallClockOf(row.event.startsAt);
  const end = wallClockOf(row.event.endsAt);
  const details: [string, string][] = [
    ['Event', `${row.event.title}, ${row.schoolName}`],
    [
      'When',
      `${formatLongDate(start.date)}, ${start.time} to ${end.date === start.date ? end.time : `${formatLongDate(end.date)} ${end.time}`}`,
    ],
    ['Where', row.event.place],
    ['Order', row.order.reference],
    ['Total', row.order.totalCents ? formatZar(row.order.totalCents) : 'Free'],
  ];
  if (extra.refundedCents) details.push(['Refunded', formatZar(extra.refundedCents)]);
  const images =
    what === 'issued'
      ? await Promise.all(
          tickets
            .filter(({ ticket }) => ticket.status === 'valid')
            .map(async ({ ticket, typeName }) => ({
              src: await qrPngDataUrl(notifier.signer.tokenOf(ticket.id)),
              alt: `QR code of ticket ${ticket.code}`,
              caption: `${ticket.holderName}, ${typeName} – ${ticket.code}`,
            })),
        )
      : [];
  const say = SAY[what];
  const mail = composeMail({
    greeting: `Hello ${row.firstName || row.name},`,
    paragraphs: [
      say.say,
      ...(what === 'issued'
        ? tickets.map(({ ticket, typeName }) => `${ticket.holderName}, ${typeName}: ticket code ${ticket.code}`)
        : []),
    ],
    details,
    images,
    actions: [{ label: 'Open my tickets', url: `${notifier.publicUrl}${MY_TICKETS_PATH}` }],
    footer: [`You get this e-mail because you got tickets for an event of ${row.schoolName} on Sekolo.`],
  });
  await notifier.mailer.send(
    {
      to: row.email,
      subject: `${row.event.title}: ${say.subject} (${row.order.reference})`,
      ...mail,
      tag: 'event-tickets',
    },
    { within: tx },
  );
}
