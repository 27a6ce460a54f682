import { describe, expect, it } from 'vitest';
import { hasPartnerType, normalisePartnerTypes, partnerTypeValueMatches } from './business-partner-types.ts';

describe('lenient business partner type matching', () => {
  it('matches the id', () => {
    expect(hasPartnerType(['tutor'], 'tutor')).toBe(true);
    expect(hasPartnerType(['product_vendor'], 'product_vendor')).toBe(true);
    expect(hasPartnerType(['product_vendor'], 'tutor')).toBe(false);
  });

  it('matches the label, whatever the case and punctuation', () => {
    expect(hasPartnerType(['Tutor / Course Provider'], 'tutor')).toBe(true);
    expect(hasPartnerType(['Product Vendor'], 'product_vendor')).toBe(true);
    expect(hasPartnerType(['SERVICE PROVIDER'], 'service_provider')).toBe(true);
    expect(hasPartnerType(['consultant'], 'consultant')).toBe(true);
  });

  it('matches a substring either way', () => {
    expect(hasPartnerType(['vendor'], 'product_vendor')).toBe(true);
    expect(hasPartnerType(['course provider'], 'tutor')).toBe(true);
    expect(hasPartnerType(['service_provider_plus'], 'service_provider')).toBe(true);
    expect(hasPartnerType(['Consulting'], 'consultant')).toBe(false);
    expect(hasPartnerType(['consult'], 'consultant')).toBe(true);
  });

  it('ignores empty, tiny and non-string values', () => {
    expect(partnerTypeValueMatches('', 'tutor')).toBe(false);
    expect(partnerTypeValueMatches('  ', 'tutor')).toBe(false);
    expect(partnerTypeValueMatches('or', 'tutor')).toBe(false);
    expect(partnerTypeValueMatches(42, 'tutor')).toBe(false);
    expect(partnerTypeValueMatches(null, 'tutor')).toBe(false);
    expect(hasPartnerType(undefined, 'tutor')).toBe(false);
    expect(hasPartnerType([], 'tutor')).toBe(false);
  });

  it('normalises mixed values to canonical ids in list order, each once', () => {
    expect(normalisePartnerTypes(['Consultant', 'tutor', 'Tutor / Course Provider'])).toEqual(['tutor', 'consultant']);
    expect(normalisePartnerTypes(['Product Vendor', 'service_provider'])).toEqual(['service_provider', 'product_vendor']);
    expect(normalisePartnerTypes(null)).toEqual([]);
  });
});
