import { formatLongDate } from '@sekolo/shared/domain/sa-calendar';
import { WEEKDAY_NAMES } from '@sekolo/shared/schemas/facilities';

export const weekdayName = (day: number) => WEEKDAY_NAMES[day - 1] ?? '';
export const whenOf = (b: { date: string; startTime: string; endTime: string }) =>
  `${formatLongDate(b.date)}, ${b.startTime} to ${b.endTime}`;

/** '450' or '3 200,50' → cents; null when it is not an amount. */
export function randToCents(value: string): number | null {
  const cleaned = value.replace(/[\sR]/g, '').replace(',', '.');
  if (!cleaned) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Math.round(Number(cleaned) * 100);
}
export const centsToRand = (cents: number | null) => (cents === null ? '' : String(cents / 100).replace('.', ','));
