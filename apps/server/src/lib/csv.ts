import Papa from 'papaparse';
import { SA_TIME_ZONE } from '@sekolo/shared/domain/sa-calendar';

/**
 * The school's CSV exports (attendance, learners): one way to write a file and a time in it.
 *
 * A time is written as the school's wall clock (Africa/Johannesburg, SAST: no daylight saving),
 * "2026-11-02 07:45", the form spreadsheets read as a date and time, and the time the app shows;
 * its column's name ends in `_sast` to say so. An ISO instant in UTC ("2026-11-02T05:45:00.000Z")
 * read two hours early beside the app, and as text in most spreadsheets.
 */
const CSV_TIME_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: SA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `at` as the school's date and time to the minute, "YYYY-MM-DD HH:MM" (SAST). */
export function csvDateTime(at: Date): string {
  const part = Object.fromEntries(CSV_TIME_FORMAT.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/** A CSV file of `fields` and rows, formula cells escaped (a cell starting =, +, - or @), CRLF lines. */
export function toCsv(fields: readonly string[], data: unknown[][]): string {
  return Papa.unparse({ fields: [...fields], data }, { escapeFormulae: true, newline: '\r\n' });
}
