import { describe, expect, it } from 'vitest';
import {
  balanceText,
  copiedText,
  formatBps,
  formatShortDate,
  monthLong,
  monthShort,
  paymentMethodLabel,
} from './format';

describe('finance formats (en-ZA)', () => {
  it('names months without shifting them by the time zone', () => {
    expect(monthShort('2026-01')).toBe('Jan');
    expect(monthShort('2026-12-01')).toBe('Dec');
    expect(monthLong('2026-03')).toBe('March 2026');
  });
  it('prints days as dd/mm/yyyy and rates with a decimal comma', () => {
    expect(formatShortDate('2026-03-07')).toBe('07/03/2026');
    expect(formatBps(8750)).toBe('87,5 %');
    expect(formatBps(10_000)).toBe('100,0 %');
  });
  it('names payment methods as the accountant knows them', () => {
    expect(paymentMethodLabel('card_machine')).toBe('Card machine');
    expect(paymentMethodLabel('eft')).toBe('EFT');
  });
  it('says a negative balance is credit', () => {
    expect(balanceText(106_800)).toBe('R1 068,00');
    expect(balanceText(-5_000)).toBe('R50,00 credit');
    expect(balanceText(0)).toBe('R0,00');
  });
  it('says what copying a year copied and what it left alone', () => {
    expect(copiedText(13, [], 2027)).toBe('13 grades’ fees copied to 2027.');
    expect(copiedText(1, [], 2027)).toBe('1 grade’s fees copied to 2027.');
    expect(copiedText(12, ['8'], 2027)).toBe('12 grades’ fees copied to 2027; Grade 8 already had fees.');
  });
});
