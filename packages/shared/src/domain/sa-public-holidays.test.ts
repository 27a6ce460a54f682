import { describe, expect, it } from 'vitest';
import { easterSunday, publicHolidayOn, southAfricanPublicHolidays } from './sa-public-holidays.ts';

describe('South African public holidays', () => {
  it('finds Easter and the holidays it moves', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(publicHolidayOn('2026-04-03')).toBe('Good Friday');
    expect(publicHolidayOn('2026-04-06')).toBe('Family Day');
  });

  it('keeps the fixed days and gives a Sunday holiday its Monday', () => {
    expect(publicHolidayOn('2026-12-16')).toBe('Day of Reconciliation');
    expect(publicHolidayOn('2026-08-09')).toBe("National Women's Day");
    expect(publicHolidayOn('2026-08-10')).toBe("National Women's Day (observed)");
    expect(publicHolidayOn('2027-12-27')).toBe('Day of Goodwill (observed)');
    expect(publicHolidayOn('2026-12-02')).toBeNull();
    expect(southAfricanPublicHolidays(2026).size).toBeGreaterThanOrEqual(12);
  });
});
