import { paths } from './paths.ts';

/** Public pages whose HTML is rendered at build time (fast first paint, readable without JS). */
export const LEGAL_PATHS = [
  paths.legal.terms,
  paths.legal.privacyPolicy,
  paths.legal.termsOfService,
  paths.legal.refundsReturns,
  paths.legal.cookiePolicy,
  paths.legal.responsibleDisclosure,
  paths.legal.termsOfUse,
  paths.legal.sponsorshipTerms,
  paths.legal.vouchersCoupons,
  paths.legal.serviceLevelAgreement,
  paths.legal.knowledgeBase,
] as const;

export const PRERENDERED_PATHS = [
  paths.home,
  paths.features,
  paths.pricing,
  paths.marketplace,
  paths.contact,
  paths.contactSpecialists,
  paths.demo,
  paths.applicationSubmitted,
  paths.notFound,
  ...LEGAL_PATHS,
] as const;
