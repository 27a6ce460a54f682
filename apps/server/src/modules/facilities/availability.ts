import { and, eq, gt, gte, inArray, lt, lte } from 'drizzle-orm';
import {
  ACTIVE_BOOKING_STATUSES,
  FACILITY_MESSAGES as M,
  type TAvailability,
  type TAvailabilityDay,
} from '@sekolo/shared/schemas/facilities';
import type { DbExecutor } from '../../platform/db/client.ts';
import {
  facilities,
  facilityBlockedDates,
  facilityBookings,
  schoolClosures,
  timetableLessons,
} from '../../platform/db/schema/index.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { getTerms, listPeriods, selectLessons } from '../academics/index.ts';
import { addDays, instantOf, isoWeekday, minutesOf, todayInSouthAfrica, wallClockOf } from './lib/time.ts';

type TFacilityRow = typeof facilities.$inferSelect;

/**
 * A facility's days from `from`: its opening hours, and what is taken: the school's own use
 * (lessons in its timetable room on school days, the calendar's closures, the facility's blocked
 * dates) and active bookings. The public page shows it; a booking request is checked against it
 * (and the database's exclusion constraint has the last word on bookings).
 */
export async function facilityDays(
  db: DbExecutor,
  facility: TFacilityRow,
  from: string,
  days: number,
): Promise<TAvailabilityDay[]> {
  const to = addDays(from, days - 1);
  const closures = await db
    .select()
    .from(schoolClosures)
    .where(
      and(
        eq(schoolClosures.organizationId, facility.organizationId),
        lte(schoolClosures.startsOn, to),
        gte(schoolClosures.endsOn, from),
      ),
    );
  const blocks = await db
    .select()
    .from(facilityBlockedDates)
    .where(
      and(
        eq(facilityBlockedDates.facilityId, facility.id),
        lte(facilityBlockedDates.startsOn, to),
        gte(facilityBlockedDates.endsOn, from),
      ),
    );
  const bookings = await db
    .select({ startsAt: facilityBookings.startsAt, endsAt: facilityBookings.endsAt })
    .from(facilityBookings)
    .where(
      and(
        eq(facilityBookings.facilityId, facility.id),
        inArray(facilityBookings.status, [...ACTIVE_BOOKING_STATUSES]),
        lt(facilityBookings.startsAt, instantOf(addDays(to, 1), '00:00')),
        gt(facilityBookings.endsAt, instantOf(from, '00:00')),
      ),
    );
  // The school's own use of its timetable room: lessons, on the days of its terms.
  let lessons: { day: number; from: string; to: string }[] = [];
  const terms: { startsOn: string; endsOn: string }[] = [];
  if (facility.roomId) {
    const periods = await listPeriods(db, facility.organizationId);
    const rows = await selectLessons(db, facility.organizationId, eq(timetableLessons.roomId, facility.roomId));
    lessons = rows.flatMap((lesson) => {
      const period = periods.find((p) => p.id === lesson.periodId);
      return period ? [{ day: lesson.day, from: period.startsAt, to: period.endsAt }] : [];
    });
    for (const year of new Set([from.slice(0, 4), to.slice(0, 4)]))
      terms.push(...(await getTerms(db, facility.organizationId, Number(year))).terms);
  }

  const result: TAvailabilityDay[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    const weekday = isoWeekday(date);
    const hours = facility.openingHours.find((h) => h.day === weekday) ?? null;
    const closure = closures.find((c) => c.startsOn <= date && c.endsOn >= date);
    const block = blocks.find((b) => b.startsOn <= date && b.endsOn >= date);
    const closedReason = closure
      ? M.schoolClosure(closure.name)
      : block
        ? block.reason
          ? `${M.blockedDate}: ${block.reason}`
          : M.blockedDate
        : null;
    const busy: TAvailabilityDay['busy'] = [];
    if (hours && !closedReason) {
      const inTerm = terms.some((t) => t.startsOn <= date && t.endsOn >= date);
      if (inTerm)
        for (const lesson of lessons.filter((l) => l.day === weekday))
          busy.push({ from: lesson.from, to: lesson.to, why: 'school' });
      const dayStart = instantOf(date, '00:00').getTime();
      const dayEnd = instantOf(addDays(date, 1), '00:00').getTime();
      for (const booking of bookings) {
        const start = Math.max(booking.startsAt.getTime(), dayStart);
        const end = Math.min(booking.endsAt.getTime(), dayEnd);
        if (end <= start) continue;
        const endClock = end === dayEnd ? '24:00' : wallClockOf(new Date(end)).time;
        busy.push({ from: wallClockOf(new Date(start)).time, to: endClock, why: 'booked' });
      }
      busy.sort((a, b) => a.from.localeCompare(b.from));
    }
    result.push({
      date,
      opens: closedReason ? null : (hours?.opens ?? null),
      closes: closedReason ? null : (hours?.closes ?? null),
      closedReason,
      busy,
    });
  }
  return result;
}

