import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { roleLabel } from '@sekolo/shared/domain/user-display';
import {
  canGiveStaffRole,
  INVITABLE_STAFF_ROLES,
  STAFF_MESSAGES,
  type TStaffMember,
} from '@sekolo/shared/schemas/school';
import type { App } from '../../app.ts';
import type { DbExecutor } from '../../db/client.ts';
import { organizationMembers, users } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import {
  createInvitedUser,
  invitationOpen,
  queueAccountInvitation,
} from './account-invitation.ts';
import type { TSchoolContext } from './school-context.ts';

type TStaffRole = (typeof INVITABLE_STAFF_ROLES)[number];
const STAFF_AND_ADMIN_ROLES = ['school_admin', ...INVITABLE_STAFF_ROLES];

/** The school's members of `roles`, with `where` besides: as TStaffMember, and their first name. */
function staffMembers(db: DbExecutor, organizationId: string, roles: readonly string[], where?: SQL) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: organizationMembers.role,
      invited: invitationOpen(users.id),
      firstName: users.firstName,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(eq(organizationMembers.organizationId, organizationId), inArray(organizationMembers.role, [...roles]), where),
    );
}

/** The school's staff (admins, teachers and the other school roles), by name. */
export async function listStaff(db: DbExecutor, organizationId: string): Promise<TStaffMember[]> {
  const rows = await staffMembers(db, organizationId, STAFF_AND_ADMIN_ROLES).orderBy(
    asc(users.lastName),
    asc(users.firstName),
    asc(users.id),
  );
  return rows.map(({ firstName: _firstName, ...member }) => member);
}

/** Creates the staff member's account with that role in this school and e-mails a set-password link. */
export async function inviteStaff(
  app: App,
  ctx: TSchoolContext,
  input: { firstName: string; lastName: string; email: string; role: TStaffRole },
): Promise<TStaffMember> {
  // Inviting is not a way round role management: human resources cannot create an administrator.
  if (!canGiveStaffRole(ctx.user.permissions, input.role)) throw forbidden(STAFF_MESSAGES.roleReserved);
  const { db } = app.deps.database;
  const userId = await transaction(db, async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (existing) {
      // The school's own invitation not taken up yet is not "someone else's account": say how to resend it.
      const [pending] = await staffOf(tx, ctx.organizationId, existing.id);
      const message = pending?.invited ? STAFF_MESSAGES.alreadyInvited : STAFF_MESSAGES.emailTaken;
      throw new AppError(409, 'CONFLICT', message, { email: message });
    }
    const id = await createInvitedUser(tx, input);
    await tx.insert(organizationMembers).values({ organizationId: ctx.organizationId, userId: id, role: input.role });
    await recordAudit(tx, {
      action: 'staff.invited',
      actorUserId: ctx.user.id,
      target: `user:${id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, role: input.role },
    });
    await queueAccountInvitation(app, tx, {
      userId: id,
      email: input.email,
      firstName: input.firstName,
      schoolName: ctx.schoolName,
      tag: 'school-staff-invitation',
      intro: `${ctx.schoolName} has created a Sekolo account for you as ${roleLabel(input.role)}.`,
    });
    return id;
  });
  return {
    id: userId,
    name: `${input.firstName} ${input.lastName}`,
    email: input.email,
    role: input.role,
    invited: true,
  };
}

/** The staff member `userId` of the school (not an admin), with whether their invitation is still open. */
function staffOf(db: DbExecutor, organizationId: string, userId: string) {
  return staffMembers(db, organizationId, INVITABLE_STAFF_ROLES, eq(organizationMembers.userId, userId));
}

/**
 * Sends a staff member who has not chosen a password yet a fresh set-password link (the mail lost,
 * or the link past its days); the links sent before stop working.
 */
export async function reinviteStaff(app: App, ctx: TSchoolContext, userId: string): Promise<TStaffMember> {
  const { db } = app.deps.database;
  return transaction(db, async (tx) => {
    const [member] = await staffOf(tx, ctx.organizationId, userId);
    if (!member) throw notFound(STAFF_MESSAGES.notStaff);
    if (!member.invited) throw new AppError(409, 'CONFLICT', STAFF_MESSAGES.alreadyActive);
    await recordAudit(tx, {
      action: 'staff.invited',
      actorUserId: ctx.user.id,
      target: `user:${userId}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, role: member.role, again: true },
    });
    await queueAccountInvitation(app, tx, {
      userId,
      email: member.email,
      firstName: member.firstName,
      schoolName: ctx.schoolName,
      tag: 'school-staff-invitation',
      intro: `${ctx.schoolName} has created a Sekolo account for you as ${roleLabel(member.role)}.`,
    });
    return { id: userId, name: member.name, email: member.email, role: member.role, invited: true };
  });
}

/** The admin changes a staff member's role in this school (the permissions of spec 6 follow the role). */
export async function changeStaffRole(
  app: App,
  ctx: TSchoolContext,
  userId: string,
  role: TStaffRole,
): Promise<TStaffMember> {
  if (userId === ctx.user.id) throw badRequest(STAFF_MESSAGES.ownRole);
  const { db } = app.deps.database;
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({
        role: organizationMembers.role,
        name: users.name,
        email: users.email,
        invited: invitationOpen(users.id),
      })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(eq(organizationMembers.organizationId, ctx.organizationId), eq(organizationMembers.userId, userId)))
      .for('update');
    // Other admins, parents and learners are not changed here.
    if (!member || !(INVITABLE_STAFF_ROLES as readonly string[]).includes(member.role))
      throw notFound(STAFF_MESSAGES.notStaff);
    await tx
      .update(organizationMembers)
      .set({ role })
      .where(and(eq(organizationMembers.organizationId, ctx.organizationId), eq(organizationMembers.userId, userId)));
    await tx
      .update(users)
      .set({ role, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await recordAudit(tx, {
      action: 'user.role_changed',
      actorUserId: ctx.user.id,
      target: `user:${userId}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, fromRole: member.role, toRole: role },
    });
    return { id: userId, name: member.name, email: member.email, role, invited: member.invited };
  });
}
