import { describe, expect, it } from 'vitest';
import {
  isExpiryCurrent,
  passesLuhn,
  sandboxCardOutcome,
  ZCreateOrderSchema,
  ZSandboxCardSchema,
  ZSitePathSchema,
} from './payments.ts';

describe('the sandbox card form', () => {
  it.each([
    ['4242424242424242', true],
    ['4000000000000002', true],
    ['4000000000009995', true],
    ['4242424242424241', false],
    ['42424242a2424242', false],
  ])('Luhn check of %s: %s', (digits, valid) => {
    expect(passesLuhn(digits)).toBe(valid);
  });

  it('knows the test cards, with or without spaces', () => {
    expect(sandboxCardOutcome('4242 4242 4242 4242')).toBe('success');
    expect(sandboxCardOutcome('4000000000000002')).toBe('declined');
    expect(sandboxCardOutcome('4000-0000-0000-9995')).toBe('insufficient_funds');
    expect(sandboxCardOutcome('5555 5555 5555 4444')).toBe('not_a_test_card');
  });

  it('treats a card as valid to the end of its expiry month', () => {
    expect(isExpiryCurrent('06/26', '2026-06-30')).toBe(true);
    expect(isExpiryCurrent('05/26', '2026-06-01')).toBe(false);
    expect(isExpiryCurrent('01/27', '2026-12-31')).toBe(true);
  });

  it('gives one message per field', () => {
    const result = ZSandboxCardSchema.safeParse({ cardNumber: '4242', expiry: '1/2', cvc: 'abc', name: '' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      cardNumber: 'Enter the 16-digit card number.',
      expiry: 'Enter the expiry date as MM/YY.',
      cvc: 'Enter the 3-digit security code.',
      name: 'Enter the name on the card.',
    });
  });
});

describe('creating an order', () => {
  it.each(['/payment-success', '/registration-steps?step=4'])('accepts the site path %s', (path) => {
    expect(ZSitePathSchema.safeParse(path).success).toBe(true);
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'payment-success',
    '/%09/evil.example',
    '/%2f/evil.example',
    '/%5Cevil.example',
    '/\t/evil.example',
  ])('refuses %j', (path) => {
    expect(ZSitePathSchema.safeParse(path).success).toBe(false);
  });

  it('never takes an amount from the browser', () => {
    const parsed = ZCreateOrderSchema.parse({
      kind: 'subscription',
      packageId: 'starter',
      returnPath: '/a',
      cancelPath: '/b',
      amountCents: 1,
    });
    expect(parsed).toEqual({ kind: 'subscription', packageId: 'starter', returnPath: '/a', cancelPath: '/b' });
  });
});
