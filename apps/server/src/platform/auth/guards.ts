import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { permissionsWithOverrides, type TPermission, type TRole } from '@sekolo/shared/constants/roles';
import { forbidden, unauthorized } from '../http/errors.ts';
import { findMembership, permissionOverridesOf, type TMembership } from '../tenancy/organizations.ts';
import type { TSessionLookup, TSessionRow, TSessionRowUser } from './session-lookup.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The guards' one-statement session check (session-lookup.ts); null: ask `readSession`. */
    sessionLookup: TSessionLookup | null;
    /** The identity provider's own session read (the auth module decorates both at start). */
    readSession: TReadSession;
  }
}

/** A session as the identity provider reads it from a request's headers, or null. */
export type TReadSession = (headers: Headers) => Promise<{ user: TUserFields; session: { id: string } } | null>;

/**
 * Server guards for every module. A guard is a route's onRequest hook:
 *   app.post('/x', { onRequest: requirePermission('manage_students'), schema: { body } }, handler)
 * and the handler reads the caller with `await getSessionUser(request)` (cached per request).
 *
 * One rule for every route: the guards run first, at onRequest, before the body is read, parsed
 * or validated, so an anonymous caller gets 401 and a caller without the role or permission 403,
 * whatever they send, and only a caller who may use the route learns its validation rules (400).
 * `assertGuardsRunFirst` (registered by the auth plugin for every route) refuses to start the app
 * when a guard sits in a later hook (preValidation, preHandler, ...); a check of your own that
 * refuses callers is a guard too: wrap it in `defineGuard`. platform/auth/guards.test.ts sends every
 * route of the API, every method, an anonymous request with a broken body and expects 401 unless
 * the route is public by design (its PUBLIC list).
 *
 * Applicants (signed up for a role the review team has not approved yet) are signed in, so
 * `requireSession` lets them through (the registration wizard needs that), but they hold no role
 * and no permission until approval: `requireRole` and `requirePermission` answer 403.
 */
export type TSessionUser = TSessionRowUser & {
  /** Empty unless the account is active. */
  permissions: TPermission[];
  organization: TMembership | null;
  sessionId: string;
  /** The auth generation the session was read at (TSessionRow.generation); null when the identity provider read it. */
  sessionGeneration: string | null;
};

export const NOT_SIGNED_IN_MESSAGE = 'Please sign in to continue.';
export const NO_PERMISSION_MESSAGE = 'You do not have permission to do that.';

const cache = new WeakMap<FastifyRequest, Promise<TSessionUser | null>>();

export function getSessionUser(
  request: FastifyRequest,
  options: TSessionReadOptions = {},
): Promise<TSessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = loadSessionUser(request, options);
    cache.set(request, pending);
  }
  return pending;
}

/**
 * The caller read again from the database, whatever the request read before: for a route whose
 * statement refused a reused session read as out of date (TSessionReadOptions.sessionReadWithinMs).
 */
export function getSessionUserAfresh(request: FastifyRequest): Promise<TSessionUser | null> {
  const pending = loadSessionUser(request, {});
  cache.set(request, pending);
  return pending;
}

export type TSessionReadOptions = {
  /**
   * Reuse this process's read of the same session when it is at most this old (TSessionLookup.recent):
   * for a hot route whose statement costs less than a second round trip. Without it, every request
   * reads its session.
   */
  sessionReadWithinMs?: number;
};

/**
 * Gives the request the session that a route read in its own statement (TSessionLookup.fromColumns),
 * so the guards and getSessionUser use it instead of asking again.
 */
export function adoptSession(request: FastifyRequest, found: TSessionRow | null): void {
  cache.set(
    request,
    Promise.resolve(
      found &&
        toSessionUser(found.user, found.sessionId, found.organization, found.generation, found.permissionOverrides),
    ),
  );
}

async function loadSessionUser(request: FastifyRequest, options: TSessionReadOptions): Promise<TSessionUser | null> {
  const cookie = request.headers.cookie;
  if (!cookie) return null;
  const lookup = request.server.sessionLookup;
  if (lookup) {
    const within = options.sessionReadWithinMs;
    const found = within ? await lookup.recent(cookie, within) : await lookup.find(cookie);
    if (!found) return null;
    return toSessionUser(found.user, found.sessionId, found.organization, found.generation, found.permissionOverrides);
  }
  const result = await request.server.readSession(fromNodeHeaders(request.headers));
  if (!result) return null;
  const { user, session } = result;
  const db = request.server.deps.database.db;
  const organization = await findMembership(db, user.id);
  const overrides = organization && user.role ? await permissionOverridesOf(db, organization, user.role) : null;
  return toSessionUser(user, session.id, organization, null, overrides);
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

function toSessionUser(
  user: TUserFields,
  sessionId: string,
  organization: TMembership | null,
  sessionGeneration: string | null = null,
  permissionOverrides: string | null = null,
): TSessionUser {
  const role = user.role ?? 'customer';
  const status = user.status ?? 'active';
  // The role's permissions as the caller's school has set them (D26); the spec's defaults elsewhere.
  const overrides = organization?.type === 'school' ? permissionOverrides : null;
  const permissions = status === 'active' ? permissionsWithOverrides(role, overrides) : [];
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
    sessionGeneration,
  };
}

