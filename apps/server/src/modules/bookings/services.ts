import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import {
  BOOKING_MESSAGES as M,
  type TAvailability,
  type TOwnService,
  type TPublicService,
  type TServiceInput,
  type TSlots,
  ZServiceInputSchema,
} from '@sekolo/shared/schemas/bookings';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { z } from 'zod';
import type { DbExecutor } from '../../platform/db/client.ts';
import { organizations } from '../../platform/db/schema/auth.ts';
import {
  bookingAvailability,
  bookingExceptions,
  bookingProviders,
  bookingServices,
  bookingSessions,
  bookings,
} from '../../platform/db/schema/bookings.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { badRequest, conflict, databaseError, notFound } from '../../platform/http/errors.ts';
import { dayPlans, freeSlots, instantOf, type TInterval } from './slots.ts';

type TServiceRow = typeof bookingServices.$inferSelect;
type TServiceValues = z.output<typeof ZServiceInputSchema>;

const ACTIVE = ['held', 'confirmed'] as const;

function publicOf(row: TServiceRow, provider: { name: string; slug: string }): TPublicService {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    kind: row.kind,
    online: row.online,
    location: row.location,
    durationMinutes: row.durationMinutes,
    priceCents: row.priceCents,
    seatLimit: row.seatLimit,
    noticeHours: row.noticeHours,
    provider,
  };
}

/** A published service of an active provider, for its public page (never the meeting link). */
export async function publicService(
  db: DbExecutor,
  id: string,
): Promise<{ service: TPublicService; row: TServiceRow }> {
  const [found] = await db
    .select({
      service: bookingServices,
      org: { name: organizations.name, slug: organizations.slug, status: organizations.status },
    })
    .from(bookingServices)
    .innerJoin(organizations, eq(organizations.id, bookingServices.organizationId))
    .where(eq(bookingServices.id, id));
  if (!found || found.service.status !== 'published' || found.org.status !== 'active')
    throw notFound(M.serviceNotFound);
  return { service: publicOf(found.service, { name: found.org.name, slug: found.org.slug }), row: found.service };
}

/** A provider's published services, for their seller page. */
export async function providerServices(db: DbExecutor, slug: string): Promise<TPublicService[]> {
  const rows = await db
    .select({ service: bookingServices, org: { name: organizations.name, slug: organizations.slug } })
    .from(bookingServices)
    .innerJoin(organizations, eq(organizations.id, bookingServices.organizationId))
    .where(
      and(eq(organizations.slug, slug), eq(organizations.status, 'active'), eq(bookingServices.status, 'published')),
    )
    .orderBy(asc(bookingServices.title));
  return rows.map((r) => publicOf(r.service, r.org));
}

/** Every published service of active providers: the sitemap's entries. */
export async function publishedServiceIds(db: DbExecutor): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: bookingServices.id, updatedAt: bookingServices.updatedAt })
    .from(bookingServices)
    .innerJoin(organizations, eq(organizations.id, bookingServices.organizationId))
    .where(and(eq(bookingServices.status, 'published'), eq(organizations.status, 'active')))
    .orderBy(asc(bookingServices.createdAt));
}

export async function readAvailability(db: DbExecutor, organizationId: string): Promise<TAvailability> {
  const [provider] = await db
    .select()
    .from(bookingProviders)
    .where(eq(bookingProviders.organizationId, organizationId));
  const weekly = await db
    .select({
      weekday: bookingAvailability.weekday,
      startMinute: bookingAvailability.startMinute,
      endMinute: bookingAvailability.endMinute,
    })
    .from(bookingAvailability)
    .where(eq(bookingAvailability.organizationId, organizationId))
    .orderBy(asc(bookingAvailability.weekday), asc(bookingAvailability.startMinute));
  const exceptions = await db
    .select({
      date: bookingExceptions.date,
      kind: bookingExceptions.kind,
      startMinute: bookingExceptions.startMinute,
      endMinute: bookingExceptions.endMinute,
      note: bookingExceptions.note,
    })
    .from(bookingExceptions)
    .where(and(eq(bookingExceptions.organizationId, organizationId), gte(bookingExceptions.date, todayInSouthAfrica())))
    .orderBy(asc(bookingExceptions.date), asc(bookingExceptions.startMinute));
  return { openOnPublicHolidays: provider?.openOnPublicHolidays ?? false, weekly, exceptions };
}

