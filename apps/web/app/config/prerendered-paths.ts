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
  paths.contact,
  paths.contactSpecialists,
  paths.demo,
  paths.applicationSubmitted,
  paths.notFound,
  ...LEGAL_PATHS,
] as const;

/**
 * The sign-in and registration pages, prerendered too: their card (the title, the empty form or a
 * spinner while the session is checked) paints with the HTML, and their modules load without
 * waiting for the router to find the route.
 */
export const PRERENDERED_SIGN_IN_PATHS = [paths.auth.login, paths.auth.register] as const;
