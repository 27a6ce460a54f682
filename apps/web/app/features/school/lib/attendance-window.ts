import { countOf } from '@sekolo/shared/domain/count';
import type { TAttendanceSummary } from '@sekolo/shared/schemas/family';

/** A school day as people read it, e.g. "Monday, 23 November" (YYYY-MM-DD, no time zone). */
export function formatSchoolDay(date: string, options: Intl.DateTimeFormatOptions = {}): string {
  return new Intl.DateTimeFormat('en-ZA', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
    ...options,
  }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * The days an attendance summary covers, as its card says them: "The last 30 school days,
 * 9 October to 20 November.", naming the other days with a register kept (a Saturday class) that
 * its figures count too.
 */
export function attendanceWindowText(summary: Pick<TAttendanceSummary, 'from' | 'to' | 'schoolDays' | 'otherDays'>) {
  const short = { weekday: undefined } as const;
  const others = summary.otherDays > 0 ? ` and ${countOf(summary.otherDays, 'other day')} with a register kept` : '';
  return `The last ${summary.schoolDays} school days${others}, ${formatSchoolDay(summary.from, short)} to ${formatSchoolDay(summary.to, short)}.`;
}

/**
 * When some days of the window have no mark for the learner (no register kept that day, or before
 * they joined the class), how many do: "Registers marked for Kabelo on 20 of these 30 days.", so
 * that the four figures, which add up to the marked days, are not read as the whole window. Null
 * when every day has a mark, or none does (the card then says so itself).
 */
export function markedDaysText(
  summary: Pick<TAttendanceSummary, 'schoolDays' | 'otherDays' | 'counts'>,
  name: string,
): string | null {
  const { present, late, absent, excused } = summary.counts;
  const marked = present + late + absent + excused;
  const days = summary.schoolDays + summary.otherDays;
  if (marked === 0 || marked >= days) return null;
  return `Registers marked for ${name} on ${marked} of these ${countOf(days, 'day')}.`;
}
