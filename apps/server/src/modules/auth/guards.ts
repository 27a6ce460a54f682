import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { PERMISSIONS, isRole, type TPermission, type TRole } from '@sekolo/shared/constants/roles';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { findMembership, type TMembership } from './organizations.ts';
import type { TSessionLookup, TSessionRow, TSessionRowUser } from './session-lookup.ts';

/**
 * Server guards for every module (issue 3). Use them as route preHandlers:
 *   app.get('/x', { preHandler: requirePermission('manage_students') }, handler)
 * and read the caller with `await getSessionUser(request)` (cached per request).
 *
 * Applicants (D5: signed up for a role the review team has not approved yet) are signed in, so
 * `requireSession` lets them through (the registration wizard needs that), but they hold no role
 * and no permission until approval: `requireRole` and `requirePermission` answer 403.
 */
export type TSessionUser = TSessionRowUser & {
  /** Empty unless the account is active. */
  permissions: TPermission[];
  organization: TMembership | null;
  sessionId: string;
};

export const NOT_SIGNED_IN_MESSAGE = 'Please sign in to continue.';
export const NO_PERMISSION_MESSAGE = 'You do not have permission to do that.';

const cache = new WeakMap<FastifyRequest, Promise<TSessionUser | null>>();

export function getSessionUser(request: FastifyRequest): Promise<TSessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = loadSessionUser(request);
    cache.set(request, pending);
  }
  return pending;
}

/**
 * Gives the request the session that a route read in its own statement (TSessionLookup.fromColumns),
 * so the guards and getSessionUser use it instead of asking again.
 */
export function adoptSession(request: FastifyRequest, found: TSessionRow | null): void {
  cache.set(request, Promise.resolve(found && toSessionUser(found.user, found.sessionId, found.organization)));
}

async function loadSessionUser(request: FastifyRequest): Promise<TSessionUser | null> {
  const cookie = request.headers.cookie;
  if (!cookie) return null;
  const lookup = request.server.sessionLookup;
  if (lookup) {
    const found = await lookup.find(cookie);
    if (!found) return null;
    return toSessionUser(found.user, found.sessionId, found.organization);
  }
  const result = await request.server.auth.api.getSession({
    headers: fromNodeHeaders(request.headers),
    // Guards only read; /api/auth/get-session (called by the web app) slides the expiry.
    query: { disableRefresh: true },
  });
  if (!result) return null;
  const { user, session } = result;
  return toSessionUser(user, session.id, await findMembership(request.server.deps.database.db, user.id));
}

type TUserFields = {
  id: string;
  email: string;
  name: string;
  firstName?: string | null;
  lastName?: string | null;
  image?: string | null;
  emailVerified: boolean;
  role?: string | null;
  status?: string | null;
};

function toSessionUser(user: TUserFields, sessionId: string, organization: TMembership | null): TSessionUser {
  const role = user.role ?? 'customer';
  const status = user.status ?? 'active';
  const permissions = status === 'active' && isRole(role) ? [...(PERMISSIONS[role] as readonly TPermission[])] : [];
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    image: user.image ?? null,
    emailVerified: user.emailVerified,
    role,
    status,
    permissions,
    organization,
    sessionId,
  };
}

export async function requireSession(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!(await getSessionUser(request))) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
}

export function requireRole(...roles: TRole[]) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const user = await getSessionUser(request);
    if (!user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
    if (user.status !== 'active' || !(roles as string[]).includes(user.role)) throw forbidden(NO_PERMISSION_MESSAGE);
  };
}

export function requirePermission(permission: TPermission) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const user = await getSessionUser(request);
    if (!user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
    if (!user.permissions.includes(permission)) throw forbidden(NO_PERMISSION_MESSAGE);
  };
}

/**
 * For a route that checks the caller's session in its own statement (one round trip instead of two,
 * decision 007; the handler then calls TSessionLookup.fromColumns and adoptSession): a preValidation
 * hook that, for a request `readable` accepts, only asks for a signed session cookie (401 as every
 * route answers without one) and keeps its token for the handler (`token(request)`). Any other
 * request, one whose parameters would fail validation, goes through `guard` first, as on every
 * route, so that a refused caller learns nothing from a 400. Without the lean lookup (`lookup`
 * null: Better Auth with secondary storage) every request goes through `guard`, and `token` is
 * undefined.
 */
export function sessionInStatement(
  lookup: TSessionLookup | null | undefined,
  readable: (request: FastifyRequest) => boolean,
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
) {
  const tokens = new WeakMap<FastifyRequest, string>();
  const preValidation = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!lookup || !readable(request)) return guard(request, reply);
    const token = lookup.tokenOf(request.headers.cookie ?? '');
    if (!token) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
    tokens.set(request, token);
  };
  return { preValidation, token: (request: FastifyRequest) => tokens.get(request) };
}
