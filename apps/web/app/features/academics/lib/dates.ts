export { currentYearTerm } from '~/lib/school-term';

/** '23 November 2026 at 14:05' in South African time. */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en-ZA', {
    timeZone: 'Africa/Johannesburg',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}

/**
 * The ISO date-time with South Africa's offset of a `datetime-local` value ("2026-03-06T14:00"),
 * or "" for an incomplete one (the schema then names the field). South Africa keeps +02:00 all year.
 */
export function localToIso(local: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00+02:00` : '';
}
