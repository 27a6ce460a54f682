import type { DbExecutor } from '../../../platform/db/client.ts';
import { getTerms } from './terms.ts';

/** 1 Monday … 7 Sunday of a calendar date (the school's day, already in its time zone). */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Whether the date falls in one of the school's terms; a year we hold no calendar for counts as term time. */
async function inTerm(db: DbExecutor, organizationId: string, date: string): Promise<boolean> {
  const calendar = await getTerms(db, organizationId, Number(date.slice(0, 4)));
  if (calendar.source === 'none') return true;
  return calendar.terms.some((t) => t.startsOn <= date && date <= t.endsOn);
}

/**
 * Why `date` is not a school day of the school, or null when it is one: a weekend, or a weekday
 * outside its terms (the school's own dates, else the SA calendar). The teacher dashboard, the
 * attendance page's day and the school dashboard agree on it: on such a day no register is due,
 * though one may still be kept (a Saturday class).
 */
export async function notSchoolDayReason(
  db: DbExecutor,
  organizationId: string,
  date: string,
): Promise<'weekend' | 'holiday' | null> {
  if (isoWeekday(date) > 5) return 'weekend';
  return (await inTerm(db, organizationId, date)) ? null : 'holiday';
}
