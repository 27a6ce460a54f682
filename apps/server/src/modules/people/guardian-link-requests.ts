import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { INVITATION_VALID_DAYS } from '@sekolo/shared/schemas/auth';
import {
  GUARDIAN_LINK_MESSAGES,
  type TGuardianLinkRequestView,
  type TLearnerGuardian,
} from '@sekolo/shared/schemas/school';
import type { App } from '../../platform/http/app-types.ts';
import type { DbExecutor } from '../../platform/db/client.ts';
import {
  guardianLinkRequests,
  guardians,
  learnerGuardians,
  learners,
  organizationMembers,
  organizations,
  users,
} from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { AppError, forbidden, notFound } from '../../platform/http/errors.ts';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { TSessionUser } from '../../platform/auth/guards.ts';
import { NEXT_UPDATED_AT } from './guardian-updated-at.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';

/**
 * A school invites a guardian whose address belongs to an account that is not a member of the
 * school (a parent of another school, anyone else with a Sekolo account). The account is theirs,
 * not the school's: the school asks, and only the account's holder, signed in as the account the
 * mail went to, links it (accept) or refuses (decline). Until they accept, the school's guardian
 * record carries no user, so nothing of the account (name, avatar, sign-in, files) reaches the
 * school, and the account is not a member of it.
 */

const M = GUARDIAN_LINK_MESSAGES;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The mail's subject: the school and the learner, nothing of the account. */
export const linkRequestSubject = (schoolName: string, learnerFirstName: string) =>
  `${schoolName} asks to link your account to ${learnerFirstName}`;

/**
 * Asks the account `userId` (at `email`) to be linked to the guardian record `guardianId` of the
 * school, for `learnerId`: a fresh pending request (an earlier one withdrawn, its link dead), the
 * mail with the link, and the audit entry, in the caller's transaction (opened with transaction(),
 * which delivers the mail on commit).
 */
export async function askToLinkAccount(
  app: App,
  tx: DbExecutor,
  ctx: TSchoolContext,
  input: { guardianId: string; learnerId: string; userId: string; email: string; guardianFirstName: string },
): Promise<void> {
  await withdrawLinkRequests(tx, input.guardianId);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000);
  await tx.insert(guardianLinkRequests).values({
    organizationId: ctx.organizationId,
    learnerId: input.learnerId,
    guardianId: input.guardianId,
    userId: input.userId,
    email: input.email,
    tokenHash: hashToken(token),
    invitedBy: ctx.user.id,
    expiresAt,
  });
  const [learner] = await tx
    .select({ firstName: learners.firstName })
    .from(learners)
    .where(and(eq(learners.id, input.learnerId), eq(learners.organizationId, ctx.organizationId)));
  const learnerFirstName = learner!.firstName;
  const link = `${app.deps.config.publicUrl}/guardian-link?token=${encodeURIComponent(token)}`;
  await app.deps.mailer.send(
    {
      to: input.email,
      subject: linkRequestSubject(ctx.schoolName, learnerFirstName),
      tag: 'school-guardian-link-request',
      ...composeMail({
        greeting: `Hello ${input.guardianFirstName},`,
        paragraphs: [
          `${ctx.schoolName} asks to link your Sekolo account to ${learnerFirstName} as their parent or guardian, so that you can follow ${learnerFirstName}'s school life in your account.`,
          `Nothing of your account is shared with ${ctx.schoolName} unless you accept. Open the link below, sign in with ${input.email}, and choose Accept or Decline. The link works for ${INVITATION_VALID_DAYS} days.`,
        ],
        actions: [{ label: 'Accept or decline', url: link }],
        footer: [
          'No password yet? Choose one with “Forgot password” on the sign-in page, then open the link again.',
          'If you do not know this school or this child, choose Decline or ignore this mail: your account stays as it is.',
        ],
      }),
    },
    { within: tx },
  );
  await recordAudit(tx, {
    action: 'guardian.link_requested',
    actorUserId: ctx.user.id,
    target: `learner:${input.learnerId}`,
    ip: ctx.ip,
    details: { organizationId: ctx.organizationId, guardianId: input.guardianId },
  });
}

/**
 * Withdraws the pending request of a guardian record (the school invites again, changes the
 * address, or removes the guardian from the learner it asked for): its link stops working.
 */