const GUARD = Symbol('sekolo.guard');

/** A check that refuses callers (401, 403, or 404 for what is not theirs): an onRequest hook. */
export type TGuard = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & { readonly [GUARD]: true };

/** Marks `check` as a guard: it may only be a route's onRequest hook (assertGuardsRunFirst). */
export function defineGuard(check: (request: FastifyRequest, reply: FastifyReply) => Promise<void>): TGuard {
  return Object.assign(check, { [GUARD]: true as const });
}

export function isGuard(hook: unknown): hook is TGuard {
  return typeof hook === 'function' && (hook as Partial<TGuard>)[GUARD] === true;
}

/** The hooks Fastify runs after onRequest: a guard in one of them would answer after the body was read. */
const LATER_HOOKS = [
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
] as const;

/**
 * An onRoute hook (auth-plugin.ts registers it before every module): a route whose guard is in a
 * later hook than onRequest does not start, naming the route and where its guard belongs.
 */
export function assertGuardsRunFirst(route: RouteOptions): void {
  for (const name of LATER_HOOKS) {
    const hooks: unknown = route[name];
    const list: unknown[] = Array.isArray(hooks) ? hooks : hooks ? [hooks] : [];
    if (list.some(isGuard)) {
      const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new Error(
        `${method} ${route.url}: its guard is a ${name} hook; guards are onRequest hooks ({ onRequest: guard }), ` +
          'so a caller who may not use the route is refused before the body is read or validated (platform/auth/guards.ts).',
      );
    }
  }
}

export const requireSession: TGuard = defineGuard(async (request) => {
  if (!(await getSessionUser(request))) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
});

export function requireRole(...roles: TRole[]): TGuard {
  return defineGuard(async (request) => {
    const user = await getSessionUser(request);
    if (!user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
    if (user.status !== 'active' || !(roles as string[]).includes(user.role)) throw forbidden(NO_PERMISSION_MESSAGE);
  });
}

export function requirePermission(permission: TPermission): TGuard {
  return defineGuard(async (request) => {
    const user = await getSessionUser(request);
    if (!user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
    if (!user.permissions.includes(permission)) throw forbidden(NO_PERMISSION_MESSAGE);
  });
}

const deferredGuards = new WeakMap<FastifyRequest, (request: FastifyRequest, reply: FastifyReply) => Promise<void>>();

/**
 * Runs the guard that sessionInStatement left to the route's statement for this request, if any
 * (once). The error handler calls it before answering that the body could not be read (not JSON,
 * too large, an unknown content type): a caller the guard refuses gets its 401 or 403, not a 400.
 */
export async function runDeferredGuard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const guard = deferredGuards.get(request);
  if (!guard) return;
  deferredGuards.delete(request);
  await guard(request, reply);
}

/**
 * For a route that checks the caller's session in its own statement (one round trip instead of two,
 * docs/decisions/007-school-scale-on-two-cores.md; the handler then calls TSessionLookup.fromColumns and adoptSession): a guard
 * (`onRequest`) that, for a request `readable` accepts, only asks for a signed session cookie (401 as every
 * route answers without one) and keeps its token for the handler (`token(request)`). Any other
 * request, one whose parameters would fail validation, goes through `guard` first, as on every
 * route, so that a refused caller learns nothing from a 400; a body that cannot be read at all
 * runs `guard` before the 400 too (runDeferredGuard, in the error handler). Without the lean lookup (`lookup`
 * null: Better Auth with secondary storage) every request goes through `guard`, and `token` is
 * undefined.
 */
export function sessionInStatement(
  lookup: TSessionLookup | null | undefined,
  readable: (request: FastifyRequest) => boolean,
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
) {
  const tokens = new WeakMap<FastifyRequest, string>();
  const onRequest = defineGuard(async (request, reply) => {
    if (!lookup || !readable(request)) return guard(request, reply);
    const token = lookup.tokenOf(request.headers.cookie ?? '');
    if (!token) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
    tokens.set(request, token);
    deferredGuards.set(request, guard);
  });
  /**
   * The route's policy applied to the session its statement read (`values`, SESSION_SELECT's
   * columns first) for `token`: the session is adopted as the request's, then `guard` runs on it,
   * answering 401 or 403 as it does at onRequest. Call it before anything of the statement's is used.
   */
  const applyPolicy = async (
    request: FastifyRequest,
    reply: FastifyReply,
    values: readonly unknown[] | undefined,
    token: string,
  ) => {
    adoptSession(request, await lookup!.fromColumns(values, token));
    await guard(request, reply);
  };
  return { onRequest, token: (request: FastifyRequest) => tokens.get(request), applyPolicy };
}
