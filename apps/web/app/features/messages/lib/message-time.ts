const ZONE = 'Africa/Johannesburg';
const TIME = new Intl.DateTimeFormat('en-ZA', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hour12: false });
const WEEKDAY = new Intl.DateTimeFormat('en-ZA', { timeZone: ZONE, weekday: 'short' });
const DAY = new Intl.DateTimeFormat('en-ZA', { timeZone: ZONE, day: 'numeric', month: 'short' });
const DAY_YEAR = new Intl.DateTimeFormat('en-ZA', { timeZone: ZONE, day: 'numeric', month: 'short', year: 'numeric' });
const FULL = new Intl.DateTimeFormat('en-ZA', {
  timeZone: ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const dayKey = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);

/**
 * When a message was sent, short, in South African time: '14:05' today, 'Mon 14:05' within the
 * week, '3 Nov' this year, '3 Nov 2025' before.
 */
export function messageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const time = TIME.format(date);
  if (dayKey(date) === dayKey(now)) return time;
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days < 6.5) return `${WEEKDAY.format(date)} ${time}`;
  const day = dayKey(date).slice(0, 4) === dayKey(now).slice(0, 4) ? DAY.format(date) : DAY_YEAR.format(date);
  // en-ZA writes the day with two digits when the year is shown ('01 Dec 2025').
  return day.replace(/^0/, '');
}

/** The whole date and time, for a tooltip and screen readers. */
export function messageTimeInFull(iso: string): string {
  return FULL.format(new Date(iso));
}