export async function withdrawLinkRequests(
  tx: DbExecutor,
  guardianId: string,
  only?: { learnerId: string },
): Promise<boolean> {
  const withdrawn = await tx
    .update(guardianLinkRequests)
    .set({ status: 'withdrawn', decidedAt: sql`now()` })
    .where(
      and(
        eq(guardianLinkRequests.guardianId, guardianId),
        eq(guardianLinkRequests.status, 'pending'),
        only ? eq(guardianLinkRequests.learnerId, only.learnerId) : undefined,
      ),
    )
    .returning({ id: guardianLinkRequests.id });
  return withdrawn.length > 0;
}

/**
 * The state of the newest request of each of the school's guardian records given, for its card:
 * pending (not yet expired), declined, expired; withdrawn and accepted ones say nothing.
 */
export async function linkStatesOf(
  db: DbExecutor,
  organizationId: string,
  guardianIds: string[],
): Promise<Map<string, TLearnerGuardian['linkRequest']>> {
  const states = new Map<string, TLearnerGuardian['linkRequest']>();
  if (guardianIds.length === 0) return states;
  const rows = await db
    .selectDistinctOn([guardianLinkRequests.guardianId], {
      guardianId: guardianLinkRequests.guardianId,
      status: guardianLinkRequests.status,
      expired: sql<boolean>`${guardianLinkRequests.expiresAt} <= now()`,
    })
    .from(guardianLinkRequests)
    .where(
      and(
        eq(guardianLinkRequests.organizationId, organizationId),
        inArray(guardianLinkRequests.guardianId, guardianIds),
      ),
    )
    .orderBy(guardianLinkRequests.guardianId, desc(guardianLinkRequests.createdAt), desc(guardianLinkRequests.id));
  for (const row of rows) {
    if (row.status === 'pending') states.set(row.guardianId, row.expired ? 'expired' : 'pending');
    else if (row.status === 'declined') states.set(row.guardianId, 'declined');
  }
  return states;
}

type TRequestRow = typeof guardianLinkRequests.$inferSelect;

/**
 * The pending, unexpired request behind `token`, for the signed-in `viewer` only: 404 for a token
 * that is unknown, answered, withdrawn or expired (the same answer, so a guess learns nothing);
 * 403 when it was sent to another account than the one signed in. `lock` locks the row for the
 * answer, so two answers at once do not both count.
 */
async function requestFor(tx: DbExecutor, viewer: TSessionUser, token: string, lock = false): Promise<TRequestRow> {
  const query = tx
    .select()
    .from(guardianLinkRequests)
    .where(
      and(
        eq(guardianLinkRequests.tokenHash, hashToken(token)),
        eq(guardianLinkRequests.status, 'pending'),
        sql`${guardianLinkRequests.expiresAt} > now()`,
      ),
    );
  const [request] = lock ? await query.for('update') : await query;
  if (!request) throw notFound(M.notFound);
  const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, viewer.id));
  // The account the mail went to, still at that address: an account that moved off it, or
  // another account signed in, may not answer for it.
  if (request.userId !== viewer.id || account?.email !== request.email) throw forbidden(M.otherAccount);
  return request;
}

/** What the account holder reads before answering: the school, the learners' first names, the relation. */
export async function readLinkRequest(
  db: DbExecutor,
  viewer: TSessionUser,
  token: string,
): Promise<TGuardianLinkRequestView> {
  const request = await requestFor(db, viewer, token);
  const [school] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, request.organizationId));
  const linked = await db
    .select({ firstName: learners.firstName, learnerId: learners.id, relation: learnerGuardians.relation })
    .from(learnerGuardians)
    .innerJoin(learners, eq(learners.id, learnerGuardians.learnerId))
    .where(
      and(
        eq(learnerGuardians.guardianId, request.guardianId),
        eq(learnerGuardians.organizationId, request.organizationId),
        eq(learners.organizationId, request.organizationId),
        sql`${learners.archivedAt} is null`,
      ),
    )
    .orderBy(asc(learners.firstName), asc(learners.id));
  const asked = linked.find((l) => l.learnerId === request.learnerId);
  // The learner the school asked for first; accepting links the guardian record, so its other learners too.
  const names = [asked, ...linked.filter((l) => l !== asked)].filter(Boolean).map((l) => l!.firstName);
  return {
    schoolName: school!.name,
    learnerFirstNames: names,
    relation: (asked?.relation ?? 'other') as TGuardianLinkRequestView['relation'],
    expiresAt: request.expiresAt.toISOString(),
  };
}

