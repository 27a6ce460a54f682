/**
 * Cron schedules checked one minute at a time: a schedule is five sets of allowed values (minute,
 * hour, day of month, month, day of week), and a minute is due when its wall-clock time in the
 * schedule's time zone is in all five (day of month or day of week, as cron reads them when both are
 * restricted). Matching a minute costs a few set lookups, where walking back to a schedule's previous
 * time (what a cron library's `prev()` does) costs one step per minute in between.
 */

export type TCron = {
  minute: ReadonlySet<number>;
  hour: ReadonlySet<number>;
  dayOfMonth: ReadonlySet<number>;
  month: ReadonlySet<number>;
  dayOfWeek: ReadonlySet<number>;
  /** Day of month and day of week both restricted: either one makes the day due. */
  eitherDay: boolean;
};

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;

function parseField(text: string, { name, min, max }: (typeof FIELDS)[number]): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`cron: "${part}" is not a ${name}`);
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] ? max : from;
    const step = match[4] ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1) throw new Error(`cron: "${part}" is out of range for ${name}`);
    for (let v = from; v <= to; v += step) values.add(name === 'day of week' && v === 7 ? 0 : v);
  }
  return values;
}

/** Parses a five-field cron expression (numbers, `*`, ranges, lists and steps). */
export function parseCron(expression: string): TCron {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`cron: "${expression}" does not have five fields`);
  const [minute, hour, dayOfMonth, month, dayOfWeek] = parts.map((part, i) => parseField(part, FIELDS[i]!));
  return {
    minute: minute!,
    hour: hour!,
    dayOfMonth: dayOfMonth!,
    month: month!,
    dayOfWeek: dayOfWeek!,
    eitherDay: parts[2] !== '*' && parts[4] !== '*',
  };
}

export type TWallClock = { minute: number; hour: number; dayOfMonth: number; month: number; dayOfWeek: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The wall-clock minute of an instant in a time zone (UTC when none is given). */
export function wallClock(at: Date, timeZone = 'UTC'): TWallClock {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      minute: 'numeric',
      hour: 'numeric',
      day: 'numeric',
      month: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(at)) parts[type] = value;
  return {
    minute: Number(parts.minute),
    hour: Number(parts.hour),
    dayOfMonth: Number(parts.day),
    month: Number(parts.month),
    dayOfWeek: WEEKDAYS[parts.weekday!]!,
  };
}

/** Whether a schedule is due in the given wall-clock minute. */
export function cronMatches(cron: TCron, time: TWallClock): boolean {
  if (!cron.minute.has(time.minute) || !cron.hour.has(time.hour) || !cron.month.has(time.month)) return false;
  const byMonthDay = cron.dayOfMonth.has(time.dayOfMonth);
  const byWeekDay = cron.dayOfWeek.has(time.dayOfWeek);
  return cron.eitherDay ? byMonthDay || byWeekDay : byMonthDay && byWeekDay;
}
