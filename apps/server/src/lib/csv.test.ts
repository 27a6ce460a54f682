import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { csvDateTime, toCsv } from './csv.ts';

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
});