/**
 * The account holder accepts: the guardian record is linked to their account and the account
 * becomes a parent member of the school. Only a parent account may be (the role decides what a
 * signed-in user may do); another kind is refused with what to do. Audited.
 */
export async function acceptLinkRequest(
  app: App,
  viewer: TSessionUser,
  token: string,
  ip: string,
): Promise<{ schoolName: string }> {
  return transaction(app.deps.database.db, async (tx) => {
    const request = await requestFor(tx, viewer, token, true);
    if (viewer.role !== 'parent' || viewer.status !== 'active') throw new AppError(409, 'CONFLICT', M.notParent);
    const [guardian] = await tx
      .select({ id: guardians.id, userId: guardians.userId })
      .from(guardians)
      .where(and(eq(guardians.id, request.guardianId), eq(guardians.organizationId, request.organizationId)))
      .for('update');
    if (!guardian) throw notFound(M.notFound);
    await tx
      .update(guardians)
      .set({ userId: viewer.id, updatedAt: NEXT_UPDATED_AT })
      .where(eq(guardians.id, guardian.id));
    await tx
      .insert(organizationMembers)
      .values({ organizationId: request.organizationId, userId: viewer.id, role: 'parent' })
      .onConflictDoNothing();
    return { schoolName: await settleRequest(tx, request, 'accepted', viewer, ip) };
  });
}

/** Records the holder's answer on the request, audits it, and names the school that asked. */
async function settleRequest(
  tx: DbExecutor,
  request: { id: string; learnerId: string; organizationId: string; guardianId: string },
  status: 'accepted' | 'declined',
  viewer: TSessionUser,
  ip: string,
): Promise<string> {
  await tx
    .update(guardianLinkRequests)
    .set({ status, decidedAt: sql`now()` })
    .where(eq(guardianLinkRequests.id, request.id));
  await recordAudit(tx, {
    action: status === 'accepted' ? 'guardian.link_accepted' : 'guardian.link_declined',
    actorUserId: viewer.id,
    target: `learner:${request.learnerId}`,
    ip,
    details: { organizationId: request.organizationId, guardianId: request.guardianId },
  });
  const [school] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, request.organizationId));
  return school!.name;
}

/**
 * The account holder declines: recorded and audited; the school's card says so, and the admin who
 * asked gets a mail (without anything of the account: the address is the one the school typed).
 */
export async function declineLinkRequest(
  app: App,
  viewer: TSessionUser,
  token: string,
  ip: string,
): Promise<{ schoolName: string }> {
  return transaction(app.deps.database.db, async (tx) => {
    const request = await requestFor(tx, viewer, token, true);
    const schoolName = await settleRequest(tx, request, 'declined', viewer, ip);
    const [about] = await tx
      .select({ learner: learners.firstName, guardianFirst: guardians.firstName, guardianLast: guardians.lastName })
      .from(learners)
      .innerJoin(guardians, eq(guardians.id, request.guardianId))
      .where(eq(learners.id, request.learnerId));
    const [inviter] = request.invitedBy
      ? await tx
          .select({ email: users.email, firstName: users.firstName })
          .from(users)
          .innerJoin(
            organizationMembers,
            and(
              eq(organizationMembers.userId, users.id),
              eq(organizationMembers.organizationId, request.organizationId),
            ),
          )
          .where(eq(users.id, request.invitedBy))
      : [];
    if (inviter && about) {
      const guardianName = `${about.guardianFirst} ${about.guardianLast}`;
      await app.deps.mailer.send(
        {
          to: inviter.email,
          subject: `${guardianName} declined the invitation for ${about.learner}`,
          tag: 'school-guardian-link-declined',
          ...composeMail({
            greeting: `Hello ${inviter.firstName || 'there'},`,
            paragraphs: [
              `The invitation you sent to ${request.email} to link their account to ${about.learner} was declined. Their account is not linked to your school.`,
              `If the address was wrong, correct it on ${about.learner}'s record and invite ${about.guardianFirst} again.`,
            ],
          }),
        },
        { within: tx },
      );
    }
    return { schoolName };
  });
}
