import type { FastifyRequest } from 'fastify';
import type { TPermission } from '@sekolo/shared/constants/roles';
import { SCHOOL_MESSAGES } from '@sekolo/shared/schemas/school';
import { forbidden, unauthorized } from '../../../platform/http/errors.ts';
import {
  defineGuard,
  getSessionUser,
  NO_PERMISSION_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  type TGuard,
} from '../../../platform/auth/guards.ts';
import { schoolContext, type TSchoolContext } from '../../../platform/tenancy/school-context.ts';

/** Who edits the timetable: the school admin (spec 6 `manage_curriculum`). */
export const EDIT_TIMETABLE: TPermission[] = ['manage_curriculum'];
/** Staff who read every class's, teacher's and room's timetable: teachers and the other school staff. */
export const READ_TIMETABLE: TPermission[] = [
  'manage_curriculum',
  'view_curriculum',
  'manage_students',
  'view_students',
];

export type TTimetableReader =
  { kind: 'staff'; ctx: TSchoolContext; canEdit: boolean } | { kind: 'parent'; organizationId: string; userId: string };

const readers = new WeakMap<FastifyRequest, TTimetableReader>();

/**
 * The timetable's read policy (a route's onRequest guard): staff read everything; a parent (a
 * member of the school with role parent) reads only the classes of their own children (checked by
 * the view). The handler reads what it resolved with `readerOf`.
 */
export const requireTimetableReader: TGuard = defineGuard(async (request) => {
  const user = await getSessionUser(request);
  if (!user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  if (!user.organization || user.organization.type !== 'school') throw forbidden(SCHOOL_MESSAGES.notASchoolMember);
  if (READ_TIMETABLE.some((p) => user.permissions.includes(p))) {
    const ctx = await schoolContext(request, READ_TIMETABLE);
    readers.set(request, { kind: 'staff', ctx, canEdit: EDIT_TIMETABLE.some((p) => user.permissions.includes(p)) });
    return;
  }
  if (user.role === 'parent') {
    readers.set(request, { kind: 'parent', organizationId: user.organization.id, userId: user.id });
    return;
  }
  throw forbidden(NO_PERMISSION_MESSAGE);
});

/** The reader the route's requireTimetableReader resolved for this request. */
export function readerOf(request: FastifyRequest): TTimetableReader {
  const reader = readers.get(request);
  if (!reader) throw new Error(`${request.method} ${request.routeOptions.url}: no timetable policy ran.`);
  return reader;
}
