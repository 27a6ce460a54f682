import { and, eq, ne, sql } from 'drizzle-orm';
import { FAMILY_MESSAGES, type TLearnerAccount } from '@sekolo/shared/schemas/family';
import { SCHOOL_MESSAGES } from '@sekolo/shared/schemas/school';
import type { App } from '../../platform/http/app-types.ts';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { authSessions, learners, organizationMembers, users } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { AppError, badRequest, isUniqueViolation, notFound } from '../../platform/http/errors.ts';
import {
  ensureSchoolAccount,
  invitationOpen,
  queueAccountInvitation,
  withdrawInvitations,
} from './account-invitation.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';

async function lockLearner(tx: DbExecutor, organizationId: string, learnerId: string) {
  const [learner] = await tx
    .select({
      id: learners.id,
      firstName: learners.firstName,
      lastName: learners.lastName,
      userId: learners.userId,
      archivedAt: learners.archivedAt,
    })
    .from(learners)
    .where(and(eq(learners.id, learnerId), eq(learners.organizationId, organizationId)))
    .for('update');
  if (!learner) throw notFound(SCHOOL_MESSAGES.learnerNotFound);
  return learner;
}

/** The learner's own account and whether it is in use yet, or null. Another school's learner is 404. */
export async function getLearnerAccount(
  db: DbExecutor,
  organizationId: string,
  learnerId: string,
): Promise<TLearnerAccount | null> {
  const [row] = await db
    .select({ userId: learners.userId, email: users.email, invited: invitationOpen(users.id) })
    .from(learners)
    .leftJoin(users, eq(users.id, learners.userId))
    .where(and(eq(learners.id, learnerId), eq(learners.organizationId, organizationId)));
  if (!row) throw notFound(SCHOOL_MESSAGES.learnerNotFound);
  if (!row.userId || !row.email) return null;
  return { email: row.email, status: row.invited ? 'invited' : 'active' };
}

/**
 * "Invite learner to sign in": the learner's own account (role student, a member of this school
 * only), linked to the learner record, and a mail with a link to choose a password. Inviting the
 * same address again sends a fresh link; another address needs the account revoked first.
 */
export async function inviteLearner(
  app: App,
  ctx: TSchoolContext,
  learnerId: string,
  email: string,
): Promise<TLearnerAccount> {
  const { db } = app.deps.database;
  try {
    await transaction(db, async (tx) => {
      const learner = await lockLearner(tx, ctx.organizationId, learnerId);
      if (learner.archivedAt) throw badRequest(FAMILY_MESSAGES.learnerArchived);
      if (learner.userId) {
        const [linked] = await tx.select({ email: users.email }).from(users).where(eq(users.id, learner.userId));
        if (linked?.email !== email) {
          throw new AppError(409, 'CONFLICT', FAMILY_MESSAGES.learnerHasAccount, {
            email: FAMILY_MESSAGES.learnerHasAccount,
          });
        }
      }
      const id = await ensureSchoolAccount(tx, {
        organizationId: ctx.organizationId,
        email,
        firstName: learner.firstName,
        lastName: learner.lastName,
        role: 'student',
        otherAccountMessage: FAMILY_MESSAGES.emailOtherAccount,
        onlyThisSchool: true,
      });
      const [other] = await tx
        .select({ id: learners.id })
        .from(learners)
        .where(and(eq(learners.userId, id), ne(learners.id, learner.id)));
      if (other) throw new AppError(409, 'CONFLICT', FAMILY_MESSAGES.emailOtherLearner);
      await tx
        .update(learners)
        .set({ userId: id, updatedAt: sql`now()` })
        .where(eq(learners.id, learner.id));
      await recordAudit(tx, {
        action: 'learner.account_invited',
        actorUserId: ctx.user.id,
        target: `user:${id}`,
        ip: ctx.ip,
        details: { organizationId: ctx.organizationId, learnerId: learner.id },
      });
      await queueAccountInvitation(app, tx, {
        userId: id,
        email,
        firstName: learner.firstName,
        schoolName: ctx.schoolName,
        tag: 'school-learner-invitation',
        intro: `${ctx.schoolName} has created a learner account for you on Sekolo, where you can see your class, your timetable and your attendance.`,
      });
    });
  } catch (error) {
    // Two admins linking one address to two learners at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw new AppError(409, 'CONFLICT', FAMILY_MESSAGES.emailOtherLearner);
    throw error;
  }

  return (await getLearnerAccount(db, ctx.organizationId, learnerId))!;
}

/**
 * Revokes the learner's account: the membership of this school goes, the record is unlinked, open
 * set-password links are withdrawn and the learner is signed out everywhere. The user itself
 * stays (it may be invited again); without a link it sees nothing of the school.
 */
export async function revokeLearnerAccount(db: Database, ctx: TSchoolContext, learnerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const learner = await lockLearner(tx, ctx.organizationId, learnerId);
    if (!learner.userId) throw notFound(FAMILY_MESSAGES.noAccount);
    const userId = learner.userId;
    await tx
      .delete(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, ctx.organizationId),
          eq(organizationMembers.userId, userId),
          eq(organizationMembers.role, 'student'),
        ),
      );
    await tx
      .update(learners)
      .set({ userId: null, updatedAt: sql`now()` })
      .where(eq(learners.id, learner.id));
    await withdrawInvitations(tx, userId);
    await tx.delete(authSessions).where(eq(authSessions.userId, userId));
    await recordAudit(tx, {
      action: 'learner.account_revoked',
      actorUserId: ctx.user.id,
      target: `user:${userId}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, learnerId: learner.id },
    });
  });
}
