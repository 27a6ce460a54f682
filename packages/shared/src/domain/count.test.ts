import { describe, expect, it } from 'vitest';
import { countOf } from './count';

describe('countOf: counts with their noun (the import screen, the dashboards)', () => {
  it('is singular for exactly one', () => {
    expect(`Import ${countOf(1, 'learner')}`).toBe('Import 1 learner');
    expect(`${countOf(1, 'learner')} imported.`).toBe('1 learner imported.');
    expect(`Import only the ${countOf(1, 'valid row')}`).toBe('Import only the 1 valid row');
    expect(`${countOf(1, 'row')}: 1 valid, 0 with errors.`).toBe('1 row: 1 valid, 0 with errors.');
  });

  it('is plural for none and for more than one', () => {
    expect(countOf(0, 'learner')).toBe('0 learners');
    expect(countOf(3, 'learner')).toBe('3 learners');
    expect(countOf(2, 'valid row')).toBe('2 valid rows');
    expect(countOf(2, 'child', 'children')).toBe('2 children');
  });
});
