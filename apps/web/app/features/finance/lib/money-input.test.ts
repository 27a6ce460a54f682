import { describe, expect, it } from 'vitest';
import { centsToRandInput, formatZarCompact, percentToBps, randToCents, reminderDaysOf } from './money-input';

describe('randToCents: amounts as people type them', () => {
  it('reads whole rands, decimal commas and points, and thousands spaces', () => {
    expect(randToCents('1000')).toBe(100_000);
    expect(randToCents('1 068,50')).toBe(106_850);
    expect(randToCents('R1 068,50')).toBe(106_850);
    expect(randToCents('r 950')).toBe(95_000);
    expect(randToCents('1068.5')).toBe(106_850);
    expect(randToCents('1,068.50')).toBe(106_850);
    expect(randToCents('12 500')).toBe(1_250_000);
    expect(randToCents('0,05')).toBe(5);
  });

  it('refuses what is not an amount', () => {
    expect(randToCents('')).toBeNull();
    expect(randToCents('   ')).toBeNull();
    expect(randToCents('-100')).toBeNull();
    expect(randToCents('12,345')).toBe(1_234_500);
    expect(randToCents('1,0685')).toBeNull();
    expect(randToCents('ten')).toBeNull();
    expect(randToCents('100 000 000')).toBe(10_000_000_000);
    expect(randToCents('9'.repeat(20))).toBeNull();
  });

  it('gives back what a form shows for editing', () => {
    expect(centsToRandInput(106_850)).toBe('1068,50');
    expect(centsToRandInput(100_000)).toBe('1000');
    expect(randToCents(centsToRandInput(106_805))).toBe(106_805);
  });
});

describe('compact amounts', () => {
  it('shortens amounts for an axis', () => {
    expect(formatZarCompact(95_000)).toBe('R950');
    expect(formatZarCompact(1_250_000)).toBe('R12,5k');
    expect(formatZarCompact(25_000_000)).toBe('R250k');
    expect(formatZarCompact(125_000_000)).toBe('R1,25m');
    expect(formatZarCompact(0)).toBe('R0');
  });
});

describe('percentToBps', () => {
  it('reads a percentage with a comma or a point as basis points, blank as none', () => {
    expect(percentToBps('6,5')).toBe(650);
    expect(percentToBps('12.25 %')).toBe(1225);
    expect(percentToBps('100')).toBe(10_000);
    expect(percentToBps('')).toBe(0);
  });
  it('gives NaN for what is no percentage, for the schema to refuse', () => {
    expect(percentToBps('a lot')).toBeNaN();
    expect(percentToBps('6,555')).toBeNaN();
    expect(percentToBps('-3')).toBeNaN();
  });
});

describe('reminderDaysOf', () => {
  it('reads days listed with commas or spaces, and marks what is no whole number for the schema', () => {
    expect(reminderDaysOf('7, 30, 60')).toEqual([7, 30, 60]);
    expect(reminderDaysOf('7 30')).toEqual([7, 30]);
    expect(reminderDaysOf('')).toEqual([]);
    expect(reminderDaysOf('7, soon')).toEqual([7, Number.NaN]);
  });
});
