import { and, eq } from 'drizzle-orm';
import { SCHOOL_MESSAGES } from '@sekolo/shared/schemas/school';
import type { App } from '../../platform/http/app-types.ts';
import type { DbExecutor } from '../../platform/db/client.ts';
import { guardians, learnerGuardians, organizationMembers, users } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../platform/http/errors.ts';
import { ensureSchoolAccount, queueAccountInvitation, withdrawInvitations } from './account-invitation.ts';
import { accountSharedWith, moveUnclaimedAccount, leaveSchoolUnlessLinked, linkedAccount } from './guardian-address.ts';
import { askToLinkAccount, withdrawLinkRequests } from './guardian-link-requests.ts';
import { NEXT_UPDATED_AT } from './guardian-updated-at.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';

export const INVITATION_NEEDS_EMAIL = 'Add an e-mail address to invite this guardian.';
export const INVITATION_OTHER_ACCOUNT =
  'This e-mail address already has a Sekolo account that is not a parent account of your school.';
/** Inviting a guardian who signs in already: the school does not change how someone signs in. */
export const invitationAccountInUse = (firstName: string, signInEmail: string) =>
  `${firstName} has chosen a password already and signs in with ${signInEmail}. The school cannot change how ${firstName} signs in; a forgotten password is replaced with “Forgot password” on the sign-in page.`;

type TGuardian = typeof guardians.$inferSelect;

/**
 * "Parent and guardian accounts are created by schools" (spec 1): the admin invites a guardian;
 * we create their parent account in this school (no usable password) and e-mail a link to choose
 * one (account-invitation.ts). Inviting again sends a fresh link. An address that has an account
 * already is reused only when that account is a parent member of this school (a sibling's parent);
 * an account outside the school is someone else's, so the school only asks its holder to link it
 * (askToLinkAccount): no membership, nothing of the account shown, until they accept.
 *
 * While the guardian has not taken the invitation up (no password chosen, never signed in), the
 * invitation follows the school's address for them: after a corrected address, inviting again
 * moves the unclaimed account to it (followCorrectedAddress), withdraws the old address's link and
 * mails the new one. Once the guardian uses their account, inviting is refused: their sign-in
 * address is theirs (the edit changes only where the school writes, updateLearnerGuardian).
 */
export async function inviteGuardian(
  app: App,
  ctx: TSchoolContext,
  learnerId: string,
  guardianId: string,
): Promise<{ email: string }> {
  const { db } = app.deps.database;
  try {
    return await transaction(db, async (tx) => {
      // Locked: two invitations at once (two admins, a double click) move the account once.
      const [row] = await tx
        .select({ guardian: guardians })
        .from(learnerGuardians)
        .innerJoin(guardians, eq(guardians.id, learnerGuardians.guardianId))
        .where(
          and(
            eq(learnerGuardians.learnerId, learnerId),
            eq(learnerGuardians.guardianId, guardianId),
            eq(learnerGuardians.organizationId, ctx.organizationId),
          ),
        )
        .for('update', { of: guardians });
      if (!row) throw notFound(SCHOOL_MESSAGES.guardianNotFound);
      const guardian = row.guardian;
      if (!guardian.email) throw badRequest(INVITATION_NEEDS_EMAIL);
      const email = guardian.email;

      const linked = guardian.userId ? await linkedAccount(tx, guardian.userId) : null;
      if (linked && !linked.unclaimed) throw conflict(invitationAccountInUse(guardian.firstName, linked.email));
      const moved = linked && linked.email !== email ? await followCorrectedAddress(tx, ctx, guardian) : null;
      // A request to link an account, still open from an earlier invitation, gives way to this one.
      await withdrawLinkRequests(tx, guardian.id);
      const outsider = moved?.userId ? null : await accountOutsideSchool(tx, ctx, email);
      if (outsider) {
        // Someone else's account: the school asks, its holder answers (guardian-link-requests.ts).
        await tx
          .update(guardians)
          .set({ userId: null, updatedAt: NEXT_UPDATED_AT })
          .where(eq(guardians.id, guardian.id));
        await askToLinkAccount(app, tx, ctx, {
          guardianId: guardian.id,
          learnerId,
          userId: outsider,
          email,
          guardianFirstName: guardian.firstName,
        });
        if (moved) {
          await recordAudit(tx, {
            action: 'guardian.invited',
            actorUserId: ctx.user.id,
            target: `learner:${learnerId}`,
            ip: ctx.ip,
            details: {
              organizationId: ctx.organizationId,
              guardianId: guardian.id,
              addressCorrected: true,
              ...moved.details,
            },
          });
        }
        return { email };
      }
      const id = moved?.userId ?? (await parentAccount(tx, ctx, guardian, email));
      await tx.update(guardians).set({ userId: id, updatedAt: NEXT_UPDATED_AT }).where(eq(guardians.id, guardian.id));
      await recordAudit(tx, {
        action: 'guardian.invited',
        actorUserId: ctx.user.id,
        target: `user:${id}`,
        ip: ctx.ip,
        details: {
          organizationId: ctx.organizationId,
          guardianId: guardian.id,
          ...(moved && { addressCorrected: true, ...moved.details }),
        },
      });
      await queueAccountInvitation(app, tx, {
        userId: id,
        email,
        firstName: guardian.firstName,
        schoolName: ctx.schoolName,
        tag: 'school-guardian-invitation',
        intro: `${ctx.schoolName} has created a parent account for you on Sekolo, where you can follow your children's school life.`,
      });
      return { email };
    });
  } catch (error) {
    // The new address taken by an account made at the same moment: as if it had been there before.
    if (isUniqueViolation(error)) throw new AppError(409, 'CONFLICT', INVITATION_OTHER_ACCOUNT);
    throw error;
  }
}

