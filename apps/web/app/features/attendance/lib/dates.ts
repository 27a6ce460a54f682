/** Calendar helpers for YYYY-MM-DD strings (no time zone: the school's calendar day). */

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

export function formatDay(
  date: string,
  options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
): string {
  return new Intl.DateTimeFormat('en-ZA', { ...options, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
