import { describe, expect, it } from 'vitest';
import { currentYearTerm, formatDateTime, localToIso } from './dates';

describe('academic dates', () => {
  it('puts a day in its year and term', () => {
    expect(currentYearTerm('2026-02-10')).toEqual({ year: 2026, term: 1 });
    expect(currentYearTerm('2026-06-30')).toEqual({ year: 2026, term: 2 });
    expect(currentYearTerm('2026-12-02')).toEqual({ year: 2026, term: 4 });
  });
  it('reads a due date-time as South African time', () => {
    expect(localToIso('2026-03-06T14:00')).toBe('2026-03-06T14:00:00+02:00');
    expect(localToIso('2026-03-06')).toBe('');
    expect(formatDateTime('2026-03-06T12:00:00Z')).toBe('6 March 2026 at 14:00');
  });
});
