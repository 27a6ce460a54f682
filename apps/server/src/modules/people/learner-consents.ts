import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { PRIVACY_POLICY_VERSION } from '@sekolo/shared/constants/privacy';
import {
  CONSENT_MESSAGES,
  type TLearnerConsent,
  type TLearnerConsentMethod,
  type TLearnerConsents,
  type TLearnerConsentStatus,
  type TPaperConsentValues,
} from '@sekolo/shared/schemas/learner-consent';
import { SCHOOL_MESSAGES, type TLearnerConsentFilter } from '@sekolo/shared/schemas/school';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { guardians, learnerConsents, learnerGuardians, learners, users } from '../../platform/db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';

const M = CONSENT_MESSAGES;

/**
 * A learner's consent status in SQL, for the learner list and record. One correlated
 * aggregate over the learner's rows of learner_consents (an index scan on learner_consents_learner_idx,
 * a handful of rows at most), evaluated only for the rows a page returns: no N+1, no change to
 * the keyset plan of list-learners.ts.
 */
export function consentStatusSql(learnerId: AnyPgColumn): SQL<TLearnerConsentStatus> {
  return sql<TLearnerConsentStatus>`(select case
      when bool_or(${learnerConsents.policyVersion} = ${PRIVACY_POLICY_VERSION}) then 'given'
      when count(*) > 0 then 'outdated'
      else 'missing' end
    from ${learnerConsents}
    where ${learnerConsents.learnerId} = ${learnerId} and ${learnerConsents.withdrawnAt} is null)`;
}

/**
 * The same rule over the policy versions of a learner's standing consents, as a learner's rows of
 * learner_search_prefixes hold them (`consent_versions`, kept by migration 0021's triggers).
 */
export function consentStatusOfVersionsSql(versions: AnyPgColumn): SQL<TLearnerConsentStatus> {
  return sql<TLearnerConsentStatus>`case
      when ${PRIVACY_POLICY_VERSION} = any(${versions}) then 'given'
      when cardinality(${versions}) > 0 then 'outdated'
      else 'missing' end`;
}

/** The same rule over rows already loaded. */
export function consentStatusOf(
  rows: { policyVersion: string; withdrawnAt: Date | string | null }[],
): TLearnerConsentStatus {
  const standing = rows.filter((row) => row.withdrawnAt === null);
  if (standing.some((row) => row.policyVersion === PRIVACY_POLICY_VERSION)) return 'given';
  return standing.length > 0 ? 'outdated' : 'missing';
}

/** A standing consent to the current version of the learner's, on learner_consents_learner_idx. */
function currentConsentOf(learnerId: AnyPgColumn): SQL {
  return sql`(select 1 from ${learnerConsents}
    where ${learnerConsents.learnerId} = ${learnerId}
      and ${learnerConsents.withdrawnAt} is null
      and ${learnerConsents.policyVersion} = ${PRIVACY_POLICY_VERSION})`;
}

/** `not exists` a standing consent to the current version: the overview's count of learners lacking one. */
export function lacksCurrentConsentSql(learnerId: AnyPgColumn): SQL {
  return sql`not exists ${currentConsentOf(learnerId)}`;
}

/**
 * The learner list's consent filter (its `consent`): `exists` a standing consent to the current
 * version ('given'), or not (`not_given`, lacksCurrentConsentSql: the very learners the overview
 * counts as without consent); undefined for no filter.
 */
export function consentFilterSql(filter: TLearnerConsentFilter | '', learnerId: AnyPgColumn): SQL | undefined {
  if (filter === 'given') return sql`exists ${currentConsentOf(learnerId)}`;
  if (filter === 'not_given') return lacksCurrentConsentSql(learnerId);
  return undefined;
}

/** The same filter on a learner's prefix row, by its standing consents' versions (consentStatusOfVersionsSql). */
export function consentFilterOfVersionsSql(filter: TLearnerConsentFilter | '', versions: AnyPgColumn): SQL | undefined {
  if (filter === 'given') return sql`${PRIVACY_POLICY_VERSION} = any(${versions})`;
  if (filter === 'not_given') return sql`not (${PRIVACY_POLICY_VERSION} = any(${versions}))`;
  return undefined;
}

