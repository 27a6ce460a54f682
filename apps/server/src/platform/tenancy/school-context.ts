import type { FastifyRequest } from 'fastify';
import type { TPermission } from '@sekolo/shared/constants/roles';
import { SCHOOL_MESSAGES } from '@sekolo/shared/schemas/school';
import { forbidden, unauthorized } from '../http/errors.ts';
import {
  defineGuard,
  getSessionUser,
  getSessionUserAfresh,
  NO_PERMISSION_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  type TGuard,
  type TSessionReadOptions,
  type TSessionUser,
} from '../auth/guards.ts';

/** The caller and the school every query of this module is scoped to (tenant isolation). */
export type TSchoolContext = { organizationId: string; schoolName: string; user: TSessionUser; ip: string };

/**
 * A guard (a route's onRequest, guards.ts): the caller is signed in, active, a member of a school,
 * and holds at least one of `permissions` (spec 6: the admin manages, a teacher or staff member views).
 */
export function requireSchoolPermission(...permissions: TPermission[]): TGuard {
  return schoolPolicy(permissions);
}

/**
 * How old a session read the hottest routes (the register save) may reuse: a sign-out on this
 * process takes effect at once, elsewhere within this.
 */
export const HOT_ROUTE_SESSION_READ_MS = 5_000;

/** requireSchoolPermission, with how the caller's session may be read (TSessionReadOptions). */
export function schoolPolicy(permissions: TPermission[], options: TSessionReadOptions = {}): TGuard {
  return defineGuard(async (request) => {
    policies.set(request, permissions);
    let ctx: TSchoolContext;
    try {
      ctx = await schoolContext(request, permissions, options);
    } catch (refused) {
      // A reused session read may be out of date: refuse only on what the database says now.
      if (!options.sessionReadWithinMs) throw refused;
      await getSessionUserAfresh(request);
      ctx = await schoolContext(request, permissions);
    }
    resolved.set(request, ctx);
  });
}

/**
 * A guard for acts that need two rights together: every permission of `allOf` and one of `anyOf`
 * (the school's finances are changed by whoever reads them and also manages payments or the
 * school's settings: the accountant and the school admin, not a parent or the payroll clerk).
 */
export function requireSchoolPermissions(allOf: TPermission[], anyOf: TPermission[]): TGuard {
  return defineGuard(async (request) => {
    const ctx = await schoolContext(request, anyOf);
    if (!allOf.every((permission) => ctx.user.permissions.includes(permission))) throw forbidden(NO_PERMISSION_MESSAGE);
    resolved.set(request, ctx);
  });
}

const resolved = new WeakMap<FastifyRequest, TSchoolContext>();
const policies = new WeakMap<FastifyRequest, TPermission[]>();

/**
 * The route's policy applied again to the caller read afresh: for a statement that refused the
 * reused session read it was given as out of date (its auth generation moved). Answers 401 or 403
 * as the policy does when the caller's standing has changed since.
 */
export async function schoolOfAfresh(request: FastifyRequest): Promise<TSchoolContext> {
  const permissions = policies.get(request);
  if (!permissions) throw new Error(`${request.method} ${request.routeOptions.url}: no school policy ran.`);
  await getSessionUserAfresh(request);
  const ctx = await schoolContext(request, permissions);
  resolved.set(request, ctx);
  return ctx;
}

/**
 * The caller and school the route's policy (`requireSchoolPermission`, its onRequest guard)
 * resolved for this request. The permission is declared once, on the route; the handler only
 * reads what the policy found. A route without that policy has no school context: asking for
 * one is a programming error and answers 500, never a silent pass.
 */
export function schoolOf(request: FastifyRequest): TSchoolContext {
  const ctx = resolved.get(request);
  if (!ctx)
    throw new Error(
      `${request.method} ${request.routeOptions.url}: no school policy ran (onRequest: requireSchoolPermission(...)).`,
    );
  return ctx;
}

/** Resolves the caller's school and checks `permissions`; for guards and statements that check the session themselves. */
export async function schoolContext(
  request: FastifyRequest,
  permissions: TPermission[],
  options: TSessionReadOptions = {},
): Promise<TSchoolContext> {
  const user = await getSessionUser(request, options);
  if (!user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  if (!user.organization || user.organization.type !== 'school') throw forbidden(SCHOOL_MESSAGES.notASchoolMember);
  if (!permissions.some((permission) => user.permissions.includes(permission))) throw forbidden(NO_PERMISSION_MESSAGE);
  return { organizationId: user.organization.id, schoolName: user.organization.name, user, ip: request.ip };
}

/** Who may read learner records; who may change them. */
export const VIEW_LEARNERS: TPermission[] = ['manage_students', 'view_students'];
export const MANAGE_LEARNERS: TPermission[] = ['manage_students'];
