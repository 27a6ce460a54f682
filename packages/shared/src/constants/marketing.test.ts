import { describe, it, expect } from 'vitest';
import { CONTACT, FREE_TRIAL_DAYS, MARKETING_STATS, SOCIAL_LINKS } from './marketing.ts';
import { REGIONS_BY_COUNTRY } from './enumerations.ts';

describe('marketing', () => {
  it('has the spec stats', () => {
    expect(MARKETING_STATS.map((s) => [s.value, s.label])).toEqual([
      ['500+', 'Schools'],
      ['10,000+', 'Users'],
      ['1,000+', 'Vendors'],
      ['9', 'Provinces'],
    ]);
    expect(Number(MARKETING_STATS[3].value)).toBe(REGIONS_BY_COUNTRY.south_africa.length);
  });

  it('re-exports the 14 day free trial', () => {
    expect(FREE_TRIAL_DAYS).toBe(14);
  });

  it('has the contact details, with a tel: link matching the shown number', () => {
    expect(CONTACT.email).toBe('hello@sekolo.co.za');
    expect(CONTACT.phone).toBe('+27 10 500 1234');
    expect(CONTACT.phoneHref).toBe(`tel:${CONTACT.phone.replace(/\s/g, '')}`);
    expect(CONTACT.address.city).toBe('Johannesburg');
    const { street, suburb, city, postalCode, country } = CONTACT.address;
    expect(CONTACT.addressLine).toBe([street, suburb, city, postalCode, country].join(', '));
  });

  it('has https social links', () => {
    expect(SOCIAL_LINKS.length).toBeGreaterThan(0);
    for (const link of SOCIAL_LINKS) expect(link.href).toMatch(/^https:\/\//);
  });
});
