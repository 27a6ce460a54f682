import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { SA_TIME_ZONE } from '@sekolo/shared/domain/sa-calendar';
import { nextTurn } from './time-slice.ts';

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

/** A CSV file read with its header row: each row by column name, as Papa.parse with `header: true`. */
export type TCsvWithHeader = { rows: Record<string, string>[]; fields: string[] };

/**
 * Papa.parse(text, { header: true, skipEmptyLines: 'greedy', transformHeader }) read in slices of
 * `sliceChars` with a turn of the event loop between them, so a 4 MB upload never holds the server
 * for the whole parse. Papa's own stream reader joins a row cut by a slice (even inside a quoted
 * cell); the line break is guessed once on the whole text, as Papa.parse of the string guesses it,
 * since a slice alone could guess otherwise. The slices stay strings (an object stream): one cut
 * between the two halves of an emoji joins up again, where a Buffer would turn each half into U+FFFD.
 */
export async function parseCsvWithHeader(
  text: string,
  transformHeader: (header: string) => string,
  sliceChars = 64 * 1024,
): Promise<TCsvWithHeader> {
  const newline = Papa.parse(text, { preview: 1 }).meta.linebreak as '\n' | '\r\n' | '\r';
  const slices = (async function* () {
    for (let at = 0; at < text.length; at += sliceChars) {
      yield text.slice(at, at + sliceChars);
      await nextTurn();
    }
  })();
  return new Promise((resolve, reject) => {
    Papa.parse<Record<string, string>>(Readable.from(slices), {
      header: true,
      skipEmptyLines: 'greedy',
      newline,
      transformHeader,
      complete: (results) => resolve({ rows: results.data, fields: results.meta.fields ?? [] }),
      error: (error: unknown) => reject(error as Error),
    });
  });
}
