import { and, asc, eq } from 'drizzle-orm';
import { SCHOOL_MESSAGES, type TGuardianValues, type TLearnerGuardian } from '@sekolo/shared/schemas/school';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { guardians, learnerGuardians, learners, users } from '../../platform/db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { AppError, isUniqueViolation, notFound, savedMeanwhile } from '../../platform/http/errors.ts';
import { invitationOpen } from './account-invitation.ts';
import { withdrawOldAddressInvitation } from './guardian-address.ts';
import { linkStatesOf, withdrawLinkRequests } from './guardian-link-requests.ts';
import { NEXT_UPDATED_AT } from './guardian-updated-at.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';

const M = SCHOOL_MESSAGES;

async function assertLearnerInSchool(db: DbExecutor, organizationId: string, learnerId: string): Promise<void> {
  const [row] = await db
    .select({ id: learners.id })
    .from(learners)
    .where(and(eq(learners.id, learnerId), eq(learners.organizationId, organizationId)));
  if (!row) throw notFound(M.learnerNotFound);
}

/** The parents and guardians of one learner of this school. */
/** The learner's link to the guardian, in the caller's school. */
function linkOf(organizationId: string, learnerId: string, guardianId: string) {
  return and(
    eq(learnerGuardians.learnerId, learnerId),
    eq(learnerGuardians.guardianId, guardianId),
    eq(learnerGuardians.organizationId, organizationId),
  );
}

/** Audits a change to the learner's guardians (target the learner, details the school and guardian). */
function auditGuardian(
  tx: DbExecutor,
  ctx: TSchoolContext,
  action: 'guardian.linked' | 'guardian.updated' | 'guardian.unlinked',
  learnerId: string,
  guardianId: string,
  details: Record<string, unknown> = {},
) {
  return recordAudit(tx, {
    action,
    actorUserId: ctx.user.id,
    target: `learner:${learnerId}`,
    ip: ctx.ip,
    details: { organizationId: ctx.organizationId, guardianId, ...details },
  });
}

export async function listLearnerGuardians(
  db: DbExecutor,
  organizationId: string,
  learnerId: string,
): Promise<TLearnerGuardian[]> {
  await assertLearnerInSchool(db, organizationId, learnerId);
  const rows = await db
    .select({
      guardian: guardians,
      link: learnerGuardians,
      invitationOpen: invitationOpen(guardians.userId),
      signInEmail: users.email,
    })
    .from(learnerGuardians)
    .innerJoin(guardians, eq(guardians.id, learnerGuardians.guardianId))
    .leftJoin(users, eq(users.id, guardians.userId))
    .where(and(eq(learnerGuardians.learnerId, learnerId), eq(learnerGuardians.organizationId, organizationId)))
    .orderBy(asc(guardians.lastName), asc(guardians.firstName), asc(guardians.id));
  const linkStates = await linkStatesOf(
    db,
    organizationId,
    rows.filter((r) => r.guardian.userId === null).map((r) => r.guardian.id),
  );
  return rows.map(({ guardian, link, invitationOpen: open, signInEmail }) => ({
    id: guardian.id,
    firstName: guardian.firstName,
    lastName: guardian.lastName,
    email: guardian.email,
    phone: guardian.phone,
    relation: link.relation as TLearnerGuardian['relation'],
    paysFees: link.paysFees,
    receivesCommunications: link.receivesCommunications,
    hasAccount: guardian.userId !== null && !open,
    invited: guardian.userId !== null && open,
    signInEmail: guardian.userId !== null ? signInEmail : null,
    linkRequest: linkStates.get(guardian.id) ?? null,
    updatedAt: guardian.updatedAt.toISOString(),
  }));
}

/** A staff member opens the learner's parents and guardians: part of the child's record, so audited. */
export async function readLearnerGuardians(
  db: DbExecutor,
  ctx: TSchoolContext,
  learnerId: string,
): Promise<TLearnerGuardian[]> {
  const list = await listLearnerGuardians(db, ctx.organizationId, learnerId);
  await recordAudit(db, {
    action: 'learner.read',
    actorUserId: ctx.user.id,
    target: `learner:${learnerId}`,
    ip: ctx.ip,
    details: { organizationId: ctx.organizationId, section: 'guardians' },
  });
  return list;
}

/**
 * Links a guardian to a learner. A guardian already known to the school by e-mail (a parent of a
 * sibling) is reused and their contact details updated, so a family is one guardian record.
 */
export async function linkGuardian(
  db: Database,
  ctx: TSchoolContext,
  learnerId: string,
  values: TGuardianValues,
): Promise<TLearnerGuardian[]> {
  await db.transaction(async (tx) => {
    await assertLearnerInSchool(tx, ctx.organizationId, learnerId);
    let guardianId: string | undefined;
    if (values.email) {
      const [existing] = await tx
        .select({ id: guardians.id })
        .from(guardians)
        .where(and(eq(guardians.organizationId, ctx.organizationId), eq(guardians.email, values.email)));
      guardianId = existing?.id;
    }
    const contact = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone,
    };
    if (guardianId) {
      await tx
        .update(guardians)
        .set({ ...contact, updatedAt: NEXT_UPDATED_AT })
        .where(eq(guardians.id, guardianId));
      const [linked] = await tx
        .select({ id: learnerGuardians.guardianId })
        .from(learnerGuardians)
        .where(and(eq(learnerGuardians.learnerId, learnerId), eq(learnerGuardians.guardianId, guardianId)));
      if (linked) throw new AppError(409, 'CONFLICT', M.guardianAlreadyLinked, { email: M.guardianAlreadyLinked });
    } else {
      const [created] = await tx
        .insert(guardians)
        .values({ ...contact, organizationId: ctx.organizationId })
        .returning({ id: guardians.id });
      guardianId = created!.id;
    }
    await tx.insert(learnerGuardians).values({
      organizationId: ctx.organizationId,
      learnerId,
      guardianId,
      relation: values.relation,
      paysFees: values.paysFees,
      receivesCommunications: values.receivesCommunications,
    });
    await auditGuardian(tx, ctx, 'guardian.linked', learnerId, guardianId, { relation: values.relation });
  });
  return listLearnerGuardians(db, ctx.organizationId, learnerId);
}

