import { describe, it, expect } from 'vitest';
import {
  COMMISSION_TIERS,
  IMMEDIATE_PAYOUT_FEE_CENTS,
  MULTI_ROLE_RECURRING_SHARE_BPS,
  PARTNER_RECURRING_FEES,
  PARTNER_REGISTRATION_FEES_CENTS,
  PAYOUT_FEES_CENTS,
  PLATFORM_COMMISSION_BPS,
  PROCESSING_FEE_BPS,
  SLA,
  TERMS,
  TIER_ADDON_MONTHLY_CENTS,
  TIER_ADDON_PARTNER_TYPES,
  TUTOR_COMMISSION_BPS,
  WEEKLY_PAYOUT_FEE_CENTS,
  getCommissionTier,
} from './fees.ts';
import { BUSINESS_PARTNER_TYPE_IDS } from './roles.ts';

describe('transaction fees', () => {
  it('uses 5% platform commission and 6.8% processing fee', () => {
    expect(PLATFORM_COMMISSION_BPS).toBe(500);
    expect(PROCESSING_FEE_BPS).toBe(680);
    expect(TERMS.transactionFeeBps).toBe(680);
  });

  it('charges R4 for weekly and R12 for immediate payouts', () => {
    expect(PAYOUT_FEES_CENTS).toEqual({ weekly: 400, immediate: 1200 });
    expect(WEEKLY_PAYOUT_FEE_CENTS).toBe(400);
    expect(IMMEDIATE_PAYOUT_FEE_CENTS).toBe(1200);
  });
});

describe('business partner fees', () => {
  it('has a registration fee for every partner type', () => {
    expect(PARTNER_REGISTRATION_FEES_CENTS).toEqual({
      tutor: 9900,
      product_vendor: 19900,
      service_provider: 9900,
      consultant: 9900,
    });
    expect(Object.keys(PARTNER_REGISTRATION_FEES_CENTS).sort()).toEqual([...BUSINESS_PARTNER_TYPE_IDS].sort());
  });

  it('has the recurring fees: tutor R199 a year, service provider and consultant R99 a month', () => {
    expect(PARTNER_RECURRING_FEES).toEqual({
      tutor: { amountCents: 19900, interval: 'year' },
      service_provider: { amountCents: 9900, interval: 'month' },
      consultant: { amountCents: 9900, interval: 'month' },
    });
    expect('product_vendor' in PARTNER_RECURRING_FEES).toBe(false);
  });

  it('has the tier add-ons for product vendors and service providers', () => {
    expect(TIER_ADDON_MONTHLY_CENTS).toEqual({ basic: 9900, standard: 19900, premium: 29900 });
    expect(TIER_ADDON_PARTNER_TYPES).toEqual(['product_vendor', 'service_provider']);
  });

  it('halves the recurring total for multiple roles', () => {
    expect(MULTI_ROLE_RECURRING_SHARE_BPS).toBe(5000);
  });

  it('has the commission tiers free 25% (R0), basic 15%, standard 10%, premium 5%', () => {
    expect(COMMISSION_TIERS.map((t) => [t.id, t.commissionBps, t.monthlyFeeCents])).toEqual([
      ['free', 2500, 0],
      ['basic', 1500, 9900],
      ['standard', 1000, 19900],
      ['premium', 500, 29900],
    ]);
    expect(getCommissionTier('standard')?.commissionBps).toBe(1000);
    expect(getCommissionTier('gold')).toBeUndefined();
  });

  it('takes 8% commission from tutors', () => {
    expect(TUTOR_COMMISSION_BPS).toBe(800);
  });
});

describe('service level agreement', () => {
  it('has the spec 9 figures', () => {
    expect(SLA).toEqual({
      payoutBusinessDays: 7,
      terminationNoticeDays: 30,
      uptimePercent: 99.5,
      maintenanceNoticeHours: 48,
      supportHours: '08:00 to 17:00 SAST, Monday to Friday',
      inquiryResponseHours: 48,
      minimumRating: 3.5,
      ratingScale: 5,
      liabilityCapMonthsOfFees: 12,
      governingLaw: 'South African law',
    });
  });
});

describe('terms', () => {
  it('has the notice periods and liability cap', () => {
    expect(TERMS.cancellationNoticeWeeks).toBe(2);
    expect(TERMS.termsChangeNoticeDays).toBe(30);
    expect(TERMS.liabilityCapMonths).toBe(12);
    expect(TERMS.governingLaw).toBe('South Africa');
    expect(TERMS.privacyGuardianConsentUnderAge).toBe(13);
  });
});
