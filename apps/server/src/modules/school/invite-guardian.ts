import { and, eq, sql } from 'drizzle-orm';
import { SCHOOL_MESSAGES } from '@sekolo/shared/schemas/school';
import type { App } from '../../app.ts';
import { guardians, learnerGuardians } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { ensureSchoolAccount, queueAccountInvitation } from './account-invitation.ts';
import type { TSchoolContext } from './school-context.ts';

export const INVITATION_NEEDS_EMAIL = 'Add an e-mail address to invite this guardian.';
export const INVITATION_OTHER_ACCOUNT =
  'This e-mail address already has a Sekolo account that is not a parent account of your school.';

/**
 * "Parent and guardian accounts are created by schools" (spec 1): the admin invites a guardian;
 * we create their parent account in this school (no usable password) and e-mail a link to choose
 * one (account-invitation.ts). Inviting again sends a fresh link.
 */
export async function inviteGuardian(
  app: App,
  ctx: TSchoolContext,
  learnerId: string,
  guardianId: string,
): Promise<{ email: string }> {
  const { db } = app.deps.database;
  const [row] = await db
    .select({ guardian: guardians })
    .from(learnerGuardians)
    .innerJoin(guardians, eq(guardians.id, learnerGuardians.guardianId))
    .where(
      and(
        eq(learnerGuardians.learnerId, learnerId),
        eq(learnerGuardians.guardianId, guardianId),
        eq(learnerGuardians.organizationId, ctx.organizationId),
      ),
    );
  if (!row) throw notFound(SCHOOL_MESSAGES.guardianNotFound);
  const guardian = row.guardian;
  if (!guardian.email) throw badRequest(INVITATION_NEEDS_EMAIL);
  const email = guardian.email;

  await transaction(db, async (tx) => {
    const id = await ensureSchoolAccount(tx, {
      organizationId: ctx.organizationId,
      email,
      firstName: guardian.firstName,
      lastName: guardian.lastName,
      role: 'parent',
      otherAccountMessage: INVITATION_OTHER_ACCOUNT,
    });
    await tx
      .update(guardians)
      .set({ userId: id, updatedAt: sql`now()` })
      .where(eq(guardians.id, guardian.id));
    await recordAudit(tx, {
      action: 'guardian.invited',
      actorUserId: ctx.user.id,
      target: `user:${id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, guardianId: guardian.id },
    });
    await queueAccountInvitation(app, tx, {
      userId: id,
      email,
      firstName: guardian.firstName,
      schoolName: ctx.schoolName,
      tag: 'school-guardian-invitation',
      intro: `${ctx.schoolName} has created a parent account for you on Sekolo, where you can follow your children's school life.`,
    });
  });
  return { email };
}
