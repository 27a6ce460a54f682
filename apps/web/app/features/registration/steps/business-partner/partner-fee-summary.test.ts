import { describe, expect, it } from 'vitest';
import { partnerFeeSummary } from './partner-fee-summary';

describe('partner fee summary', () => {
  it('adds the registration fees of two roles and halves their recurring fees', () => {
    const summary = partnerFeeSummary(['tutor', 'product_vendor'], 'basic');
    expect(summary.registrationLines).toEqual([
      { label: 'Tutor / Course Provider', value: 'R99,00' },
      { label: 'Product Vendor', value: 'R199,00' },
    ]);
    expect(summary.registrationFee).toBe('R298,00');
    expect(summary.registrationFeeCents).toBe(29_800);
    // Tutor R199 a year and the basic tier's R99 a month, each halved.
    expect(summary.recurringLines).toEqual([
      { label: 'Tutor / Course Provider', value: 'R199,00 / year' },
      { label: 'Basic tier', value: 'R99,00 / month' },
    ]);
    expect(summary.multiRoleHalved).toBe(true);
    expect(summary.recurring).toBe('R49,50 / month + R99,50 / year');
    expect(summary.commission).toBe('15% on sales (Basic tier); 8% on tutoring bookings');
  });

  it('charges one role in full, free tier by default', () => {
    const summary = partnerFeeSummary(['service_provider'], undefined);
    expect(summary.registrationFee).toBe('R99,00');
    expect(summary.recurring).toBe('R99,00 / month');
    expect(summary.multiRoleHalved).toBe(false);
    expect(summary.commission).toBe('25% on sales (Free tier)');
  });

  it('has no recurring fee for a product vendor in the free tier', () => {
    const summary = partnerFeeSummary(['product_vendor'], 'free');
    expect(summary.recurring).toBe('No recurring fee');
    expect(summary.registrationFee).toBe('R199,00');
  });

  it('shows premium at 5% and its add-on', () => {
    expect(partnerFeeSummary(['product_vendor'], 'premium')).toMatchObject({ recurring: 'R299,00 / month', commission: '5% on sales (Premium tier)' });
    expect(partnerFeeSummary(['product_vendor'], 'standard').commission).toBe('10% on sales (Standard tier)');
  });
});
