import type { FastifyRequest } from 'fastify';
import type { TPermission } from '@sekolo/shared/constants/roles';
import { SCHOOL_MESSAGES } from '@sekolo/shared/schemas/school';
import { forbidden, unauthorized } from '../http/errors.ts';
import {
  defineGuard,
  getSessionUser,
  NO_PERMISSION_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  type TGuard,
  type TSessionUser,
} from '../auth/guards.ts';

/** The caller and the school every query of this module is scoped to (tenant isolation). */
export type TSchoolContext = { organizationId: string; schoolName: string; user: TSessionUser; ip: string };

/**
 * A guard (a route's onRequest, guards.ts): the caller is signed in, active, a member of a school,
 * and holds at least one of `permissions` (spec 6: the admin manages, a teacher or staff member views).
 */
export function requireSchoolPermission(...permissions: TPermission[]): TGuard {
  return defineGuard(async (request) => {
    resolved.set(request, await schoolContext(request, permissions));
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

/**
 * The caller and school the route's policy (`requireSchoolPermission`, its onRequest guard)
 * resolved for this request. The permission is declared once, on the route; the handler only
 * reads what the policy found. A route without that policy has no school context: asking for
 * one is a programming error and answers 500, never a silent pass.
 */
export function schoolOf(request: FastifyRequest): TSchoolContext {
  const ctx = resolved.get(request);
  if (!ctx) throw new Error(`${request.method} ${request.routeOptions.url}: no school policy ran (onRequest: requireSchoolPermission(...)).`);
  return ctx;
}

/** Resolves the caller's school and checks `permissions`; for guards and statements that check the session themselves. */
export async function schoolContext(request: FastifyRequest, permissions: TPermission[]): Promise<TSchoolContext> {
  const user = await getSessionUser(request);
  if (!user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  if (!user.organization || user.organization.type !== 'school') throw forbidden(SCHOOL_MESSAGES.notASchoolMember);
  if (!permissions.some((permission) => user.permissions.includes(permission))) throw forbidden(NO_PERMISSION_MESSAGE);
  return { organizationId: user.organization.id, schoolName: user.organization.name, user, ip: request.ip };
}

/** Who may read learner records; who may change them. */
export const VIEW_LEARNERS: TPermission[] = ['manage_students', 'view_students'];
export const MANAGE_LEARNERS: TPermission[] = ['manage_students'];
