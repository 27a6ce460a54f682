import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import { roleLabel } from '@sekolo/shared/domain/user-display';
import {
  canGiveStaffRole,
  canMarkRegisters,
  INVITABLE_STAFF_ROLES,
  STAFF_MESSAGES,
  type TStaffMember,
  type TStaffRemoval,
} from '@sekolo/shared/schemas/school';
import { subjectClassTitle } from '@sekolo/shared/schemas/timetable';
import type { App } from '../../platform/http/app-types.ts';
import type { DbExecutor } from '../../platform/db/client.ts';
import {
  accountInvitations,
  auditEvents,
  authSessions,
  organizationMembers,
  registerClasses,
  registerClassTeachers,
  subjectClasses,
  users,
} from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import {
  createInvitedUser,
  invitationOpen,
  queueAccountInvitation,
  withdrawInvitations,
} from './account-invitation.ts';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';

type TStaffRole = (typeof INVITABLE_STAFF_ROLES)[number];
const STAFF_AND_ADMIN_ROLES = ['school_admin', ...INVITABLE_STAFF_ROLES];

/** The names of the school's register classes `userId` is class teacher of, sorted. */
function classTeacherOf(organizationId: string, userId: SQLWrapper) {
  return sql<string[]>`coalesce((
    select json_agg(rc.name order by lower(rc.name), rc.name)
    from ${registerClassTeachers} rct join ${registerClasses} rc on rc.id = rct.register_class_id
    where rct.organization_id = ${organizationId} and rct.user_id = ${userId}
  ), '[]'::json)`;
}

type TTaught = { id: string; className: string; subject: string; groupName: string | null };

/** The school's subject classes `userId` teaches (id, class, subject, group). */
function subjectClassesOf(organizationId: string, userId: SQLWrapper) {
  return sql<TTaught[]>`coalesce((
    select json_agg(json_build_object('id', sc.id, 'className', rc.name, 'subject', sc.subject, 'groupName', sc.group_name)
      order by lower(rc.name), sc.subject, sc.group_name)
    from ${subjectClasses} sc join ${registerClasses} rc on rc.id = sc.register_class_id
    where sc.organization_id = ${organizationId} and sc.teacher_user_id = ${userId}
  ), '[]'::json)`;
}

function subjectClassTitles(taught: TTaught[]): string[] {
  return taught.map((t) =>
    subjectClassTitle({
      registerClassName: t.className,
      subjectLabel: capsSubjectLabel(t.subject),
      groupName: t.groupName,
    }),
  );
}

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
      classTeacherOf: classTeacherOf(organizationId, users.id),
      taught: subjectClassesOf(organizationId, users.id),
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
  return rows.map(toStaffMember);
}

function toStaffMember({
  firstName: _firstName,
  taught,
  ...member
}: Awaited<ReturnType<typeof staffMembers>>[number]): TStaffMember {
  const titles = subjectClassTitles(taught);
  return { ...member, teaches: taught.map((t, i) => ({ id: t.id, title: titles[i]! })) };
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
  const { userId, rejoined } = await transaction(db, async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).for('update');
    if (existing) {
      if (await formerStaff(tx, ctx.organizationId, existing.id)) {
        await rejoinStaff(app, tx, ctx, existing.id, input);
        return { userId: existing.id, rejoined: true };
      }
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
    return { userId: id, rejoined: false };
  });
  if (rejoined) {
    const [member] = await staffOf(db, ctx.organizationId, userId);
    return toStaffMember(member!);
  }
  return {
    id: userId,
    name: `${input.firstName} ${input.lastName}`,
    email: input.email,
    role: input.role,
    invited: true,
    classTeacherOf: [],
    teaches: [],
  };
}

/**
 * Whether `userId` is someone this school removed from its staff (removeStaff) who belongs to no
 * organisation now: inviting their address again takes them back (a rehire, or a removal by
 * mistake), where any other account's address is refused.
 */
async function formerStaff(tx: DbExecutor, organizationId: string, userId: string): Promise<boolean> {
  const [membership] = await tx
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId))
    .limit(1);
  if (membership) return false;
  const [removed] = await tx
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.target, `user:${userId}`),
        eq(auditEvents.action, 'staff.removed'),
        sql`${auditEvents.details}->>'organizationId' = ${organizationId}`,
      ),
    )
    .limit(1);
  return Boolean(removed);
}

/**
 * A former staff member back in the school with `role`: their own account, so their password (or
 * their open invitation) stays; a mail tells them, with a fresh set-password link while they never
 * chose one.
 */
async function rejoinStaff(
  app: App,
  tx: DbExecutor,
  ctx: TSchoolContext,
  userId: string,
  input: { firstName: string; email: string; role: TStaffRole },
): Promise<void> {
  await tx.insert(organizationMembers).values({ organizationId: ctx.organizationId, userId, role: input.role });
  await tx
    .update(users)
    .set({ role: input.role, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await recordAudit(tx, {
    action: 'staff.invited',
    actorUserId: ctx.user.id,
    target: `user:${userId}`,
    ip: ctx.ip,
    details: { organizationId: ctx.organizationId, role: input.role, rejoined: true },
  });
  const [open] = await tx
    .select({ userId: accountInvitations.userId })
    .from(accountInvitations)
    .where(eq(accountInvitations.userId, userId));
  if (open) {
    await queueAccountInvitation(app, tx, {
      userId,
      email: input.email,
      firstName: input.firstName,
      schoolName: ctx.schoolName,
      tag: 'school-staff-invitation',
      intro: `${ctx.schoolName} has added you to its staff on Sekolo as ${roleLabel(input.role)}.`,
    });
    return;
  }
  await app.deps.mailer.send(
    {
      to: input.email,
      subject: `${ctx.schoolName} has added you back on Sekolo`,
      tag: 'school-staff-rejoined',
      ...composeMail({
        greeting: `Hello ${input.firstName},`,
        paragraphs: [
          `${ctx.schoolName} has added you to its staff on Sekolo again, as ${roleLabel(input.role)}.`,
          `Sign in with ${input.email} and the password you chose before. If you have forgotten it, choose "Forgot password" on the sign-in page.`,
        ],
        actions: [{ label: 'Sign in', url: `${app.deps.config.publicUrl}/login` }],
      }),
    },
    { within: tx },
  );
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
    return { ...toStaffMember(member), invited: true };
  });
}

