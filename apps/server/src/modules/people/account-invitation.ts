import { randomBytes } from 'node:crypto';
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { generateId } from 'better-auth';
import { INVITATION_VALID_DAYS } from '@sekolo/shared/schemas/auth';
import type { App } from '../../platform/http/app-types.ts';
import type { DbExecutor } from '../../platform/db/client.ts';
import { accountInvitations, authVerifications, organizationMembers, users } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import { createUserWithPassword } from '../auth/index.ts';
import { hashVerificationIdentifier } from '../auth/index.ts';

/**
 * Accounts a school creates for people it knows (spec 1: guardians, staff, learners): the account
 * gets no usable password and the person chooses one through a mailed link. One mechanism for
 * every invitation: `ensureSchoolAccount` and `queueAccountInvitation` inside the caller's
 * transaction, opened with transaction() (platform/db/transaction.ts) so the mail is delivered on its commit.
 */

/**
 * A new active account for someone the school invites: no usable password (nobody knows it; the
 * person chooses their own through the mailed link) and the e-mail address vouched for by the
 * school (choosing a password through the link proves it), and an open invitation until then
 * (invitationOpen). Answers the user's id.
 */
export async function createInvitedUser(
  tx: DbExecutor,
  input: { email: string; firstName: string; lastName: string; role: string },
): Promise<string> {
  const id = await createUserWithPassword(tx, {
    email: input.email,
    name: `${input.firstName} ${input.lastName}`,
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
    status: 'active',
    emailVerified: true,
    password: randomBytes(32).toString('base64url'),
  });
  await tx.insert(accountInvitations).values({ userId: id });
  return id;
}

/**
 * The user with this e-mail address as a member of the school with `role`: created (no usable
 * password, e-mail vouched for by the school) when there is none; an existing account is reused
 * only when it has the same role and is not something else in this school. `onlyThisSchool` also
 * refuses an account that belongs to another school (a learner has one school).
 */
export async function ensureSchoolAccount(
  tx: DbExecutor,
  input: {
    organizationId: string;
    email: string;
    firstName: string;
    lastName: string;
    role: 'parent' | 'student';
    otherAccountMessage: string;
    onlyThisSchool?: boolean;
  },
): Promise<string> {
  const [existing] = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, input.email));
  let id = existing?.id;
  if (existing) {
    const memberships = await tx
      .select({ organizationId: organizationMembers.organizationId, role: organizationMembers.role })
      .from(organizationMembers)
      .where(eq(organizationMembers.userId, existing.id));
    const clash = memberships.some((m) =>
      m.organizationId === input.organizationId ? m.role !== input.role : Boolean(input.onlyThisSchool),
    );
    if (existing.role !== input.role || clash) throw new AppError(409, 'CONFLICT', input.otherAccountMessage);
  } else {
    id = await createInvitedUser(tx, input);
  }
  await tx
    .insert(organizationMembers)
    .values({ organizationId: input.organizationId, userId: id!, role: input.role })
    .onConflictDoNothing();
  return id!;
}

/**
 * The invitation mail: a link to choose a password, valid for 7 days. The link is a Better Auth
 * password-reset token (so /reset-password accepts it), stored hashed the way Better Auth stores
 * its own. Both the token and the mail are written in the caller's transaction: an account and its
 * invitation exist together or not at all. That transaction must be opened with transaction()
 * (platform/db/transaction.ts), which delivers the mail once it commits; the mailer refuses any other.
 * The links mailed before stop working: only the newest mail's link sets a password.
 */
export async function queueAccountInvitation(
  app: App,
  tx: DbExecutor,
  input: { userId: string; email: string; firstName: string; schoolName: string; tag: string; intro: string },
): Promise<void> {
  await withdrawInvitations(tx, input.userId);
  const token = generateId(24);
  await tx.insert(authVerifications).values({
    id: generateId(32),
    identifier: hashVerificationIdentifier(`reset-password:${token}`),
    value: input.userId,
    expiresAt: new Date(Date.now() + INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000),
  });
  // `invited`: the page greets a first-time user choosing a password, not one replacing theirs.
  const link = `${app.deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&invited=1`;
  await app.deps.mailer.send(
    {
      to: input.email,
      subject: `${input.schoolName} invites you to Sekolo`,
      tag: input.tag,
      ...composeMail({
        greeting: `Hello ${input.firstName},`,
        paragraphs: [
          input.intro,
          `Open the link below to choose your password. The link works once, for ${INVITATION_VALID_DAYS} days. Then sign in with ${input.email}.`,
        ],
        actions: [{ label: 'Choose my password', url: link }],
        footer: [
          'If you do not know this school, ignore this mail: no one can sign in to the account without the link.',
        ],
      }),
    },
    { within: tx },
  );
}

/**
 * Whether the account `userId` names is still an open invitation: made by a school, its password
 * not chosen yet (account_invitations). The school sees the person as invited and can invite again.
 */
export function invitationOpen(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${accountInvitations} as open where open.user_id = ${userId})`;
}

/**
 * Withdraws the set-password links still open for a user: Better Auth keeps each as a
 * verification row whose value is the user id (the identifier is stored hashed).
 */
export async function withdrawInvitations(tx: DbExecutor, userId: string): Promise<void> {
  await tx.delete(authVerifications).where(eq(authVerifications.value, userId));
}