/** The public availability of an active facility. */
export async function publicAvailability(
  db: DbExecutor,
  facilityId: string,
  query: { from?: string | undefined; days: number },
): Promise<TAvailability> {
  const [facility] = await db
    .select()
    .from(facilities)
    .where(and(eq(facilities.id, facilityId), eq(facilities.active, true)));
  if (!facility) throw notFound(M.facilityNotFound);
  const today = todayInSouthAfrica();
  const from = query.from && query.from > today ? query.from : today;
  return { facilityId, days: await facilityDays(db, facility, from, query.days) };
}

export type TSlot = { startsAt: Date; endsAt: Date; priceCents: number; unit: 'hour' | 'day' };

/**
 * The slot a request asks for, priced, or a 400 saying why it cannot be had: closed, outside the
 * opening hours, the school's own use, or taken (the database refuses a taken slot in any case).
 */
export async function checkSlot(
  db: DbExecutor,
  facility: TFacilityRow,
  request: { date: string; unit: 'hour' | 'day'; startTime?: string | undefined; hours?: number | undefined },
  now = new Date(),
): Promise<TSlot> {
  if (!facility.active) throw badRequest(M.facilityInactive);
  const [day] = await facilityDays(db, facility, request.date, 1);
  if (day!.closedReason) throw badRequest(day!.closedReason, { date: day!.closedReason });
  if (!day!.opens || !day!.closes) throw badRequest(M.closedThatDay, { date: M.closedThatDay });
  let from: string;
  let to: string;
  let priceCents: number;
  if (request.unit === 'day') {
    if (!facility.dailyRateCents) throw badRequest(M.noDailyRate, { unit: M.noDailyRate });
    from = day!.opens;
    to = day!.closes;
    priceCents = facility.dailyRateCents;
  } else {
    if (!facility.hourlyRateCents) throw badRequest(M.noHourlyRate, { unit: M.noHourlyRate });
    from = request.startTime!;
    const end = minutesOf(from) + request.hours! * 60;
    if (minutesOf(from) < minutesOf(day!.opens) || end > minutesOf(day!.closes))
      throw badRequest(M.outsideOpeningHours, { startTime: M.outsideOpeningHours });
    to = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
    priceCents = facility.hourlyRateCents * request.hours!;
  }
  const startsAt = instantOf(request.date, from);
  if (startsAt.getTime() <= now.getTime()) throw badRequest(M.inThePast, { date: M.inThePast });
  if (startsAt.getTime() > now.getTime() + 366 * 24 * 3600 * 1000)
    throw badRequest(M.tooFarAhead, { date: M.tooFarAhead });
  const overlaps = (b: { from: string; to: string }) => b.from < to && b.to > from;
  if (day!.busy.some((b) => b.why === 'school' && overlaps(b)))
    throw badRequest(M.schoolUse, { startTime: M.schoolUse });
  return { startsAt, endsAt: instantOf(request.date, to), priceCents, unit: request.unit };
}
