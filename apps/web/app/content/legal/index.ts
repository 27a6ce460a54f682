import { COOKIE_POLICY_DOCUMENT } from './cookie-policy';
import { KNOWLEDGE_BASE_DOCUMENT } from './knowledge-base';
import { PRIVACY_POLICY_DOCUMENT } from './privacy-policy';
import { REFUNDS_RETURNS_DOCUMENT } from './refunds-returns';
import { RESPONSIBLE_DISCLOSURE_DOCUMENT } from './responsible-disclosure';
import { SERVICE_LEVEL_AGREEMENT_DOCUMENT } from './service-level-agreement';
import { SPONSORSHIP_TERMS_DOCUMENT } from './sponsorship-terms';
import { TERMS_DOCUMENT } from './terms';
import { TERMS_OF_SERVICE_DOCUMENT } from './terms-of-service';
import { TERMS_OF_USE_DOCUMENT } from './terms-of-use';
import { VOUCHERS_COUPONS_DOCUMENT } from './vouchers-coupons';
import type { ILegalDocument, TLegalPath } from './types';
import { paths } from '~/config/paths';

/** One document per legal path; `satisfies` makes a missing or extra path a type error. */
const LEGAL_DOCUMENTS = {
  [paths.legal.terms]: TERMS_DOCUMENT,
  [paths.legal.privacyPolicy]: PRIVACY_POLICY_DOCUMENT,
  [paths.legal.termsOfService]: TERMS_OF_SERVICE_DOCUMENT,
  [paths.legal.refundsReturns]: REFUNDS_RETURNS_DOCUMENT,
  [paths.legal.cookiePolicy]: COOKIE_POLICY_DOCUMENT,
  [paths.legal.responsibleDisclosure]: RESPONSIBLE_DISCLOSURE_DOCUMENT,
  [paths.legal.termsOfUse]: TERMS_OF_USE_DOCUMENT,
  [paths.legal.sponsorshipTerms]: SPONSORSHIP_TERMS_DOCUMENT,
  [paths.legal.vouchersCoupons]: VOUCHERS_COUPONS_DOCUMENT,
  [paths.legal.serviceLevelAgreement]: SERVICE_LEVEL_AGREEMENT_DOCUMENT,
  [paths.legal.knowledgeBase]: KNOWLEDGE_BASE_DOCUMENT,
} as const satisfies Record<TLegalPath, ILegalDocument>;

/** The document for a pathname ("/terms" or "/terms/"); `undefined` for anything else. */
export function getLegalDocument(pathname: string): ILegalDocument | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.hasOwn(LEGAL_DOCUMENTS, path) ? LEGAL_DOCUMENTS[path as TLegalPath] : undefined;
}
