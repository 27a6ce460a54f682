import type { TEvent } from '@sekolo/shared/schemas/events';
import { formatLongDate } from '@sekolo/shared/domain/sa-calendar';

/** '24 September 2026, 18:00 to 20:30' (South African time). */
export function whenOf(event: Pick<TEvent, 'startDate' | 'startTime' | 'endDate' | 'endTime'>): string {
  const end = event.endDate === event.startDate ? event.endTime : `${formatLongDate(event.endDate)}, ${event.endTime}`;
  return `${formatLongDate(event.startDate)}, ${event.startTime} to ${end}`;
}

/** An instant's time of day in South Africa, e.g. '18:42'. */
export function timeOfDay(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-ZA', {
    timeZone: 'Africa/Johannesburg',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
}

/** A price typed in rand ('350', '60,50', 'R30') in cents; null when it is not an amount. */
export function randToCents(text: string): number | null {
  const compact = text
    .replace(/[\s\u00a0]/g, '')
    .replace(/^R/i, '')
    .replace(',', '.');
  if (compact === '' || !/^\d+(\.\d{1,2})?$/.test(compact)) return null;
  return Math.round(Number(compact) * 100);
}

/** Cents as the form shows them to edit: 35000 → '350', 6050 → '60,50'. */
export function centsToRand(cents: number): string {
  const rest = cents % 100;
  return rest === 0 ? String(cents / 100) : `${Math.trunc(cents / 100)},${String(rest).padStart(2, '0')}`;
}
