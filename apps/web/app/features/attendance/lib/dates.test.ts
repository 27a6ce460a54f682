import { describe, expect, it } from 'vitest';
import { formatDay, monthOf, monthRange } from './dates';

describe('attendance dates', () => {
  it('gives a month’s first and last day, leap years included', () => {
    expect(monthRange('2024-02', '2026-11-29')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2026-10', '2026-11-29')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });
  it('ends a month still running today, not on a day to come', () => {
    expect(monthRange('2026-11', '2026-11-29')).toEqual({ from: '2026-11-01', to: '2026-11-29' });
    expect(monthRange('2026-11', '2026-11-30')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthOf('2026-11-23')).toBe('2026-11');
  });
  it('formats a day without shifting it by the time zone', () => {
    expect(formatDay('2026-11-23', { day: 'numeric', month: 'long' })).toBe('23 November');
  });
});
