/** Calendar helpers for YYYY-MM-DD strings (no time zone: the school's calendar day). */

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/**
 * A month's first day and its last, or the school's `today` while the month runs: a period never
 * ends on a day that has not come yet (its rates and export say what was counted).
 */
export function monthRange(month: string, today: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
  return { from: `${month}-01`, to: last > today ? today : last };
}

export function formatDay(
  date: string,
  options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
): string {
  return new Intl.DateTimeFormat('en-ZA', { ...options, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
