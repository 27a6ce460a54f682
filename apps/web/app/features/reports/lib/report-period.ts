import { addDays } from '@sekolo/shared/domain/sa-calendar';
import { ATTENDANCE_EARLIEST_DATE } from '@sekolo/shared/schemas/attendance';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The attendance report's period from the page's address: `from` and `to` as given when they are
 * days from the earliest register to today, in order; otherwise the last 30 days up to today.
 */
export function reportPeriod(params: URLSearchParams, today: string): { from: string; to: string } {
  const valid = (value: string | null): value is string =>
    value !== null && DAY.test(value) && value >= ATTENDANCE_EARLIEST_DATE && value <= today;
  const to = valid(params.get('to')) ? params.get('to')! : today;
  const from = valid(params.get('from')) && params.get('from')! <= to ? params.get('from')! : addDays(to, -29);
  return { from: from < ATTENDANCE_EARLIEST_DATE ? ATTENDANCE_EARLIEST_DATE : from, to };
}

/** A level's share of a class's marked learners, as a whole percentage of the bar. */
export function levelShares(levels: readonly number[]): number[] {
  const total = levels.reduce((sum, n) => sum + n, 0);
  return levels.map((n) => (total ? (n / total) * 100 : 0));
}