/** Replaces the provider's weekly hours and upcoming exceptions (past exceptions are kept as history). */
export async function saveAvailability(
  db: DbExecutor,
  actor: { userId: string; organizationId: string },
  input: TAvailability,
): Promise<TAvailability> {
  for (let day = 0; day < 7; day++) {
    const hours = input.weekly.filter((h) => h.weekday === day).sort((a, b) => a.startMinute - b.startMinute);
    for (let i = 1; i < hours.length; i++)
      if (hours[i]!.startMinute < hours[i - 1]!.endMinute)
        throw badRequest(M.availabilityOverlap, { weekly: M.availabilityOverlap });
  }
  const organizationId = actor.organizationId;
  await transaction(db, async (tx) => {
    await tx
      .insert(bookingProviders)
      .values({ organizationId, openOnPublicHolidays: input.openOnPublicHolidays })
      .onConflictDoUpdate({
        target: bookingProviders.organizationId,
        set: { openOnPublicHolidays: input.openOnPublicHolidays, updatedAt: sql`now()` },
      });
    await tx.delete(bookingAvailability).where(eq(bookingAvailability.organizationId, organizationId));
    if (input.weekly.length)
      await tx.insert(bookingAvailability).values(input.weekly.map((h) => ({ ...h, organizationId })));
    await tx
      .delete(bookingExceptions)
      .where(
        and(eq(bookingExceptions.organizationId, organizationId), gte(bookingExceptions.date, todayInSouthAfrica())),
      );
    const upcoming = input.exceptions.filter((e) => e.date >= todayInSouthAfrica());
    if (upcoming.length)
      await tx.insert(bookingExceptions).values(
        upcoming.map((e) => ({
          organizationId,
          date: e.date,
          kind: e.kind,
          startMinute: e.kind === 'extra' ? e.startMinute : null,
          endMinute: e.kind === 'extra' ? e.endMinute : null,
          note: e.note,
        })),
      );
    await recordAudit(tx, {
      action: 'bookings.availability_saved',
      actorUserId: actor.userId,
      target: `organization:${organizationId}`,
    });
  });
  return readAvailability(db, organizationId);
}

/** The provider's busy time between two instants: active one-to-one bookings and scheduled group sessions. */
export async function busyIntervals(
  db: DbExecutor,
  organizationId: string,
  from: number,
  to: number,
): Promise<TInterval[]> {
  const range = sql`tstzrange(${new Date(from).toISOString()}::timestamptz, ${new Date(to).toISOString()}::timestamptz)`;
  const taken = await db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.organizationId, organizationId),
        sql`${bookings.sessionId} is null`,
        inArray(bookings.status, [...ACTIVE]),
        sql`tstzrange(${bookings.startsAt}, ${bookings.endsAt}) && ${range}`,
      ),
    );
  const sessions = await db
    .select({ startsAt: bookingSessions.startsAt, endsAt: bookingSessions.endsAt })
    .from(bookingSessions)
    .where(
      and(
        eq(bookingSessions.organizationId, organizationId),
        eq(bookingSessions.status, 'scheduled'),
        sql`tstzrange(${bookingSessions.startsAt}, ${bookingSessions.endsAt}) && ${range}`,
      ),
    );
  return [...taken, ...sessions].map((b) => ({ start: b.startsAt.getTime(), end: b.endsAt.getTime() }));
}

