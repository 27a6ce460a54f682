import { describe, expect, it } from 'vitest';
import { termYears } from './terms-editor';

describe('termYears', () => {
  it('offers this school year and the next, whatever the year', () => {
    expect(termYears('2026-11-29')).toEqual([2026, 2027]);
    // It offered 2026 and 2027 only: from 2028 a school could not enter its terms.
    expect(termYears('2028-02-10')).toEqual([2028, 2029]);
  });
});
