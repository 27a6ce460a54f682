import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '@sekolo/shared/domain/sa-calendar';
import { attendanceRecords } from '../../../platform/db/schema/index.ts';

/** Each ISO date from `from` to `to`, both included (none when `from` is later). */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The marks of the days from `from` to `to` (ISO dates, both included), as the condition to put
 * beside one school and one learner: `date = any(the days, one by one)`. PostgreSQL then reads the
 * marks' key (organization_id, date, learner_id) with a probe a day. A range on the date (`date
 * between`) would read every learner's marks of those days, as no index of the marks is led by the
 * learner (migration 0026, docs/decisions/007-school-scale-on-two-cores.md). The days are a parameter, so the planner knows how many.
 */
export function onEachDay(from: string, to: string): SQL {
  return sql`${attendanceRecords.date} = any(${`{${eachDay(from, to).join(',')}}`}::date[])`;
}
