import { describe, expect, it } from 'vitest';
import { formatSaPhone, isSaPhone, normalizeSaPhone } from './sa-phone.ts';

describe('South African phone numbers', () => {
  it.each([
    ['082 123 4567', '+27821234567'],
    ['0821234567', '+27821234567'],
    ['+27 82 123 4567', '+27821234567'],
    ['+27821234567', '+27821234567'],
    ['+27 (0)82 123-4567', '+27821234567'],
    ['27821234567', '+27821234567'],
    ['0027 82 123 4567', '+27821234567'],
    ['(011) 555-1234', '+27115551234'],
  ])('accepts %s', (input, e164) => {
    expect(normalizeSaPhone(input)).toBe(e164);
    expect(isSaPhone(input)).toBe(true);
  });

  it.each(['', '12345', '082 123 456', '082 123 45678', '+44 20 7946 0958', '0021234567', 'phone me', '+27 82 123 4567 8'])(
    'refuses %s',
    (input) => {
      expect(normalizeSaPhone(input)).toBeNull();
    },
  );

  it('formats numbers the way South Africans write them', () => {
    expect(formatSaPhone('+27821234567')).toBe('082 123 4567');
    expect(formatSaPhone('not a number')).toBe('not a number');
  });
});
