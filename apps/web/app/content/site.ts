/**
 * Site-wide details that the shared marketing constants do not hold. The general contact details
 * live in `@sekolo/shared/constants/marketing`.
 */

/** Fixed rather than `new Date()`: the prerendered HTML and the hydrated page must agree. */
export const COPYRIGHT_YEAR = 2026;

/** Where security researchers report vulnerabilities (responsible disclosure policy). */
export const SECURITY_EMAIL = 'security@sekolo.co.za';

/** Our information officer under POPIA. */
export const PRIVACY_EMAIL = 'privacy@sekolo.co.za';

export const SITE_NAME = 'Sekolo';

/** "Pricing" → "Pricing | Sekolo" for the <title>. */
export function pageTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}
