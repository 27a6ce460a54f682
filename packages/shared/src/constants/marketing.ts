/** Figures and contact details for the public site (spec 1, 2.4, 9). */

export { FREE_TRIAL_DAYS } from './trial.ts';

/** Home page stats; values are display strings exactly as the spec writes them. */
export const MARKETING_STATS = [
  { id: 'schools', value: '500+', label: 'Schools' },
  { id: 'users', value: '10,000+', label: 'Users' },
  { id: 'vendors', value: '1,000+', label: 'Vendors' },
  { id: 'provinces', value: '9', label: 'Provinces' },
] as const;

/**
 * The spec omits the contact details; these are ours. `phoneHref` is the dialable form for
 * `tel:` links, kept beside the display form so the two cannot disagree.
 */
export const CONTACT = {
  email: 'hello@sekolo.co.za',
  phone: '+27 10 500 1234',
  phoneHref: 'tel:+27105001234',
  address: {
    street: '12 Jellicoe Avenue',
    suburb: 'Rosebank',
    city: 'Johannesburg',
    postalCode: '2196',
    country: 'South Africa',
  },
  /** One-line form for the footer. */
  addressLine: '12 Jellicoe Avenue, Rosebank, Johannesburg, 2196, South Africa',
} as const;

/** Footer social links (spec 2.4); the handles are ours. */
export const SOCIAL_LINKS = [
  { id: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/sekolo' },
  { id: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/sekolo' },
  { id: 'x', label: 'X', href: 'https://x.com/sekolo' },
  { id: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/sekolo' },
  { id: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@sekolo' },
] as const;