/**
 * The admin changes a staff member's role in this school (the permissions of spec 6 follow the role).
 * A class teacher given a role that cannot mark registers stops being class teacher of those classes
 * (else the class would name a teacher who can no longer open its register): `clearedClasses` names
 * them, as the confirmation warned (classTeacherRoleWarning).
 */
export async function changeStaffRole(
  app: App,
  ctx: TSchoolContext,
  userId: string,
  role: TStaffRole,
): Promise<{ member: TStaffMember; clearedClasses: string[] }> {
  if (userId === ctx.user.id) throw badRequest(STAFF_MESSAGES.ownRole);
  const { db } = app.deps.database;
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ role: organizationMembers.role })
      .from(organizationMembers)
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
    const clearedClasses = canMarkRegisters(role) ? [] : await clearClassTeacher(tx, ctx.organizationId, userId);
    await recordAudit(tx, {
      action: 'user.role_changed',
      actorUserId: ctx.user.id,
      target: `user:${userId}`,
      ip: ctx.ip,
      details: {
        organizationId: ctx.organizationId,
        fromRole: member.role,
        toRole: role,
        ...(clearedClasses.length > 0 ? { classTeacherCleared: clearedClasses } : {}),
      },
    });
    const [changed] = await staffOf(tx, ctx.organizationId, userId);
    return { member: toStaffMember(changed!), clearedClasses };
  });
}

/** Clears `userId` as class teacher of this school's classes; answers the classes' names, sorted. */
async function clearClassTeacher(tx: DbExecutor, organizationId: string, userId: string): Promise<string[]> {
  const cleared = await tx
    .delete(registerClassTeachers)
    .where(and(eq(registerClassTeachers.organizationId, organizationId), eq(registerClassTeachers.userId, userId)))
    .returning({ classId: registerClassTeachers.registerClassId });
  if (cleared.length === 0) return [];
  const classes = await tx
    .select({ name: registerClasses.name })
    .from(registerClasses)
    .where(
      and(
        eq(registerClasses.organizationId, organizationId),
        inArray(
          registerClasses.id,
          cleared.map((c) => c.classId),
        ),
      ),
    );
  return classes.map((c) => c.name).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

/**
 * Removes a staff member (a teacher who leaves, an admin who hands over) from this school, at once:
 * their membership goes, every session of theirs ends (their account belongs to this school: staff
 * accounts are made by the school), open set-password links are withdrawn, and they stop being
 * class teacher of the school's classes. What they did stays theirs: attendance marks keep their
 * author, the audit log its actor. The subject classes they teach stay on the timetable under their
 * name (a subject class needs a teacher, and access must not wait for the timetable to be redone):
 * the confirmation names them, and the answer too.
 *
 * Who manages staff (manage_staff) removes the staff they may invite; an admin, or another manager,
 * needs manage_roles. Nobody removes themselves, and a school keeps at least one admin.
 */
export async function removeStaff(app: App, ctx: TSchoolContext, userId: string): Promise<TStaffRemoval> {
  const { db } = app.deps.database;
  return db.transaction(async (tx) => {
    const [member] = await staffMembers(
      tx,
      ctx.organizationId,
      STAFF_AND_ADMIN_ROLES,
      eq(organizationMembers.userId, userId),
    ).for('update', { of: organizationMembers });
    if (!member) throw notFound(STAFF_MESSAGES.notStaff);
    if (userId === ctx.user.id) throw badRequest(STAFF_MESSAGES.removeSelf);
    const reserved =
      member.role === 'school_admin'
        ? !ctx.user.permissions.includes('manage_roles')
        : !canGiveStaffRole(ctx.user.permissions, member.role as TStaffRole);
    if (reserved) throw forbidden(STAFF_MESSAGES.removeReserved);
    if (member.role === 'school_admin') {
      // Locked, so two admins removing each other at once cannot leave the school with none.
      const admins = await tx
        .select({ userId: organizationMembers.userId })
        .from(organizationMembers)
        .where(
          and(eq(organizationMembers.organizationId, ctx.organizationId), eq(organizationMembers.role, 'school_admin')),
        )
        .for('update');
      if (admins.length <= 1) throw conflict(STAFF_MESSAGES.lastAdmin);
    }
    const clearedClasses = await clearClassTeacher(tx, ctx.organizationId, userId);
    const keptSubjectClasses = subjectClassTitles(member.taught);
    await tx
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, ctx.organizationId), eq(organizationMembers.userId, userId)));
    await withdrawInvitations(tx, userId);
    await tx.delete(authSessions).where(eq(authSessions.userId, userId));
    await recordAudit(tx, {
      action: 'staff.removed',
      actorUserId: ctx.user.id,
      target: `user:${userId}`,
      ip: ctx.ip,
      details: {
        organizationId: ctx.organizationId,
        role: member.role,
        classTeacherCleared: clearedClasses,
        subjectClassesKept: keptSubjectClasses,
      },
    });
    return { name: member.name, clearedClasses, keptSubjectClasses };
  });
}
