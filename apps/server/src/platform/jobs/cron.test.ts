import { describe, expect, it } from 'vitest';
import { cronMatches, parseCron, wallClock } from './cron.ts';

const due = (expression: string, iso: string, tz = 'Africa/Johannesburg') =>
  cronMatches(parseCron(expression), wallClock(new Date(iso), tz));

describe('cron schedules, one minute at a time', () => {
  it("reads the school's clock: 07:00 in Johannesburg is 05:00 UTC", () => {
    expect(due('0 7 * * *', '2026-03-02T05:00:00Z')).toBe(true);
    expect(due('0 7 * * *', '2026-03-02T07:00:00Z')).toBe(false);
    expect(due('0 7 * * *', '2026-03-02T07:00:00Z', 'UTC')).toBe(true);
  });

  it('takes steps, ranges and lists', () => {
    expect(due('*/5 * * * *', '2026-03-02T10:35:00Z')).toBe(true);
    expect(due('*/5 * * * *', '2026-03-02T10:36:00Z')).toBe(false);
    expect(due('*/15 8-9 * * *', '2026-03-02T07:45:00Z')).toBe(true); // 09:45 SAST
    expect(due('*/15 8-9 * * *', '2026-03-02T08:00:00Z')).toBe(false); // 10:00 SAST
    expect(due('5,35 0 * * *', '2026-03-01T22:35:00Z')).toBe(true); // 00:35 SAST on the next day
  });

  it('keeps to the weekday and the day of the month of the local date', () => {
    // Monday 2 March 2026, 06:30 SAST, is Monday 04:30 UTC.
    expect(due('30 6 * * 1', '2026-03-02T04:30:00Z')).toBe(true);
    expect(due('30 6 * * 1', '2026-03-03T04:30:00Z')).toBe(false);
    // 00:10 SAST on Monday is still Sunday in UTC.
    expect(due('10 0 * * 1', '2026-03-01T22:10:00Z')).toBe(true);
    expect(due('10 0 * * 7', '2026-03-01T22:10:00Z')).toBe(false);
    expect(due('10 0 * * 0', '2026-02-28T22:10:00Z')).toBe(true); // Sunday 1 March, 7 and 0 alike
    expect(due('0 8 1 * *', '2026-04-01T06:00:00Z')).toBe(true);
    expect(due('0 8 1 * *', '2026-04-02T06:00:00Z')).toBe(false);
  });

  it('runs on either day when both the day of the month and the weekday are given, as cron does', () => {
    expect(due('0 8 1 * 5', '2026-04-01T06:00:00Z')).toBe(true); // the 1st, a Wednesday
    expect(due('0 8 1 * 5', '2026-04-03T06:00:00Z')).toBe(true); // a Friday
    expect(due('0 8 1 * 5', '2026-04-02T06:00:00Z')).toBe(false);
  });

  it('refuses what it cannot read, with the field named', () => {
    expect(() => parseCron('0 7 * *')).toThrow(/five fields/);
    expect(() => parseCron('61 * * * *')).toThrow(/minute/);
    expect(() => parseCron('0 24 * * *')).toThrow(/hour/);
    expect(() => parseCron('0 7 * * MON')).toThrow(/day of week/);
    expect(() => wallClock(new Date(), 'Africa/Nowhere')).toThrow();
  });
});