/**
 * Changes the guardian's contact details and their link to this learner (relation, fees, messages).
 * `basedOn` is the guardian's `updatedAt` as the caller read it (the request's If-Match): when
 * someone else has saved the guardian or one of their links since, nothing is written and the
 * answer is 409, where this save would have put back what the caller's form still held (an old
 * phone number, say). Without it the save is the last writer. An e-mail address another guardian
 * of the school has is refused on its field (409), not as a failure of the unique key (500).
 *
 * The e-mail address here is where the school writes to (absence notices, invitations). A guardian
 * with an account keeps signing in with their own address: the school does not change how someone
 * signs in. The list answers both (`email`, `signInEmail`), the form says so before saving, and the
 * audit entry notes a contact address that now differs from the sign-in one. A guardian invited
 * who has not chosen a password yet: the link mailed to the old address is withdrawn with the save
 * (withdrawOldAddressInvitation), the answer's `invitationWithdrawn` says so, for the school to
 * invite them again at the new address.
 */
export async function updateLearnerGuardian(
  db: Database,
  ctx: TSchoolContext,
  learnerId: string,
  guardianId: string,
  values: TGuardianValues,
  basedOn?: string,
): Promise<{ guardians: TLearnerGuardian[]; invitationWithdrawn: boolean }> {
  let invitationWithdrawn = false;
  try {
    await db.transaction(async (tx) => {
      const [guardian] = await tx
        .select({ updatedAt: guardians.updatedAt, email: guardians.email, userId: guardians.userId })
        .from(guardians)
        .innerJoin(learnerGuardians, eq(learnerGuardians.guardianId, guardians.id))
        .where(linkOf(ctx.organizationId, learnerId, guardianId))
        .for('update', { of: guardians });
      if (!guardian) throw notFound(M.guardianNotFound);
      if (basedOn !== undefined && guardian.updatedAt.toISOString() !== basedOn)
        throw savedMeanwhile(M.guardianChangedMeanwhile);
      await tx
        .update(learnerGuardians)
        .set({
          relation: values.relation,
          paysFees: values.paysFees,
          receivesCommunications: values.receivesCommunications,
        })
        .where(linkOf(ctx.organizationId, learnerId, guardianId));
      await tx
        .update(guardians)
        .set({
          firstName: values.firstName,
          lastName: values.lastName,
          email: values.email,
          phone: values.phone,
          updatedAt: NEXT_UPDATED_AT,
        })
        .where(and(eq(guardians.id, guardianId), eq(guardians.organizationId, ctx.organizationId)));
      const emailChanged = (guardian.email ?? '') !== (values.email ?? '');
      // An invitation nobody took up: the old address's link stops working now (guardian-address.ts).
      const withdrawn = emailChanged
        ? await withdrawOldAddressInvitation(tx, ctx, { id: guardianId, userId: guardian.userId }, values)
        : null;
      // A request to link an account went to the old address: its link stops working too.
      const linkWithdrawn = emailChanged && (await withdrawLinkRequests(tx, guardianId));
      invitationWithdrawn = withdrawn !== null || linkWithdrawn;
      await auditGuardian(tx, ctx, 'guardian.updated', learnerId, guardianId, {
        ...(emailChanged && guardian.userId && !withdrawn && { contactEmailChanged: true, signInUnchanged: true }),
        ...withdrawn,
        ...(linkWithdrawn && { linkRequestWithdrawn: true }),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(409, 'CONFLICT', M.guardianEmailTaken, { email: M.guardianEmailTaken });
    throw error;
  }
  return { guardians: await listLearnerGuardians(db, ctx.organizationId, learnerId), invitationWithdrawn };
}

/** Removes the link; the guardian record stays for their other children. */
export async function unlinkGuardian(
  db: Database,
  ctx: TSchoolContext,
  learnerId: string,
  guardianId: string,
): Promise<TLearnerGuardian[]> {
  await db.transaction(async (tx) => {
    const [link] = await tx
      .delete(learnerGuardians)
      .where(linkOf(ctx.organizationId, learnerId, guardianId))
      .returning({ id: learnerGuardians.guardianId });
    if (!link) throw notFound(M.guardianNotFound);
    // The request to the account holder goes: the school does not ask them to be this learner's guardian.
    const linkWithdrawn = await withdrawLinkRequests(tx, guardianId, { learnerId });
    await auditGuardian(tx, ctx, 'guardian.unlinked', learnerId, guardianId, {
      ...(linkWithdrawn && { linkRequestWithdrawn: true }),
    });
  });
  return listLearnerGuardians(db, ctx.organizationId, learnerId);
}
