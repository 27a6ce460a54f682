import assert from 'node:assert/strict';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  commissionBps,
  commissionFor,
  partnerRecurringFees,
  partnerRegistrationFee,
  payoutFee,
  schoolPaymentBreakdown,
} from './fee-calculator.ts';
import { formatZar, formatZarWhole } from './money.ts';
import { SCHOOL_PACKAGES } from '../constants/packages.ts';
import type { TBusinessPartnerType } from '../constants/roles.ts';
import type { TCommissionTier } from '../constants/fees.ts';

describe('schoolPaymentBreakdown (spec 9, Fees)', () => {
  it('on R1 000 the school gets R950, the platform R50 and the parent pays R1 068', () => {
    const b = schoolPaymentBreakdown(100_000);
    expect(b).toEqual({
      grossCents: 100_000,
      processingFeeCents: 6_800,
      parentPaysCents: 106_800,
      platformCommissionCents: 5_000,
      schoolReceivesCents: 95_000,
    });
    expect(formatZar(b.parentPaysCents)).toBe('R1 068,00');
    expect(formatZar(b.schoolReceivesCents)).toBe('R950,00');
    expect(formatZar(b.platformCommissionCents)).toBe('R50,00');
  });

  it.each([
    // gross, fee, parent pays, commission, school receives
    [0, 0, 0, 0, 0],
    [1, 0, 1, 0, 1], // 0.068 c and 0.05 c round to 0
    [10, 1, 11, 1, 9], // 0.68 c → 1 c; 0.5 c → 1 c (half away from zero)
    [125, 9, 134, 6, 119], // 8.5 c → 9 c; 6.25 c → 6 c
    [10_000, 680, 10_680, 500, 9_500], // R100
    [59_900, 4_073, 63_973, 2_995, 56_905], // R599: 4 073.2 c → 4 073 c
    [99_999, 6_800, 106_799, 5_000, 94_999], // 6 799.932 c → 6 800 c; 4 999.95 c → 5 000 c
  ])('gross %i c → fee %i, parent pays %i, commission %i, school %i', (gross, fee, pays, commission, school) => {
    expect(schoolPaymentBreakdown(gross)).toEqual({
      grossCents: gross,
      processingFeeCents: fee,
      parentPaysCents: pays,
      platformCommissionCents: commission,
      schoolReceivesCents: school,
    });
  });

  it('refuses fractions of a cent and negative amounts', () => {
    expect(() => schoolPaymentBreakdown(10.5)).toThrow(RangeError);
    expect(() => schoolPaymentBreakdown(-100)).toThrow(RangeError);
  });

  it('always adds up exactly (property, 20 000 runs)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (gross) => {
        // Plain asserts: vitest's expect is too slow for 20 000 runs.
        const b = schoolPaymentBreakdown(gross);
        assert.equal(b.parentPaysCents, b.grossCents + b.processingFeeCents);
        assert.equal(b.schoolReceivesCents + b.platformCommissionCents, gross);
        // Never more than half a cent away from the exact percentage.
        assert.ok(Math.abs(b.processingFeeCents * 10_000 - gross * 680) <= 5_000);
        assert.ok(Math.abs(b.platformCommissionCents * 10_000 - gross * 500) <= 5_000);
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('the nine school packages are billed at their monthly price', () => {
  it.each([
    ['starter', 'R599', 30],
    ['basic', 'R799', 50],
    ['growth', 'R1 199', 100],
    ['standard', 'R1 999', 200],
    ['professional', 'R2 999', 500],
    ['advanced', 'R3 999', 1000],
    ['enterprise', 'R5 999', 5000],
    ['enterprise-plus', 'R9 999', 10_000],
    ['enterprise-max', 'R12 999', 50_000],
  ])('%s costs %s a month for %i students', (id, price, students) => {
    const pkg = SCHOOL_PACKAGES.find((p) => p.id === id);
    expect(pkg && formatZarWhole(pkg.priceCents)).toBe(price);
    expect(pkg?.students).toBe(students);
  });
});

describe('payoutFee', () => {
  it('charges R4 for the weekly payout and R12 for an immediate one', () => {
    expect(payoutFee('weekly')).toBe(400);
    expect(payoutFee('immediate')).toBe(1_200);
    expect(formatZar(payoutFee('weekly'))).toBe('R4,00');
    expect(formatZar(payoutFee('immediate'))).toBe('R12,00');
  });

  it('refuses an unknown schedule', () => {
    expect(() => payoutFee('daily' as never)).toThrow(RangeError);
  });
});

describe('partnerRegistrationFee', () => {
  it.each<[TBusinessPartnerType[], number]>([
    [['tutor'], 9_900],
    [['product_vendor'], 19_900],
    [['service_provider'], 9_900],
    [['consultant'], 9_900],
    [['tutor', 'product_vendor'], 29_800],
    [['service_provider', 'consultant'], 19_800],
    [['tutor', 'product_vendor', 'service_provider', 'consultant'], 49_600],
    [['tutor', 'tutor'], 9_900],
    [[], 0],
  ])('%j pays %i c once', (types, cents) => {
    expect(partnerRegistrationFee(types)).toBe(cents);
  });

  it('refuses an unknown partner type', () => {
    expect(() => partnerRegistrationFee(['plumber' as TBusinessPartnerType])).toThrow(RangeError);
  });
});

describe('partnerRecurringFees', () => {
  it.each<[TBusinessPartnerType[], TCommissionTier | undefined, { monthly: number; yearly: number; halved: boolean }]>([
    // One role: full price.
    [['tutor'], undefined, { monthly: 0, yearly: 19_900, halved: false }], // R199 a year
    [['service_provider'], undefined, { monthly: 9_900, yearly: 0, halved: false }], // R99 a month
    [['consultant'], undefined, { monthly: 9_900, yearly: 0, halved: false }], // R99 a month
    [['product_vendor'], undefined, { monthly: 0, yearly: 0, halved: false }],
    [['product_vendor'], 'free', { monthly: 0, yearly: 0, halved: false }], // free tier R0
    [['product_vendor'], 'basic', { monthly: 9_900, yearly: 0, halved: false }], // + R99
    [['product_vendor'], 'standard', { monthly: 19_900, yearly: 0, halved: false }], // + R199
    [['product_vendor'], 'premium', { monthly: 29_900, yearly: 0, halved: false }], // + R299
    [['service_provider'], 'premium', { monthly: 39_800, yearly: 0, halved: false }], // R99 + R299
    // A tier is only for product vendors and service providers.
    [['tutor'], 'premium', { monthly: 0, yearly: 19_900, halved: false }],
    [['consultant'], 'basic', { monthly: 9_900, yearly: 0, halved: false }],
    // Several roles: each interval's total halved.
    [['tutor', 'consultant'], undefined, { monthly: 4_950, yearly: 9_950, halved: true }],
    [['service_provider', 'consultant'], undefined, { monthly: 9_900, yearly: 0, halved: true }],
    [['product_vendor', 'service_provider'], 'standard', { monthly: 14_900, yearly: 0, halved: true }],
    [['tutor', 'product_vendor'], 'basic', { monthly: 4_950, yearly: 9_950, halved: true }],
    [['tutor', 'product_vendor', 'service_provider', 'consultant'], 'premium', { monthly: 24_850, yearly: 9_950, halved: true }],
    // The same type twice is still one role.
    [['consultant', 'consultant'], undefined, { monthly: 9_900, yearly: 0, halved: false }],
  ])('%j with tier %s', (types, tier, expected) => {
    const fees = partnerRecurringFees(types, tier);
    expect({ monthly: fees.monthlyCents, yearly: fees.yearlyCents, halved: fees.multiRoleHalved }).toEqual(expected);
  });

  it('lists every fee at full price, one tier add-on for the business, and shows the halving', () => {
    const fees = partnerRecurringFees(['tutor', 'product_vendor', 'service_provider'], 'premium');
    expect(fees.lines).toEqual([
      { source: 'tutor', amountCents: 19_900, interval: 'year' },
      { source: 'service_provider', amountCents: 9_900, interval: 'month' },
      { source: 'tier', amountCents: 29_900, interval: 'month' },
    ]);
    expect(fees.fullMonthlyCents).toBe(39_800);
    expect(fees.fullYearlyCents).toBe(19_900);
    expect(formatZar(fees.monthlyCents)).toBe('R199,00');
    expect(formatZar(fees.yearlyCents)).toBe('R99,50');
  });

  it('refuses an unknown tier', () => {
    expect(() => partnerRecurringFees(['product_vendor'], 'gold' as TCommissionTier)).toThrow(RangeError);
  });

  it('halving never loses or invents more than half a cent (property)', () => {
    const types: TBusinessPartnerType[] = ['tutor', 'product_vendor', 'service_provider', 'consultant'];
    fc.assert(
      fc.property(
        fc.subarray(types, { minLength: 1 }),
        fc.constantFrom<TCommissionTier | undefined>(undefined, 'free', 'basic', 'standard', 'premium'),
        (chosen, tier) => {
          const fees = partnerRecurringFees(chosen, tier);
          const factor = chosen.length > 1 ? 2 : 1;
          expect(Math.abs(fees.monthlyCents * factor - fees.fullMonthlyCents)).toBeLessThanOrEqual(1);
          expect(Math.abs(fees.yearlyCents * factor - fees.fullYearlyCents)).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('commissionFor', () => {
  it.each<[TCommissionTier | 'tutor', number, number]>([
    ['free', 2_500, 2_500], // 25%, and the free tier costs R0
    ['basic', 1_500, 1_500], // 15%
    ['standard', 1_000, 1_000], // 10%
    ['premium', 500, 500], // 5%
    ['tutor', 800, 800], // 8%
  ])('%s takes %i bps: %i c on R100', (tier, bps, cents) => {
    expect(commissionBps(tier)).toBe(bps);
    expect(commissionFor(10_000, tier)).toBe(cents);
  });

  it('rounds half a cent away from zero', () => {
    expect(commissionFor(2, 'free')).toBe(1); // 0.5 c
    expect(commissionFor(1, 'free')).toBe(0); // 0.25 c
    expect(commissionFor(7, 'tutor')).toBe(1); // 0.56 c
  });

  it('refuses an unknown tier', () => {
    expect(() => commissionFor(100, 'gold' as TCommissionTier)).toThrow(RangeError);
  });
});