/** The free times of a service from a date (South African), for `days` days. */
export async function serviceSlots(
  db: DbExecutor,
  row: TServiceRow,
  query: { from?: string; days: number },
  now = Date.now(),
): Promise<TSlots> {
  const today = todayInSouthAfrica(new Date(now));
  const from = query.from && query.from > today ? query.from : today;
  const days = query.days;
  const start = instantOf(from, 0);
  const end = instantOf(from, days * 1440);
  if (row.kind === 'group') {
    const sessions = await db
      .select({
        id: bookingSessions.id,
        startsAt: bookingSessions.startsAt,
        endsAt: bookingSessions.endsAt,
        seatLimit: bookingSessions.seatLimit,
        taken: sql<number>`(select count(*) from ${bookings} b where b.session_id = ${bookingSessions.id} and b.status in ('held', 'confirmed'))::int`,
      })
      .from(bookingSessions)
      .where(
        and(
          eq(bookingSessions.serviceId, row.id),
          eq(bookingSessions.status, 'scheduled'),
          sql`${bookingSessions.startsAt} > ${new Date(Math.max(now, start)).toISOString()}::timestamptz`,
          sql`${bookingSessions.startsAt} < ${new Date(end).toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(bookingSessions.startsAt));
    return {
      timeZone: 'Africa/Johannesburg',
      from,
      days,
      slots: [],
      sessions: sessions.map((s) => ({
        id: s.id,
        startsAt: s.startsAt.toISOString(),
        endsAt: s.endsAt.toISOString(),
        seatsLeft: Math.max(0, s.seatLimit - Number(s.taken)),
      })),
      daysOff: [],
    };
  }
  const availability = await readAvailability(db, row.organizationId);
  const plans = dayPlans({ from, days, ...availability });
  const busy = await busyIntervals(db, row.organizationId, start, end);
  return {
    timeZone: 'Africa/Johannesburg',
    from,
    days,
    slots: freeSlots(plans, row.durationMinutes, busy, now),
    sessions: [],
    daysOff: plans.filter((p) => p.dayOff).map((p) => ({ date: p.date, reason: p.dayOff! })),
  };
}

/** Whether `startsAt` is one of the service's offered times (what is taken is the database's to refuse). */
export async function isOfferedStart(
  db: DbExecutor,
  row: TServiceRow,
  startsAt: Date,
  now = Date.now(),
): Promise<boolean> {
  const date = todayInSouthAfrica(startsAt);
  const availability = await readAvailability(db, row.organizationId);
  const plans = dayPlans({ from: date, days: 1, ...availability });
  return freeSlots(plans, row.durationMinutes, [], now).some((s) => Date.parse(s.startsAt) === startsAt.getTime());
}

async function sessionsOf(db: DbExecutor, serviceIds: string[]) {
  if (serviceIds.length === 0) return [];
  return db
    .select({
      id: bookingSessions.id,
      serviceId: bookingSessions.serviceId,
      startsAt: bookingSessions.startsAt,
      endsAt: bookingSessions.endsAt,
      seatLimit: bookingSessions.seatLimit,
      status: bookingSessions.status,
      taken: sql<number>`(select count(*) from ${bookings} b where b.session_id = ${bookingSessions.id} and b.status in ('held', 'confirmed'))::int`,
    })
    .from(bookingSessions)
    .where(
      and(inArray(bookingSessions.serviceId, serviceIds), sql`${bookingSessions.endsAt} > now() - interval '30 days'`),
    )
    .orderBy(asc(bookingSessions.startsAt));
}

function ownOf(row: TServiceRow, sessions: Awaited<ReturnType<typeof sessionsOf>>): TOwnService {
  const { provider: _p, ...rest } = publicOf(row, { name: '', slug: '' });
  return {
    ...rest,
    meetingUrl: row.meetingUrl ?? '',
    status: row.status,
    sessions: sessions
      .filter((s) => s.serviceId === row.id)
      .map((s) => ({
        id: s.id,
        startsAt: s.startsAt.toISOString(),
        endsAt: s.endsAt.toISOString(),
        seatLimit: s.seatLimit,
        seatsTaken: Number(s.taken),
        status: s.status,
      })),
  };
}

export async function ownServices(db: DbExecutor, organizationId: string): Promise<TOwnService[]> {
  const rows = await db
    .select()
    .from(bookingServices)
    .where(and(eq(bookingServices.organizationId, organizationId), ne(bookingServices.status, 'archived')))
    .orderBy(asc(bookingServices.createdAt));
  const sessions = await sessionsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ownOf(row, sessions));
}

async function ownService(db: DbExecutor, organizationId: string, id: string): Promise<TOwnService> {
  const [row] = await db
    .select()
    .from(bookingServices)
    .where(and(eq(bookingServices.id, id), eq(bookingServices.organizationId, organizationId)));
  if (!row) throw notFound(M.serviceNotFound);
  return ownOf(row, await sessionsOf(db, [row.id]));
}

function valuesOf(input: TServiceValues) {
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    kind: input.kind,
    online: input.online,
    meetingUrl: input.meetingUrl || null,
    location: input.location,
    durationMinutes: input.durationMinutes,
    priceCents: input.priceCents,
    seatLimit: input.kind === 'group' ? input.seatLimit : null,
    noticeHours: input.noticeHours,
    status: input.status,
  };
}

export async function createService(
  db: DbExecutor,
  actor: { userId: string; organizationId: string },
  input: TServiceValues | TServiceInput,
): Promise<TOwnService> {
  const values = valuesOf(ZServiceInputSchema.parse(input));
  const id = await transaction(db, async (tx) => {
    const [row] = await tx
      .insert(bookingServices)
      .values({ ...values, organizationId: actor.organizationId })
      .returning({ id: bookingServices.id });
    await recordAudit(tx, {
      action: 'bookings.service_created',
      actorUserId: actor.userId,
      target: `booking_service:${row!.id}`,
    });
    return row!.id;
  });
  return ownService(db, actor.organizationId, id);
}

export async function updateService(
  db: DbExecutor,
  actor: { userId: string; organizationId: string },
  id: string,
  input: TServiceValues,
): Promise<TOwnService> {
  const values = valuesOf(input);
  await transaction(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(bookingServices)
      .where(and(eq(bookingServices.id, id), eq(bookingServices.organizationId, actor.organizationId)))
      .for('update');
    if (!current) throw notFound(M.serviceNotFound);
    // Bookings already made keep their kind: a service's kind is fixed once it exists.
    await tx
      .update(bookingServices)
      .set({
        ...values,
        kind: current.kind,
        seatLimit: current.kind === 'group' ? (values.seatLimit ?? current.seatLimit) : null,
        updatedAt: sql`now()`,
      })
      .where(eq(bookingServices.id, id));
    await recordAudit(tx, {
      action: 'bookings.service_updated',
      actorUserId: actor.userId,
      target: `booking_service:${id}`,
    });
  });
  return ownService(db, actor.organizationId, id);
}

/** Schedules a session of a group service; the provider's sessions never overlap (the database refuses). */
export async function createSession(
  db: DbExecutor,
  actor: { userId: string; organizationId: string },
  serviceId: string,
  startsAtIso: string,
): Promise<TOwnService> {
  const startsAt = new Date(startsAtIso);
  if (startsAt.getTime() <= Date.now())
    throw badRequest('Choose a time in the future.', { startsAt: 'Choose a time in the future.' });
  await transaction(db, async (tx) => {
    const [service] = await tx
      .select()
      .from(bookingServices)
      .where(and(eq(bookingServices.id, serviceId), eq(bookingServices.organizationId, actor.organizationId)));
    if (!service) throw notFound(M.serviceNotFound);
    if (service.kind !== 'group') throw badRequest(M.sessionForGroupsOnly);
    const endsAt = new Date(startsAt.getTime() + service.durationMinutes * 60_000);
    const busy = await busyIntervals(tx, actor.organizationId, startsAt.getTime(), endsAt.getTime());
    if (busy.length) throw conflict(M.sessionOverlap);
    try {
      await transaction(tx, async (sp) => {
        const [session] = await sp
          .insert(bookingSessions)
          .values({ serviceId, organizationId: actor.organizationId, startsAt, endsAt, seatLimit: service.seatLimit! })
          .returning({ id: bookingSessions.id });
        await recordAudit(sp, {
          action: 'bookings.session_created',
          actorUserId: actor.userId,
          target: `booking_session:${session!.id}`,
        });
      });
    } catch (error) {
      if (databaseError(error, '23P01')) throw conflict(M.sessionOverlap);
      throw error;
    }
  });
  return ownService(db, actor.organizationId, serviceId);
}