/**
 * The account at `email` when there is one and it is not a member of this school: it belongs to
 * someone the school does not manage (a parent of another school, any other Sekolo user), so the
 * school may only ask to link it. Null when there is no account (one is made) or it is a member
 * here already (a sibling's parent: linked as before, or refused when of another kind).
 */
async function accountOutsideSchool(tx: DbExecutor, ctx: TSchoolContext, email: string): Promise<string | null> {
  const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!account) return null;
  const [member] = await tx
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, account.id), eq(organizationMembers.organizationId, ctx.organizationId)));
  return member ? null : account.id;
}

/** The parent account at `email` in this school, made or reused (ensureSchoolAccount), else 409. */
const parentAccount = (tx: DbExecutor, ctx: TSchoolContext, guardian: TGuardian, email: string) =>
  ensureSchoolAccount(tx, {
    organizationId: ctx.organizationId,
    email,
    firstName: guardian.firstName,
    lastName: guardian.lastName,
    role: 'parent',
    otherAccountMessage: INVITATION_OTHER_ACCOUNT,
  });

/**
 * The guardian's address was corrected after an invitation nobody has taken up. When the unclaimed
 * account is this guardian's alone (a member of this school only, linked to no other guardian
 * record), it follows: its sign-in address (and name) become the guardian's, unless the new address
 * has an account already; then, as for any invitation, that account is the guardian's if it is a
 * parent account of no other kind here (ensureSchoolAccount, else 409 and nothing changes), or its
 * holder is asked when it is not a member here (askToLinkAccount), and the unclaimed one is
 * deleted. An account another school or another guardian of this school invited too stays theirs,
 * with its link; this school's guardian gets an account at the new address (ensureSchoolAccount,
 * or a request to its holder), and the old one leaves this school when no guardian of it is linked
 * to it.
 * Answers the account the invitation now goes to (null: the caller makes or reuses one, or asks
 * the holder of one outside the school) and what the audit entry notes.
 */
async function followCorrectedAddress(
  tx: DbExecutor,
  ctx: TSchoolContext,
  guardian: TGuardian,
): Promise<{ userId: string | null; details: Record<string, unknown> }> {
  const oldId = guardian.userId!;
  const email = guardian.email!;
  const { shared, hereToo } = await accountSharedWith(tx, ctx, oldId, guardian.id);
  if (!shared) {
    if (await moveUnclaimedAccount(tx, oldId, { ...guardian, email })) return { userId: oldId, details: {} };
    // Nobody ever signed in to it: its links are withdrawn, its membership, login and invitation go with it.
    await withdrawInvitations(tx, oldId);
    await tx.update(guardians).set({ userId: null }).where(eq(guardians.id, guardian.id));
    await tx.delete(users).where(eq(users.id, oldId));
    return { userId: null, details: { previousAccount: `user:${oldId}`, previousAccountDeleted: true } };
  }
  await leaveSchoolUnlessLinked(tx, ctx, oldId, hereToo);
  return { userId: null, details: { previousAccount: `user:${oldId}`, previousAccountKept: true } };
}
