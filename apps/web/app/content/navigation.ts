import { paths } from '~/config/paths';

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

export const HOME_LINK: INavLink = { label: 'Home', to: paths.home };

export const SOLUTIONS_GROUP: INavGroup = {
  id: 'solutions',
  label: 'Solutions',
  activePaths: [],
  items: [
    {
      label: 'For Schools',
      to: `${paths.features}#student-management`,
      description: 'Learners, attendance, fees and parent communication in one place.',
    },
    {
      label: 'For Parents',
      to: `${paths.legal.knowledgeBase}#parents`,
      description: 'Pay fees, follow attendance and hear from teachers.',
    },
    {
      label: 'For Business Partners',
      to: `${paths.pricing}#business-partners`,
      description: 'Sell supplies, services and tutoring to schools and families.',
    },
    {
      label: 'For Charities',
      to: `${paths.features}#funding`,
      description: 'Raise funds and reach schools, free of registration fees.',
    },
    {
      label: 'For Young Entrepreneurs',
      to: `${paths.legal.knowledgeBase}#young-entrepreneurs`,
      description: 'Learners open their own shop with a guardian’s consent.',
    },
  ],
};

export const MARKETPLACE_GROUP: INavGroup = {
  id: 'marketplace',
  label: 'Marketplace',
  activePaths: [paths.marketplace],
  items: [
    { label: 'School Supplies', to: `${paths.marketplace}#supplies`, description: 'Stationery, uniforms, books and sports kit.' },
    { label: 'Educational Resources', to: `${paths.marketplace}#resources`, description: 'Tutors, courses, reading and learning materials.' },
    { label: 'Technology', to: `${paths.marketplace}#technology`, description: 'Devices, software and IT support for schools.' },
    { label: 'Services', to: `${paths.marketplace}#services`, description: 'Transport, catering, maintenance, coaching and more.' },
  ],
};

/** Plain links after the two groups, in top-bar order. */
export const TRAILING_LINKS: readonly INavLink[] = [
  { label: 'Directory', to: paths.directory },
  { label: 'Pricing', to: paths.pricing },
  { label: 'Features', to: paths.features },
  { label: 'Contact', to: paths.contact },
];

export const NAV_GROUPS: readonly INavGroup[] = [SOLUTIONS_GROUP, MARKETPLACE_GROUP];

/** Footer columns (spec 2.4: legal links, policy links, plus help). */
export const FOOTER_COLUMNS: readonly { heading: string; links: readonly INavLink[] }[] = [
  {
    heading: 'Platform',
    links: [
      { label: 'Features', to: paths.features },
      { label: 'Pricing', to: paths.pricing },
      { label: 'Marketplace', to: paths.marketplace },
      { label: 'Directory', to: paths.directory },
      { label: 'Book a Demo', to: paths.demo },
      { label: 'Knowledge Base', to: paths.legal.knowledgeBase },
      { label: 'Contact', to: paths.contact },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Terms', to: paths.legal.terms },
      { label: 'Terms of Service', to: paths.legal.termsOfService },
      { label: 'Terms of Use', to: paths.legal.termsOfUse },
      { label: 'Refunds & Returns', to: paths.legal.refundsReturns },
      { label: 'Service Level Agreement', to: paths.legal.serviceLevelAgreement },
      { label: 'Sponsorship Terms', to: paths.legal.sponsorshipTerms },
      { label: 'Vouchers & Coupons', to: paths.legal.vouchersCoupons },
    ],
  },
  {
    heading: 'Policies',
    links: [
      { label: 'Privacy Policy', to: paths.legal.privacyPolicy },
      { label: 'Cookie Policy', to: paths.legal.cookiePolicy },
      { label: 'Responsible Disclosure', to: paths.legal.responsibleDisclosure },
    ],
  },
];