/** The learner of this school, locked for the rest of the transaction when `lock` (one consent write at a time). */
async function findLearner(db: DbExecutor, organizationId: string, learnerId: string, lock = false): Promise<void> {
  const query = db
    .select({ id: learners.id })
    .from(learners)
    .where(and(eq(learners.id, learnerId), eq(learners.organizationId, organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(SCHOOL_MESSAGES.learnerNotFound);
}

/** The learner's consents, newest first, with the names of who recorded and withdrew each. */
export async function loadLearnerConsents(db: DbExecutor, learnerId: string): Promise<TLearnerConsents> {
  const recorder = alias(users, 'consent_recorder');
  const withdrawer = alias(users, 'consent_withdrawer');
  const rows = await db
    .select({ consent: learnerConsents, recordedByName: recorder.name, withdrawnByName: withdrawer.name })
    .from(learnerConsents)
    .leftJoin(recorder, eq(recorder.id, learnerConsents.recordedBy))
    .leftJoin(withdrawer, eq(withdrawer.id, learnerConsents.withdrawnBy))
    .where(eq(learnerConsents.learnerId, learnerId))
    .orderBy(desc(learnerConsents.givenAt), desc(learnerConsents.id));
  const consents: TLearnerConsent[] = rows.map(({ consent, recordedByName, withdrawnByName }) => ({
    id: consent.id,
    guardianId: consent.guardianId,
    guardianName: consent.guardianName,
    method: consent.method as TLearnerConsentMethod,
    policyVersion: consent.policyVersion,
    givenAt: consent.givenAt.toISOString(),
    recordedByName,
    withdrawnAt: consent.withdrawnAt?.toISOString() ?? null,
    withdrawnByName: consent.withdrawnAt ? withdrawnByName : null,
  }));
  return {
    status: consentStatusOf(rows.map((row) => row.consent)),
    policyVersion: PRIVACY_POLICY_VERSION,
    consents,
  };
}

/** A staff member opens the learner's consent history: part of the child's record, so audited. */
export async function readLearnerConsents(
  db: DbExecutor,
  ctx: TSchoolContext,
  learnerId: string,
): Promise<TLearnerConsents> {
  await findLearner(db, ctx.organizationId, learnerId);
  await recordAudit(db, {
    action: 'learner.read',
    actorUserId: ctx.user.id,
    target: `learner:${learnerId}`,
    ip: ctx.ip,
    details: { organizationId: ctx.organizationId, section: 'consents' },
  });
  return loadLearnerConsents(db, learnerId);
}

/** Whether the guardian's consent for the learner to this policy version stands (given, not withdrawn). */
export async function hasStandingConsent(
  tx: DbExecutor,
  learnerId: string,
  guardianId: string,
  policyVersion: string,
): Promise<boolean> {
  const [standing] = await tx
    .select({ id: learnerConsents.id })
    .from(learnerConsents)
    .where(
      and(
        eq(learnerConsents.learnerId, learnerId),
        eq(learnerConsents.guardianId, guardianId),
        eq(learnerConsents.policyVersion, policyVersion),
        isNull(learnerConsents.withdrawnAt),
      ),
    );
  return standing !== undefined;
}

/**
 * When a form signed on `signedOn` (a South African calendar date) counts as given: now when it
 * was signed today, else midday of that day in South Africa (the hour is not on the form).
 */
export function paperConsentGivenAt(signedOn: string, now = new Date()): Date {
  if (signedOn >= todayInSouthAfrica(now)) return now;
  // South Africa keeps UTC+2 all year (no daylight saving).
  return new Date(`${signedOn}T12:00:00+02:00`);
}

/** Staff record a consent one of the learner's guardians signed on paper; audited in the same transaction. */
export async function recordPaperConsent(
  db: Database,
  ctx: TSchoolContext,
  learnerId: string,
  values: TPaperConsentValues,
): Promise<TLearnerConsents> {
  await db.transaction(async (tx) => {
    await findLearner(tx, ctx.organizationId, learnerId, true);
    const [guardian] = await tx
      .select({ id: guardians.id, firstName: guardians.firstName, lastName: guardians.lastName })
      .from(learnerGuardians)
      .innerJoin(guardians, eq(guardians.id, learnerGuardians.guardianId))
      .where(
        and(
          eq(learnerGuardians.learnerId, learnerId),
          eq(learnerGuardians.guardianId, values.guardianId),
          eq(learnerGuardians.organizationId, ctx.organizationId),
        ),
      );
    if (!guardian) throw badRequest(M.guardianNotLinked, { guardianId: M.guardianNotLinked });
    if (await hasStandingConsent(tx, learnerId, guardian.id, values.policyVersion)) throw conflict(M.alreadyRecorded);
    const [created] = await tx
      .insert(learnerConsents)
      .values({
        organizationId: ctx.organizationId,
        learnerId,
        guardianId: guardian.id,
        guardianName: `${guardian.firstName} ${guardian.lastName}`,
        method: 'paper',
        policyVersion: values.policyVersion,
        recordedBy: ctx.user.id,
        givenAt: paperConsentGivenAt(values.signedOn),
      })
      .returning({ id: learnerConsents.id });
    await recordAudit(tx, {
      action: 'learner.consent_recorded',
      actorUserId: ctx.user.id,
      target: `learner:${learnerId}`,
      ip: ctx.ip,
      details: {
        organizationId: ctx.organizationId,
        consentId: created!.id,
        guardianId: guardian.id,
        method: 'paper',
        policyVersion: values.policyVersion,
        signedOn: values.signedOn,
      },
    });
  });
  return loadLearnerConsents(db, learnerId);
}

/** Staff withdraw a consent (the guardian told the school): the row stays, with who and when. */
export async function withdrawLearnerConsent(
  db: Database,
  ctx: TSchoolContext,
  learnerId: string,
  consentId: string,
): Promise<TLearnerConsents> {
  await db.transaction(async (tx) => {
    await findLearner(tx, ctx.organizationId, learnerId, true);
    const [consent] = await tx
      .select({
        id: learnerConsents.id,
        withdrawnAt: learnerConsents.withdrawnAt,
        guardianId: learnerConsents.guardianId,
      })
      .from(learnerConsents)
      .where(
        and(
          eq(learnerConsents.id, consentId),
          eq(learnerConsents.learnerId, learnerId),
          eq(learnerConsents.organizationId, ctx.organizationId),
        ),
      );
    if (!consent) throw notFound(M.consentNotFound);
    if (consent.withdrawnAt) throw conflict(M.alreadyWithdrawn);
    await tx
      .update(learnerConsents)
      .set({ withdrawnAt: new Date(), withdrawnBy: ctx.user.id })
      .where(eq(learnerConsents.id, consentId));
    await recordAudit(tx, {
      action: 'learner.consent_withdrawn',
      actorUserId: ctx.user.id,
      target: `learner:${learnerId}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, consentId, guardianId: consent.guardianId, by: 'staff' },
    });
  });
  return loadLearnerConsents(db, learnerId);
}
