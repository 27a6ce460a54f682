/**
 * The codes of the API's errors, `{ error: { code, message, fields? } }`: the server sends only
 * these (AppError takes one), and the web decides what to do by them, never by the HTTP status.
 * The message is for people; the code is for programs and stays stable.
 */
export const ERROR_CODES = [
  // Any route
  'VALIDATION_ERROR', // 400: the request does not read right; `fields` names the fields when it can
  'BODY_TOO_DEEP', // 400
  'BAD_REQUEST', // a 4xx the framework raised without a code of its own
  'BAD_PATH', // 400: a web-app path outside the built files
  'UNAUTHORIZED', // 401: nobody signed in
  'FORBIDDEN', // 403
  'NOT_FOUND', // 404: no such thing, or not the caller's to see
  'CONFLICT', // 409: the request clashes with what is stored (a name taken, a state that forbids it)
  'SAVED_MEANWHILE', // 409: someone else saved this since the caller read it; read it again and merge
  'UNSUPPORTED_MEDIA_TYPE', // 415
  'CROSS_SITE_REQUEST', // 403: a browser request from another site
  'SUBMISSION_REJECTED', // 400: a public form's honeypot was filled in
  'RATE_LIMITED', // 429: too many attempts; the message says how long to wait
  'INTERNAL_ERROR', // 500: our fault; the message is generic
  // Files
  'FILE_TOO_LARGE', // 413
  'UNSUPPORTED_FILE_TYPE', // 415: a file of a type the upload does not take
  'UPLOAD_LIMIT_REACHED',
  'STORAGE_UNAVAILABLE', // 503: the file store cannot be reached; nothing was stored
  'DRAFT_TOO_LARGE', // 413
  // Applications and consent
  'CONSENT_EXPIRED',
  'APPROVAL_EXPIRED', // 410: a guardian's approval link (a young entrepreneur's shop or listing) has expired
  'WRONG_USER_TYPE',
  // Payments and subscriptions
  'CARD_DECLINED',
  'CARD_NOT_ACCEPTED',
  'INSUFFICIENT_FUNDS',
  'PAYMENT_NOT_CONFIRMED',
  'PAYMENT_REQUIRED',
  'REGISTRATION_ALREADY_PAID',
  'SUBSCRIPTION_CANCELLED',
  'LEARNER_LIMIT',
  'TOO_MANY_LEARNERS',
  'TRY_AGAIN', // 503: a payment notification that could not be confirmed yet
  'NOTIFICATION_REFUSED',
  // Newsletter
  'NEWSLETTER_LINK_EXPIRED',
  'NEWSLETTER_LINK_INVALID',
  // School and timetable
  'CLASS_NOT_EMPTY',
  'PERIOD_HAS_LESSONS',
  'TIMETABLE_CLASH',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The codes of the accounts endpoints (Better Auth's /api/auth/*, which answer `{ code, message }`)
 * that the web tells apart: Better Auth's own and the ones our hooks add (password policy, roles).
 * Better Auth has more; the web reads any other by its message.
 */
export const AUTH_ERROR_CODES = [
  'INVALID_EMAIL_OR_PASSWORD',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_PASSWORD_DISABLED',
  'INVALID_PASSWORD',
  'INVALID_TOKEN',
  'INVALID_ROLE',
  'PASSWORD_REQUIRED',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_TOO_COMMON',
] as const;

export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** A 4xx Fastify raises itself (a body that is not JSON, too large) keeps Fastify's code. */
export type FrameworkErrorCode = `FST_ERR_${string}`;

const known = new Set<string>([...ERROR_CODES, ...AUTH_ERROR_CODES]);

/** Whether `code` is one the web tells apart (of the API or of the accounts endpoints). */
export function isKnownErrorCode(code: unknown): code is ErrorCode | AuthErrorCode {
  return typeof code === 'string' && known.has(code);
}
