/**
 * The public site's navigation (spec 2.4): the top bar, the mobile menu that mirrors it, and the
 * footer all read these lists, so a link is added or renamed in one place.
 */

export interface INavLink {
  label: string;
  to: string;
  /** One line under the label in the drop-downs and the mobile menu. */
  description?: string;
}

export interface INavGroup {
  id: 'solutions' | 'marketplace';
  label: string;
  /** Pathnames on which the group's trigger shows as the active section. */
  activePaths: readonly string[];
  items: readonly INavLink[];
}

export const HOME_LINK: INavLink = { label: 'Home', to: '/' };

export const SOLUTIONS_GROUP: INavGroup = {
  id: 'solutions',
  label: 'Solutions',
  activePaths: [],
  items: [
    {
      label: 'For Schools',
      to: '/features#student-management',
      description: 'Learners, attendance, fees and parent communication in one place.',
    },
    {
      label: 'For Parents',
      to: '/knowledge-base#parents',
      description: 'Pay fees, follow attendance and hear from teachers.',
    },
    {
      label: 'For Business Partners',
      to: '/pricing#business-partners',
      description: 'Sell supplies, services and tutoring to schools and families.',
    },
    {
      label: 'For Charities',
      to: '/features#funding',
      description: 'Raise funds and reach schools, free of registration fees.',
    },
    {
      label: 'For Young Entrepreneurs',
      to: '/knowledge-base#young-entrepreneurs',
      description: 'Learners open their own shop with a guardian’s consent.',
    },
  ],
};

export const MARKETPLACE_GROUP: INavGroup = {
  id: 'marketplace',
  label: 'Marketplace',
  activePaths: ['/marketplace'],
  items: [
    { label: 'School Supplies', to: '/marketplace#supplies', description: 'Stationery, uniforms, books and sports kit.' },
    { label: 'Educational Resources', to: '/marketplace#resources', description: 'Tutors, courses, reading and learning materials.' },
    { label: 'Technology', to: '/marketplace#technology', description: 'Devices, software and IT support for schools.' },
    { label: 'Services', to: '/marketplace#services', description: 'Transport, catering, maintenance, coaching and more.' },
  ],
};

/** Plain links after the two groups, in top-bar order. */
export const TRAILING_LINKS: readonly INavLink[] = [
  { label: 'Pricing', to: '/pricing' },
  { label: 'Features', to: '/features' },
  { label: 'Contact', to: '/contact' },
];

export const NAV_GROUPS: readonly INavGroup[] = [SOLUTIONS_GROUP, MARKETPLACE_GROUP];

/** Footer columns (spec 2.4: legal links, policy links, plus help). */
export const FOOTER_COLUMNS: readonly { heading: string; links: readonly INavLink[] }[] = [
  {
    heading: 'Platform',
    links: [
      { label: 'Features', to: '/features' },
      { label: 'Pricing', to: '/pricing' },
      { label: 'Marketplace', to: '/marketplace' },
      { label: 'Book a Demo', to: '/demo' },
      { label: 'Knowledge Base', to: '/knowledge-base' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Terms', to: '/terms' },
      { label: 'Terms of Service', to: '/terms-of-service' },
      { label: 'Terms of Use', to: '/terms-of-use' },
      { label: 'Refunds & Returns', to: '/refunds-returns' },
      { label: 'Service Level Agreement', to: '/service-level-agreement' },
      { label: 'Sponsorship Terms', to: '/sponsorship-terms' },
      { label: 'Vouchers & Coupons', to: '/vouchers-coupons' },
    ],
  },
  {
    heading: 'Policies',
    links: [
      { label: 'Privacy Policy', to: '/privacy-policy' },
      { label: 'Cookie Policy', to: '/cookie-policy' },
      { label: 'Responsible Disclosure', to: '/responsible-disclosure' },
    ],
  },
];
