import { and, asc, eq, sql } from 'drizzle-orm';
import {
  EVENT_MESSAGES as M,
  shortHolderName,
  type TCheckInInput,
  type TCheckInResult,
  type TDoorList,
} from '@sekolo/shared/schemas/events';
import type { DbExecutor } from '../../platform/db/client.ts';
import { events, eventTickets, eventTicketTypes } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';
import { normaliseTicketCode, type TTicketSigner } from './lib/ticket-token.ts';

async function schoolEvent(db: DbExecutor, ctx: TSchoolContext, eventId: string) {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organizationId, ctx.organizationId)));
  if (!event) throw notFound(M.eventNotFound);
  return event;
}

/**
 * What a door phone downloads when its page opens: each valid ticket's signed token, its code and a
 * greeting (first name and initial, the ticket type). The phone checks scans against it while the
 * network is away; the server judges when the phone syncs.
 */
export async function doorList(
  db: DbExecutor,
  signer: TTicketSigner,
  ctx: TSchoolContext,
  eventId: string,
): Promise<TDoorList> {
  const event = await schoolEvent(db, ctx, eventId);
  const rows = await db
    .select({ ticket: eventTickets, typeName: eventTicketTypes.name })
    .from(eventTickets)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventTickets.ticketTypeId))
    .where(and(eq(eventTickets.eventId, event.id), eq(eventTickets.status, 'valid')))
    .orderBy(asc(eventTickets.code));
  return {
    event: { id: event.id, title: event.title, startsAt: event.startsAt.toISOString(), place: event.place },
    generatedAt: new Date().toISOString(),
    tickets: rows.map(({ ticket, typeName }) => ({
      id: ticket.id,
      code: ticket.code,
      token: signer.tokenOf(ticket.id),
      holder: shortHolderName(ticket.holderName),
      ticketType: typeName,
      checkedInAt: ticket.checkedInAt?.toISOString() ?? null,
    })),
  };
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Checks tickets in, one scan at a time in the order the phone made them. The first check-in of a
 * ticket wins (one conditional update: of two phones at once, exactly one changes the row); the same
 * scan sent again (a sync retried) is told 'valid' again; any other scan 'already
 * used' with the first time (a second scan of the same ticket, on any phone, is 'already used'). A token that does not verify, or names another event's ticket or one no
 * longer valid, is 'invalid'. The scan time is kept, clamped to the last day.
 */
export async function checkIn(
  db: DbExecutor,
  signer: TTicketSigner,
  ctx: TSchoolContext,
  eventId: string,
  input: TCheckInInput,
): Promise<TCheckInResult[]> {
  const event = await schoolEvent(db, ctx, eventId);
  const results: TCheckInResult[] = [];
  const now = Date.now();
  let admitted = 0;
  await transaction(db, async (tx) => {
    for (const check of input.checks) {
      const invalid: TCheckInResult = {
        value: check.value,
        outcome: 'invalid',
        ticketId: null,
        holder: null,
        ticketType: null,
        checkedInAt: null,
      };
      const code = check.value.includes('.') ? null : normaliseTicketCode(check.value);
      const ticketId = code ? null : signer.ticketIdOf(check.value);
      if (!code && !ticketId) {
        results.push(invalid);
        continue;
      }
      const scanned = Math.min(now, Math.max(now - DAY_MS, Date.parse(check.scannedAt) || now));
      const where = and(
        eq(eventTickets.eventId, event.id),
        code ? eq(eventTickets.code, code) : eq(eventTickets.id, ticketId!),
      );
      const first = await tx
        .update(eventTickets)
        .set({
          checkedInAt: new Date(scanned),
          checkedInBy: ctx.user.id,
          checkedInDevice: input.deviceId,
          checkInScanId: check.scanId,
        })
        .where(and(where, eq(eventTickets.status, 'valid'), sql`${eventTickets.checkedInAt} is null`))
        .returning({ id: eventTickets.id });
      const [ticket] = await tx
        .select({ ticket: eventTickets, typeName: eventTicketTypes.name })
        .from(eventTickets)
        .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventTickets.ticketTypeId))
        .where(where);
      if (!ticket || ticket.ticket.status !== 'valid') {
        results.push(invalid);
        continue;
      }
      const mine = first.length > 0 || ticket.ticket.checkInScanId === check.scanId;
      if (first.length) admitted++;
      results.push({
        value: check.value,
        outcome: mine ? 'valid' : 'already_used',
        ticketId: ticket.ticket.id,
        holder: shortHolderName(ticket.ticket.holderName),
        ticketType: ticket.typeName,
        checkedInAt: ticket.ticket.checkedInAt?.toISOString() ?? null,
      });
    }
    if (admitted)
      await recordAudit(tx, {
        action: 'event_tickets.checked_in',
        actorUserId: ctx.user.id,
        target: `event:${event.id}`,
        ip: ctx.ip,
        details: { organizationId: ctx.organizationId, admitted, scans: input.checks.length },
      });
  });
  return results;
}
