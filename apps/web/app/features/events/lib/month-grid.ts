import { addDays } from '@sekolo/shared/domain/sa-calendar';

/** 'YYYY-MM' → the weeks (Monday first) that show that month, each seven ISO dates. */
export function monthWeeks(month: string): string[][] {
  const first = `${month}-01`;
  const weekday = new Date(`${first}T00:00:00Z`).getUTCDay(); // 0 Sunday
  let day = addDays(first, -((weekday + 6) % 7));
  const weeks: string[][] = [];
  do {
    const week: string[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  } while (day.slice(0, 7) === month);
  return weeks;
}

/** The month before or after 'YYYY-MM'. */
export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** 'September 2026'. */
export function monthLabel(month: string): string {
  return new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-ZA', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The last date of 'YYYY-MM'. */
export function monthEnd(month: string): string {
  return addDays(`${shiftMonth(month, 1)}-01`, -1);
}
