import { describe, expect, it } from 'vitest';
import { levelShares, reportPeriod } from './report-period';

describe('reportPeriod', () => {
  const today = '2026-11-20';
  it('is the last 30 days up to today by default', () => {
    expect(reportPeriod(new URLSearchParams(), today)).toEqual({ from: '2026-10-22', to: today });
  });
  it('keeps a period given in the address', () => {
    expect(reportPeriod(new URLSearchParams('from=2026-07-01&to=2026-09-30'), today)).toEqual({
      from: '2026-07-01',
      to: '2026-09-30',
    });
  });
  it('ignores a day after today, a day that is not one, and a start after the end', () => {
    expect(reportPeriod(new URLSearchParams('from=2026-11-01&to=2026-12-31'), today)).toEqual({
      from: '2026-11-01',
      to: today,
    });
    expect(reportPeriod(new URLSearchParams('from=yesterday'), today).from).toBe('2026-10-22');
    expect(reportPeriod(new URLSearchParams('from=2026-11-10&to=2026-11-05'), today)).toEqual({
      from: '2026-10-07',
      to: '2026-11-05',
    });
  });
});

describe('levelShares', () => {
  it('gives each level its share of the marked learners', () => {
    expect(levelShares([1, 0, 0, 1, 0, 0, 2])).toEqual([25, 0, 0, 25, 0, 0, 50]);
    expect(levelShares([0, 0, 0, 0, 0, 0, 0])).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});
