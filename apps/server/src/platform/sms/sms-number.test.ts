import { describe, expect, it } from 'vitest';
import { isStopRequest, SMS_NUMBER_REFUSALS, toSmsNumber } from './sms-number.ts';

describe('toSmsNumber', () => {
  it.each([
    ['082 123 4567', '+27821234567'],
    ['0821234567', '+27821234567'],
    ['27821234567', '+27821234567'],
    ['+27 82 123 4567', '+27821234567'],
    ['+27 (0)82 123-4567', '+27821234567'],
    ['0027 72 555 0101', '+27725550101'],
    ['061 000 1111', '+27610001111'],
  ])('%s is %s', (input, expected) => {
    expect(toSmsNumber(input)).toEqual({ ok: true, number: expected });
  });

  it.each([
    ['', SMS_NUMBER_REFUSALS.empty],
    ['   ', SMS_NUMBER_REFUSALS.empty],
    [null, SMS_NUMBER_REFUSALS.empty],
    ['082 123 456', SMS_NUMBER_REFUSALS.notSouthAfrican],
    ['+44 20 7946 0958', SMS_NUMBER_REFUSALS.notSouthAfrican],
    ['hello', SMS_NUMBER_REFUSALS.notSouthAfrican],
    ['011 555 1234', SMS_NUMBER_REFUSALS.notMobile],
    ['021 555 1234', SMS_NUMBER_REFUSALS.notMobile],
  ])('refuses %j: %s', (input, reason) => {
    expect(toSmsNumber(input)).toEqual({ ok: false, reason });
  });
});

describe('isStopRequest', () => {
  it.each(['STOP', 'stop', ' Stop please', 'STOP.', 'unsubscribe', 'OPT-OUT', 'Cancel'])('%j opts out', (body) => {
    expect(isStopRequest(body)).toBe(true);
  });
  it.each(['Thanks, see you at the meeting', 'Please do not stop', '', 'STOPPED'])('%j does not', (body) => {
    expect(isStopRequest(body)).toBe(false);
  });
});
