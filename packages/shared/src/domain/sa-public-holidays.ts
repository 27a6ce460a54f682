import { addDays, dayOfWeek } from './sa-calendar.ts';

/*
 * South Africa's public holidays (Public Holidays Act 36 of 1994): the fixed days, Good Friday and
 * Family Day (Easter Monday), and the Monday after any that falls on a Sunday. Bookings treat them
 * as days off unless the provider works them.
 */

const FIXED: [month: number, day: number, name: string][] = [
  [1, 1, "New Year's Day"],
  [3, 21, 'Human Rights Day'],
  [4, 27, 'Freedom Day'],
  [5, 1, "Workers' Day"],
  [6, 16, 'Youth Day'],
  [8, 9, "National Women's Day"],
  [9, 24, 'Heritage Day'],
  [12, 16, 'Day of Reconciliation'],
  [12, 25, 'Christmas Day'],
  [12, 26, 'Day of Goodwill'],
];

const pad = (n: number) => String(n).padStart(2, '0');

/** Easter Sunday of a year (the Gregorian computus), as YYYY-MM-DD. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The public holidays of a year: date → name (a Sunday's holiday also gives its Monday). */
export function southAfricanPublicHolidays(year: number): Map<string, string> {
  const holidays = new Map<string, string>();
  for (const [month, day, name] of FIXED) {
    const date = `${year}-${pad(month)}-${pad(day)}`;
    holidays.set(date, name);
  }
  const easter = easterSunday(year);
  holidays.set(addDays(easter, -2), 'Good Friday');
  holidays.set(addDays(easter, 1), 'Family Day');
  for (const [date, name] of [...holidays]) {
    if (dayOfWeek(date) === 0) {
      const monday = addDays(date, 1);
      if (!holidays.has(monday)) holidays.set(monday, `${name} (observed)`);
    }
  }
  return holidays;
}

/** The holiday's name if the date (YYYY-MM-DD) is a South African public holiday, else null. */
export function publicHolidayOn(isoDate: string): string | null {
  return southAfricanPublicHolidays(Number(isoDate.slice(0, 4))).get(isoDate) ?? null;
}
