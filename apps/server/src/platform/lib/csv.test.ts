import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { csvDateTime, parseCsvWithHeader, toCsv } from './csv.ts';

describe('csv', () => {
  it('writes a time as the school’s date and time (SAST), as the app shows it', () => {
    expect(csvDateTime(new Date('2026-11-02T05:45:00.000Z'))).toBe('2026-11-02 07:45');
    // The day turns at midnight in South Africa, two hours before UTC's.
    expect(csvDateTime(new Date('2026-11-01T22:30:59.999Z'))).toBe('2026-11-02 00:30');
    expect(csvDateTime(new Date('2026-12-31T21:59:00Z'))).toBe('2026-12-31 23:59');
    // No daylight saving: the same two hours in winter.
    expect(csvDateTime(new Date('2026-06-15T10:05:00Z'))).toBe('2026-06-15 12:05');
  });

  it('escapes formula cells and ends lines with CRLF', () => {
    const csv = toCsv(['name', 'marked_at_sast'], [['=SUM(A1)', csvDateTime(new Date('2026-11-02T05:45:00Z'))]]);
    expect(csv).toBe('name,marked_at_sast\r\n"\'=SUM(A1)",2026-11-02 07:45');
    expect(Papa.parse(csv, { header: true }).data).toEqual([{ name: "'=SUM(A1)", marked_at_sast: '2026-11-02 07:45' }]);
  });

  it('reads a file in slices exactly as Papa.parse reads it whole, wherever a slice cuts a row', async () => {
    const transformHeader = (header: string) => header.trim().toLowerCase().replace(/\s+/g, '_');
    const files = [
      // Quoted cells with commas, line breaks and doubled quotes; a blank line; a short and a long row.
      'First Name,Last Name,address\r\nZoë,"O""Brien","12 Jacaranda St,\r\nPretoria"\r\n\r\n😀 Lee,Ng\r\nA,B,C,extra\r\n',
      // LF only, a duplicated header, a stray quote inside a cell, no line break at the end.
      'a,b,a\nx"y,"q\nr",z\n  ,  \n1,2,3',
      // Old Mac line breaks.
      'a,b\r1,2\r3,"4\r5"\r',
      // Just a header.
      'first_name,last_name',
    ];
    for (const text of files) {
      const whole = Papa.parse<Record<string, string>>(text, {
        header: true,
        skipEmptyLines: 'greedy',
        transformHeader,
      });
      for (const sliceChars of [1, 2, 3, 5, 7, 64 * 1024]) {
        const sliced = await parseCsvWithHeader(text, transformHeader, sliceChars);
        expect(sliced, `${JSON.stringify(text)} in slices of ${sliceChars}`).toEqual({
          rows: whole.data,
          fields: whole.meta.fields,
        });
      }
    }
  });
});
