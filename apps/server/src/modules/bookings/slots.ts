import { addDays, dayOfWeek, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { publicHolidayOn } from '@sekolo/shared/domain/sa-public-holidays';

/*
 * Free times of a one-to-one service, as pure functions: the provider's weekly hours on each date
 * (South African time, UTC+2 all year: no daylight saving), less days off and South African public
 * holidays (unless the provider works them), plus extra hours, cut into slots of the service's
 * length, less what is already taken and what has begun.
 */

export type TWeekly = { weekday: number; startMinute: number; endMinute: number };
export type TException = {
  date: string;
  kind: 'day_off' | 'extra';
  startMinute: number | null;
  endMinute: number | null;
};
export type TInterval = { start: number; end: number };
export type TSlot = { startsAt: string; endsAt: string };

const SA_OFFSET = '+02:00';
const MINUTE = 60_000;

/** The instant of a South African date and minute after its midnight. */
export function instantOf(date: string, minute: number): number {
  return Date.parse(`${date}T00:00:00${SA_OFFSET}`) + minute * MINUTE;
}

/** The South African date of an instant. */
export function saDateOf(instant: number | Date): string {
  return todayInSouthAfrica(new Date(instant));
}

export type TDayPlan = { date: string; windows: TInterval[]; dayOff: string | null };

/** Each date's bookable windows (as instants), or why it is a day off. */
export function dayPlans(input: {
  from: string;
  days: number;
  weekly: readonly TWeekly[];
  exceptions: readonly TException[];
  openOnPublicHolidays: boolean;
}): TDayPlan[] {
  const plans: TDayPlan[] = [];
  for (let i = 0; i < input.days; i++) {
    const date = addDays(input.from, i);
    const exceptions = input.exceptions.filter((e) => e.date === date);
    const extra = exceptions
      .filter((e) => e.kind === 'extra' && e.startMinute !== null && e.endMinute !== null)
      .map((e) => ({ start: instantOf(date, e.startMinute!), end: instantOf(date, e.endMinute!) }));
    const holiday = publicHolidayOn(date);
    let dayOff: string | null = null;
    if (exceptions.some((e) => e.kind === 'day_off')) dayOff = 'Day off';
    else if (holiday && !input.openOnPublicHolidays) dayOff = holiday;
    const weekly = dayOff
      ? []
      : input.weekly
          .filter((w) => w.weekday === dayOfWeek(date))
          .map((w) => ({ start: instantOf(date, w.startMinute), end: instantOf(date, w.endMinute) }));
    plans.push({
      date,
      windows: [...weekly, ...extra].sort((a, b) => a.start - b.start),
      dayOff: extra.length ? null : dayOff,
    });
  }
  return plans;
}

const overlaps = (a: TInterval, b: TInterval) => a.start < b.end && b.start < a.end;

/** The slots of `durationMinutes` in the plans' windows that start after `now` and overlap nothing busy. */
export function freeSlots(
  plans: readonly TDayPlan[],
  durationMinutes: number,
  busy: readonly TInterval[],
  now: number,
): TSlot[] {
  const length = durationMinutes * MINUTE;
  const seen = new Set<number>();
  const slots: TSlot[] = [];
  for (const plan of plans) {
    for (const window of plan.windows) {
      for (let start = window.start; start + length <= window.end; start += length) {
        const slot = { start, end: start + length };
        if (start <= now || seen.has(start) || busy.some((b) => overlaps(b, slot))) continue;
        seen.add(start);
        slots.push({ startsAt: new Date(start).toISOString(), endsAt: new Date(start + length).toISOString() });
      }
    }
  }
  return slots.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}
