/** Public pages whose HTML is rendered at build time (fast first paint, readable without JS). */
export const LEGAL_PATHS = [
  '/terms',
  '/privacy-policy',
  '/terms-of-service',
  '/refunds-returns',
  '/cookie-policy',
  '/responsible-disclosure',
  '/terms-of-use',
  '/sponsorship-terms',
  '/vouchers-coupons',
  '/service-level-agreement',
  '/knowledge-base',
] as const;

export const PRERENDERED_PATHS = [
  '/',
  '/features',
  '/pricing',
  '/marketplace',
  '/contact',
  '/contact-specialists',
  '/demo',
  '/application-submitted',
  '/not-found',
  ...LEGAL_PATHS,
] as const;
