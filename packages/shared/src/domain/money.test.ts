import { describe, it, expect } from 'vitest';
import { formatZar, formatZarWhole, percentOf } from './money.ts';
import { PLATFORM_COMMISSION_BPS, PROCESSING_FEE_BPS } from '../constants/fees.ts';

describe('formatZar', () => {
  it('writes amounts the South African way with an ASCII space and a decimal comma', () => {
    expect(formatZar(106800)).toBe('R1 068,00');
    expect(formatZar(106800)).toBe('R1\u0020068,00');
    expect(formatZar(0)).toBe('R0,00');
    expect(formatZar(5)).toBe('R0,05');
    expect(formatZar(99)).toBe('R0,99');
    expect(formatZar(59900)).toBe('R599,00');
    expect(formatZar(1299900)).toBe('R12 999,00');
    expect(formatZar(123456789)).toBe('R1 234 567,89');
  });

  it('puts the minus sign before the R', () => {
    expect(formatZar(-5000)).toBe('-R50,00');
    expect(formatZar(-106801)).toBe('-R1 068,01');
  });

  it('rejects fractional cents', () => {
    expect(() => formatZar(10.5)).toThrow(RangeError);
    expect(() => formatZar(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatZarWhole', () => {
  it('drops the cents for whole-rand amounts', () => {
    expect(formatZarWhole(106800)).toBe('R1 068');
    expect(formatZarWhole(59900)).toBe('R599');
    expect(formatZarWhole(1299900)).toBe('R12 999');
    expect(formatZarWhole(0)).toBe('R0');
    expect(formatZarWhole(-5000)).toBe('-R50');
  });

  it('keeps the cents rather than hiding them', () => {
    expect(formatZarWhole(106850)).toBe('R1 068,50');
  });
});

describe('percentOf', () => {
  it('matches the spec example: on R1000 the school gets R950 and the parent pays R1 068,00', () => {
    const price = 100000;
    const commission = percentOf(price, PLATFORM_COMMISSION_BPS);
    const processing = percentOf(price, PROCESSING_FEE_BPS);
    expect(commission).toBe(5000);
    expect(formatZar(commission)).toBe('R50,00');
    expect(price - commission).toBe(95000);
    expect(processing).toBe(6800);
    expect(formatZar(processing)).toBe('R68,00');
    expect(formatZar(price + processing)).toBe('R1 068,00');
  });

  it('rounds half away from zero to the nearest cent', () => {
    expect(percentOf(10, 500)).toBe(1); // 0.5 c → 1 c
    expect(percentOf(9, 500)).toBe(0); // 0.45 c → 0 c
    expect(percentOf(-10, 500)).toBe(-1); // -0.5 c → -1 c
    expect(percentOf(-9, 500)).toBe(0);
    expect(percentOf(1, 5000)).toBe(1); // 0.5 c → 1 c
    expect(percentOf(3, 5000)).toBe(2); // 1.5 c → 2 c
    expect(percentOf(12345, 680)).toBe(839); // 839.46 c
    expect(percentOf(12353, 680)).toBe(840); // 840.004 c
  });

  it('is exact for whole percentages and zero', () => {
    expect(percentOf(0, 680)).toBe(0);
    expect(percentOf(100000, 10000)).toBe(100000);
    expect(percentOf(100000, 0)).toBe(0);
  });

  it('rejects non-integer inputs', () => {
    expect(() => percentOf(100.5, 500)).toThrow(RangeError);
    expect(() => percentOf(100, 6.8)).toThrow(RangeError);
  });
});
