import { describe, expect, it } from 'vitest';
import { currentYearTerm, yearTermOf } from './school-term';

describe('the year and term a page keeps in its address', () => {
  const now = { year: 2026, term: 4 };

  it('takes this year or last and any of the four terms', () => {
    expect(yearTermOf(new URLSearchParams('year=2025&term=2'), now)).toEqual({ year: 2025, term: 2 });
    expect(yearTermOf(new URLSearchParams('year=2026&term=1'), now)).toEqual({ year: 2026, term: 1 });
  });

  it("falls back to today's year and term for an old bookmark, a typo or nothing", () => {
    expect(yearTermOf(new URLSearchParams('year=2019&term=5'), now)).toEqual(now);
    expect(yearTermOf(new URLSearchParams('year=twenty&term='), now)).toEqual(now);
    expect(yearTermOf(new URLSearchParams(''), now)).toEqual(now);
  });

  it('counts terms by quarter', () => {
    expect(currentYearTerm('2026-03-31')).toEqual({ year: 2026, term: 1 });
    expect(currentYearTerm('2026-04-01')).toEqual({ year: 2026, term: 2 });
    expect(currentYearTerm('2026-12-04')).toEqual({ year: 2026, term: 4 });
  });
});
