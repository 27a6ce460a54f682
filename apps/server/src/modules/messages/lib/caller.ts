import type { FastifyRequest } from 'fastify';
import { MESSAGE_MESSAGES as M, MESSAGING_STAFF_ROLES, OFFICE_ROLES } from '@sekolo/shared/schemas/messages';
import {
  defineGuard,
  getSessionUser,
  NO_PERMISSION_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  type TSessionUser,
} from '../../../platform/auth/guards.ts';
import { forbidden, unauthorized } from '../../../platform/http/errors.ts';

/** How a school member messages: a guardian (communicate_teachers), the office, a teacher, or other staff. */
export type TSchoolStanding = 'guardian' | 'office' | 'teacher' | 'staff';
export type TSchoolCaller = { user: TSessionUser; organizationId: string; standing: TSchoolStanding };

/** Every signed-in, active account: its own conversations (a customer's with a seller, a school's). */
export const canUseMessages = defineGuard(async (request) => {
  const user = await getSessionUser(request);
  if (!user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  if (user.status !== 'active') throw forbidden(NO_PERMISSION_MESSAGE);
});

export async function messagingUser(request: FastifyRequest): Promise<TSessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  return user;
}

function standingOf(user: TSessionUser): TSchoolStanding | null {
  if (user.status !== 'active' || user.organization?.type !== 'school') return null;
  if (user.permissions.includes('communicate_teachers')) return 'guardian';
  if (!(MESSAGING_STAFF_ROLES as readonly string[]).includes(user.role)) return null;
  if ((OFFICE_ROLES as readonly string[]).includes(user.role)) return 'office';
  return user.role === 'teacher' ? 'teacher' : 'staff';
}

const schoolCallers = new WeakMap<FastifyRequest, TSchoolCaller>();

/**
 * Starting a school conversation: the school's staff (MESSAGING_STAFF_ROLES) and its parents
 * (communicate_teachers, spec 6). Learners and accounts outside a school are refused.
 */
export const canStartSchoolConversation = defineGuard(async (request) => {
  const user = await getSessionUser(request);
  if (!user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  const standing = standingOf(user);
  if (!standing) throw forbidden(user.status === 'active' ? M.cannotMessage : NO_PERMISSION_MESSAGE);
  schoolCallers.set(request, { user, organizationId: user.organization!.id, standing });
});

export function schoolCallerOf(request: FastifyRequest): TSchoolCaller {
  const caller = schoolCallers.get(request);
  if (!caller)
    throw new Error(`${request.method} ${request.routeOptions.url}: canStartSchoolConversation did not run.`);
  return caller;
}
