/**
 * Calendar dates as South Africans see them. Dates travel as ISO strings ('YYYY-MM-DD') so no time
 * zone can shift them by a day; "today" is the date in Africa/Johannesburg, wherever the code runs.
 */

export const SA_TIME_ZONE = 'Africa/Johannesburg';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's date in South Africa, 'YYYY-MM-DD'. */
export function todayInSouthAfrica(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: SA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** A real calendar date in 'YYYY-MM-DD' form (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** 0 Sunday … 6 Saturday. */
export function dayOfWeek(isoDate: string): number {
  return new Date(`${isoDate}T00:00:00Z`).getUTCDay();
}

export function isWeekday(isoDate: string): boolean {
  const day = dayOfWeek(isoDate);
  return day >= 1 && day <= 5;
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first weekday strictly after `isoDate`. */
export function nextWeekday(isoDate: string): string {
  let date = addDays(isoDate, 1);
  while (!isWeekday(date)) date = addDays(date, 1);
  return date;
}

// Built once: constructing an Intl.DateTimeFormat costs about 0.1 ms, formatting with one 1 µs.
const LONG_DATE = new Intl.DateTimeFormat('en-ZA', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const DATE = new Intl.DateTimeFormat('en-ZA', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });

/** '2026-03-03' → 'Tuesday, 3 March 2026'. */
export function formatLongDate(isoDate: string): string {
  return LONG_DATE.format(new Date(`${isoDate}T00:00:00Z`));
}

/** '2026-03-03' → '3 March 2026': formatLongDate without the weekday (a date of birth, a policy's date). */
export function formatDate(isoDate: string): string {
  return DATE.format(new Date(`${isoDate}T00:00:00Z`));
}

/** The South African day of an instant in words: '2026-11-08T22:30:00Z' → '9 November 2026'. */
export function formatDateOfInstant(instant: string | Date): string {
  return formatDate(todayInSouthAfrica(new Date(instant)));
}
