import { and, eq } from 'drizzle-orm';
import type { TLearnerValues } from '@sekolo/shared/schemas/school';
import type { DbExecutor } from '../../platform/db/client.ts';
import {
  guardians,
  learnerConsents,
  learnerGuardians,
  learners,
  organizationMembers,
} from '../../platform/db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';
import { checkLearnerCapacity } from './learner-capacity.ts';
import { assertAdmissionNumberFree, assertRegisterClassFits, classSinceFor, learnerColumns } from './learner-rules.ts';
import { NEXT_UPDATED_AT } from './guardian-updated-at.ts';
import { gradeToNumber } from '@sekolo/shared/schemas/school';

export const ADMITTED_GUARDIAN_OTHER_ROLE =
  "The applicant's account belongs to this school in another role, so it cannot be linked as the learner's parent. Link the guardian from the learner's record instead.";

/** What an enrolment from an admission application carries, as the guardian gave it. */
export type TAdmittedLearner = {
  learner: TLearnerValues;
  guardian: {
    userId: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    relation: 'parent' | 'guardian' | 'grandparent' | 'other';
  };
  /** The consent the guardian gave before the application held any of the child's data (D15). */
  consent: { givenAt: Date; policyVersion: string; guardianName: string };
};

/**
 * Enrols a learner from an accepted admission application, in the caller's transaction: the
 * learner record (the package's learner limit, the admission number and the class checked as for
 * any new learner), the guardian (the school's record with that e-mail reused, as for a sibling)
 * linked to the applicant's parent account, which becomes a parent member of the school, and the
 * guardian's online consent as the application recorded it. Audited like the same acts by hand.
 */
export async function admitLearner(
  tx: DbExecutor,
  ctx: TSchoolContext,
  input: TAdmittedLearner,
): Promise<{ learnerId: string; guardianId: string }> {
  const { learner: values, guardian: g, consent } = input;
  await assertRegisterClassFits(tx, ctx.organizationId, values.registerClassId, gradeToNumber(values.grade));
  await assertAdmissionNumberFree(tx, ctx.organizationId, values.admissionNumber);
  await checkLearnerCapacity(tx, ctx.organizationId, 1);
  const [membership] = await tx
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, ctx.organizationId), eq(organizationMembers.userId, g.userId)));
  if (membership && membership.role !== 'parent') throw new AppError(409, 'CONFLICT', ADMITTED_GUARDIAN_OTHER_ROLE);

  const [row] = await tx
    .insert(learners)
    .values({
      ...learnerColumns(values),
      registerClassSince: await classSinceFor(tx, ctx.organizationId, null, values.registerClassId, null),
      organizationId: ctx.organizationId,
      createdBy: ctx.user.id,
    })
    .returning({ id: learners.id });
  const learnerId = row!.id;
  await recordAudit(tx, {
    action: 'learner.created',
    actorUserId: ctx.user.id,
    target: `learner:${learnerId}`,
    ip: ctx.ip,
    details: { organizationId: ctx.organizationId, admissionNumber: values.admissionNumber, from: 'admission' },
  });

  const email = g.email.trim().toLowerCase();
  const [existing] = await tx
    .select({ id: guardians.id, userId: guardians.userId })
    .from(guardians)
    .where(and(eq(guardians.organizationId, ctx.organizationId), eq(guardians.email, email)))
    .for('update');
  let guardianId: string;
  if (existing) {
    guardianId = existing.id;
    await tx
      .update(guardians)
      .set({
        firstName: g.firstName,
        lastName: g.lastName,
        phone: g.phone,
        ...(existing.userId ? {} : { userId: g.userId }),
        updatedAt: NEXT_UPDATED_AT,
      })
      .where(eq(guardians.id, existing.id));
  } else {
    const [created] = await tx
      .insert(guardians)
      .values({
        organizationId: ctx.organizationId,
        firstName: g.firstName,
        lastName: g.lastName,
        email,
        phone: g.phone,
        userId: g.userId,
      })
      .returning({ id: guardians.id });
    guardianId = created!.id;
  }
  await tx.insert(learnerGuardians).values({
    organizationId: ctx.organizationId,
    learnerId,
    guardianId,
    relation: g.relation,
    paysFees: true,
    receivesCommunications: true,
  });
  await tx
    .insert(organizationMembers)
    .values({ organizationId: ctx.organizationId, userId: g.userId, role: 'parent' })
    .onConflictDoNothing();
  await recordAudit(tx, {
    action: 'guardian.linked',
    actorUserId: ctx.user.id,
    target: `learner:${learnerId}`,
    ip: ctx.ip,
    details: { organizationId: ctx.organizationId, guardianId, from: 'admission' },
  });

  const [given] = await tx
    .insert(learnerConsents)
    .values({
      organizationId: ctx.organizationId,
      learnerId,
      guardianId,
      guardianName: consent.guardianName,
      method: 'online',
      policyVersion: consent.policyVersion,
      recordedBy: g.userId,
      givenAt: consent.givenAt,
    })
    .returning({ id: learnerConsents.id });
  await recordAudit(tx, {
    action: 'learner.consent_recorded',
    actorUserId: ctx.user.id,
    target: `learner:${learnerId}`,
    ip: ctx.ip,
    details: {
      organizationId: ctx.organizationId,
      consentId: given!.id,
      guardianId,
      method: 'online',
      policyVersion: consent.policyVersion,
      from: 'admission',
    },
  });
  return { learnerId, guardianId };
}
