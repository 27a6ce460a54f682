import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.ts';
import { auditEvents, guardians, organizationMembers, users } from '../../platform/db/schema/index.ts';
import { invitationOpen, withdrawInvitations } from './account-invitation.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';

/**
 * The account linked to the guardian: its sign-in address, and whether nobody has taken it up yet
 * (the invitation still open, and never signed in, not even through Google or Facebook).
 */
export async function linkedAccount(tx: DbExecutor, userId: string): Promise<{ email: string; unclaimed: boolean }> {
  const [account] = await tx
    .select({ email: users.email, open: invitationOpen(users.id) })
    .from(users)
    .where(eq(users.id, userId));
  const [signedIn] = await tx
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(and(eq(auditEvents.actorUserId, userId), eq(auditEvents.action, 'auth.sign_in')))
    .limit(1);
  return { email: account!.email, unclaimed: account!.open && !signedIn };
}

/**
 * Who else the account `userId` was invited by besides this guardian record: another school (a
 * membership elsewhere) or another guardian record (of this school, `hereToo`, or of another).
 */
export async function accountSharedWith(
  tx: DbExecutor,
  ctx: TSchoolContext,
  userId: string,
  guardianId: string,
): Promise<{ shared: boolean; hereToo: boolean }> {
  const otherSchools = await tx
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, userId), ne(organizationMembers.organizationId, ctx.organizationId)))
    .limit(1);
  const otherGuardians = await tx
    .select({ organizationId: guardians.organizationId })
    .from(guardians)
    .where(and(eq(guardians.userId, userId), ne(guardians.id, guardianId)));
  return {
    shared: otherSchools.length > 0 || otherGuardians.length > 0,
    hereToo: otherGuardians.some((g) => g.organizationId === ctx.organizationId),
  };
}

/** This school's membership of an account no guardian record of the school is linked to any more. */
export async function leaveSchoolUnlessLinked(
  tx: DbExecutor,
  ctx: TSchoolContext,
  userId: string,
  hereToo: boolean,
): Promise<void> {
  if (hereToo) return;
  await tx
    .delete(organizationMembers)
    .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.organizationId, ctx.organizationId)));
}

/**
 * An unclaimed account this guardian alone was invited to (accountSharedWith: not shared) follows
 * the school's address and name for them: its sign-in address becomes `guardian.email`. False, and
 * nothing changed, when that address has an account already.
 */
export async function moveUnclaimedAccount(
  tx: DbExecutor,
  userId: string,
  guardian: { email: string; firstName: string; lastName: string },
): Promise<boolean> {
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, guardian.email));
  if (taken) return false;
  await tx
    .update(users)
    .set({
      email: guardian.email,
      emailVerified: true,
      name: `${guardian.firstName} ${guardian.lastName}`,
      firstName: guardian.firstName,
      lastName: guardian.lastName,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  return true;
}

/**
 * The school saved another address for a guardian whose invitation nobody has taken up: whoever
 * reads the old (perhaps mistyped) address must not get in, neither by the link mailed there nor by
 * "Forgot password" for that address. In the same transaction, not when the school invites again:
 * - An account this guardian alone was invited to has its links withdrawn and moves to the new
 *   address (moveUnclaimedAccount), still invited: "Invite again" mails the new address. When the
 *   address is removed, or has an account already, the unclaimed account is deleted instead (nobody
 *   ever signed in to it) and the guardian unlinked; inviting them makes or reuses one there.
 * - One another school or another guardian record invited too keeps its link (it is theirs): this
 *   guardian is unlinked from it instead (and the school's membership goes when no other guardian of
 *   it is linked), so it opens nothing of this school.
 * Answers what the guardian's audit entry notes, or null when nothing was open to withdraw (no
 * account, one taken up already, or one at the saved address).
 */
export async function withdrawOldAddressInvitation(
  tx: DbExecutor,
  ctx: TSchoolContext,
  guardian: { id: string; userId: string | null },
  values: { email: string | null; firstName: string; lastName: string },
): Promise<Record<string, unknown> | null> {
  const userId = guardian.userId;
  if (!userId) return null;
  const linked = await linkedAccount(tx, userId);
  if (!linked.unclaimed || linked.email === values.email) return null;
  const { shared, hereToo } = await accountSharedWith(tx, ctx, userId, guardian.id);
  if (!shared) {
    await withdrawInvitations(tx, userId);
    const { email } = values;
    if (email && (await moveUnclaimedAccount(tx, userId, { ...values, email }))) {
      return { invitationWithdrawn: true, signInAddressMoved: true };
    }
    await tx.update(guardians).set({ userId: null }).where(eq(guardians.id, guardian.id));
    await tx.delete(users).where(eq(users.id, userId));
    return { invitationWithdrawn: true, previousAccount: `user:${userId}`, previousAccountDeleted: true };
  }
  await tx.update(guardians).set({ userId: null }).where(eq(guardians.id, guardian.id));
  await leaveSchoolUnlessLinked(tx, ctx, userId, hereToo);
  return { invitationWithdrawn: true, previousAccount: `user:${userId}`, previousAccountKept: true };
}
