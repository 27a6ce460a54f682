import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDate,
  formatDateOfInstant,
  formatLongDate,
  isIsoDate,
  isWeekday,
  nextWeekday,
  todayInSouthAfrica,
} from './sa-calendar.ts';

describe('South African calendar dates', () => {
  it('takes today from Johannesburg time, not UTC', () => {
    // 23:30 UTC on 1 March is already 2 March in South Africa (UTC+2).
    expect(todayInSouthAfrica(new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
    expect(todayInSouthAfrica(new Date('2026-03-01T21:59:00Z'))).toBe('2026-03-01');
  });

  it('recognises real dates only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
  });

  it('knows weekdays from weekends', () => {
    expect(isWeekday('2026-03-06')).toBe(true); // Friday
    expect(isWeekday('2026-03-07')).toBe(false); // Saturday
    expect(isWeekday('2026-03-08')).toBe(false); // Sunday
    expect(nextWeekday('2026-03-06')).toBe('2026-03-09');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('writes dates out in full', () => {
    expect(formatLongDate('2026-03-03')).toBe('Tuesday, 3 March 2026');
  });

  it('writes a date without its weekday, and an instant as its South African day, never zero-padded', () => {
    expect(formatDate('2026-11-09')).toBe('9 November 2026');
    // 22:30 UTC on 8 November is already 9 November in South Africa.
    expect(formatDateOfInstant('2026-11-08T22:30:00Z')).toBe('9 November 2026');
    expect(formatLongDate('2026-11-09')).toBe('Monday, 9 November 2026');
  });
});
