import { z } from 'zod';
import { ZCustomerProfile } from '../schemas/registration/customer.ts';
import { contract } from './contract.ts';

const ZAuthConfig = z.object({ emailPassword: z.boolean(), google: z.boolean(), facebook: z.boolean() });
export type TAuthConfig = z.infer<typeof ZAuthConfig>;

/** Who is signed in, as the web app's session probe reads it. */
const ZMe = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    image: z.string().nullable(),
    emailVerified: z.boolean(),
  }),
  role: z.string().nullable(),
  // 'active', or 'applicant' until the team approves the account.
  status: z.string(),
  permissions: z.array(z.string()),
  organization: z.object({ id: z.string(), name: z.string(), type: z.string() }).nullable(),
  dashboardPath: z.string(),
});
export type TMe = z.infer<typeof ZMe>;

const ZAuditEvents = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      action: z.string(),
      actorUserId: z.string().nullable(),
      actorEmail: z.string().nullable(),
      target: z.string().nullable(),
      ip: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
  nextCursor: z.string().nullable(),
});

const ZCustomerProfileView = z.object({
  displayName: z.string(),
  phoneNumber: z.string(),
  termsAccepted: z.boolean(),
  privacyAccepted: z.boolean(),
  completedAt: z.string(),
  updatedAt: z.string(),
});
export type TCustomerProfileView = z.infer<typeof ZCustomerProfileView>;

/**
 * Our account endpoints beside Better Auth's /api/auth/*: the ways in, the session probe, the
 * avatar, a password link's check, the audit log; and the customer's profile completion.
 */
export const accountsContracts = {
  authConfig: contract({ method: 'GET', path: '/api/auth-config', response: ZAuthConfig }),
  checkPasswordLink: contract({
    method: 'POST',
    path: '/api/password-links/check',
    body: z.object({ token: z.string().min(1).max(200) }),
    response: z.object({ open: z.boolean() }),
  }),
  /** null when nobody is signed in (an answer, not a refusal). */
  me: contract({ method: 'GET', path: '/api/me', response: ZMe.nullable() }),
  /** multipart/form-data with one `file` part; the route reads it itself. */
  uploadAvatar: contract({ method: 'POST', path: '/api/me/avatar', response: z.object({ image: z.string() }) }),
  avatar: contract({
    method: 'GET',
    path: '/api/me/avatar/:userId',
    params: z.object({ userId: z.string().min(1).max(64) }),
    response: null,
    answer: 'file',
  }),
  auditEvents: contract({
    method: 'GET',
    path: '/api/admin/audit-events',
    query: z.object({
      limit: z.coerce.number().int().min(1).max(200).default(50),
      cursor: z.string().max(200).optional(),
      action: z.string().max(100).optional(),
      actorUserId: z.string().max(64).optional(),
    }),
    response: ZAuditEvents,
  }),
  customerProfile: contract({
    method: 'GET',
    path: '/api/customer-profile/me',
    response: z.object({ profile: ZCustomerProfileView.nullable() }),
  }),
  saveCustomerProfile: contract({
    method: 'PUT',
    path: '/api/customer-profile/me',
    body: ZCustomerProfile,
    response: z.object({ profile: ZCustomerProfileView }),
  }),
};
