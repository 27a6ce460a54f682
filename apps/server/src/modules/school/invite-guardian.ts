import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { generateId } from 'better-auth';
import { SCHOOL_MESSAGES } from '@sekolo/shared/schemas/school';
import type { App } from '../../app.ts';
import { guardians, learnerGuardians, organizationMembers, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { composeMail } from '../../mail/compose-mail.ts';
import { createUserWithPassword } from '../auth/create-user-with-password.ts';
import type { TSchoolContext } from './school-context.ts';

/** How long the set-password link of an invitation works. */
export const INVITATION_VALID_DAYS = 7;
export const INVITATION_NEEDS_EMAIL = 'Add an e-mail address to invite this guardian.';
export const INVITATION_OTHER_ACCOUNT =
  'This e-mail address already has a Sekolo account that is not a parent account of your school.';

/**
 * "Parent and guardian accounts are created by schools" (spec 1): the admin invites a guardian;
 * we create their parent account in this school (no usable password) and e-mail a link to choose
 * one. The link is Better Auth's own password-reset token (made through its adapter, so
 * /reset-password accepts it), valid for 7 days. Inviting again sends a fresh link.
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

  const userId = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
    let id = existing?.id;
    if (existing) {
      const [membership] = await tx
        .select({ role: organizationMembers.role })
        .from(organizationMembers)
        .where(
          and(eq(organizationMembers.userId, existing.id), eq(organizationMembers.organizationId, ctx.organizationId)),
        );
      if (existing.role !== 'parent' || (membership && membership.role !== 'parent')) {
        throw new AppError(409, 'CONFLICT', INVITATION_OTHER_ACCOUNT);
      }
    } else {
      id = await createUserWithPassword(tx, {
        email,
        name: `${guardian.firstName} ${guardian.lastName}`,
        firstName: guardian.firstName,
        lastName: guardian.lastName,
        role: 'parent',
        status: 'active',
        // The school vouches for the address; choosing a password through the mailed link proves it.
        emailVerified: true,
        // Nobody knows this password: the guardian chooses their own through the link.
        password: randomBytes(32).toString('base64url'),
      });
    }
    await tx
      .insert(organizationMembers)
      .values({ organizationId: ctx.organizationId, userId: id!, role: 'parent' })
      .onConflictDoNothing();
    await tx
      .update(guardians)
      .set({ userId: id!, updatedAt: sql`now()` })
      .where(eq(guardians.id, guardian.id));
    await recordAudit(tx, {
      action: 'guardian.invited',
      actorUserId: ctx.user.id,
      target: `user:${id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, guardianId: guardian.id },
    });
    return id!;
  });

  await sendAccountInvitation(app, {
    userId,
    email,
    firstName: guardian.firstName,
    subject: `${ctx.schoolName} invites you to Sekolo`,
    tag: 'school-guardian-invitation',
    intro: `${ctx.schoolName} has created a parent account for you on Sekolo, where you can follow your children's school life.`,
  });
  return { email };
}

/**
 * The invitation mail: a link to choose a password. The link is Better Auth's own password-reset
 * token (made through its adapter, so /reset-password accepts it), valid for 7 days.
 */
export async function sendAccountInvitation(
  app: App,
  input: { userId: string; email: string; firstName: string; subject: string; tag: string; intro: string },
): Promise<void> {
  const authContext = await app.auth.$context;
  const token = generateId(24);
  await authContext.internalAdapter.createVerificationValue({
    value: input.userId,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000),
  });
  const link = `${app.deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await app.deps.mailer.send({
    to: input.email,
    subject: input.subject,
    tag: input.tag,
    ...composeMail({
      greeting: `Hello ${input.firstName},`,
      paragraphs: [
        input.intro,
        `Open the link below to choose your password. The link works once, for ${INVITATION_VALID_DAYS} days. Then sign in with ${input.email}.`,
      ],
      actions: [{ label: 'Choose my password', url: link }],
      footer: ['If you do not know this school, ignore this mail: no one can sign in to the account without the link.'],
    }),
  });
}
