import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { PRIVACY_POLICY_VERSION } from '@sekolo/shared/constants/privacy';
import {
  CONSENT_MESSAGES,
  type TChildConsent,
  type TLearnerConsentMethod,
  type TMyChildrenConsents,
} from '@sekolo/shared/schemas/learner-consent';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { guardians, learnerConsents, learnerGuardians, learners, organizations } from '../../platform/db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { consentStatusOf, hasStandingConsent } from './learner-consents.ts';
import { GUARDIAN_LINKS, LINKED_LEARNER } from '../../platform/tenancy/guardian-children.ts';

const M = CONSENT_MESSAGES;

/** The signed-in parent, as the audit log records them. */
export type TGuardianActor = { userId: string; ip: string };

/** The guardian records of this account linked to an active learner (any school), optionally one learner. */
function linkedChildren(db: DbExecutor, userId: string, learnerId?: string) {
  return db
    .select({
      learner: learners,
      schoolName: organizations.name,
      guardianId: guardians.id,
      guardianFirstName: guardians.firstName,
      guardianLastName: guardians.lastName,
    })
    .from(guardians)
    .innerJoin(learnerGuardians, GUARDIAN_LINKS)
    .innerJoin(learners, LINKED_LEARNER)
    .innerJoin(organizations, eq(organizations.id, learners.organizationId))
    .where(
      and(
        eq(guardians.userId, userId),
        isNull(learners.archivedAt),
        learnerId ? eq(learners.id, learnerId) : undefined,
      ),
    )
    .orderBy(asc(learners.firstName), asc(learners.id));
}

/**
 * The parent dashboard's consent card: for each of this guardian's own children, whether a
 * consent to the current privacy policy stands, and this guardian's own (which they may withdraw).
 */
export async function listMyChildrenConsents(
  db: DbExecutor,
  userId: string,
  learnerId?: string,
): Promise<TMyChildrenConsents> {
  const children = await linkedChildren(db, userId, learnerId);
  const ids = [...new Set(children.map((child) => child.learner.id))];
  const consents = ids.length
    ? await db
        .select()
        .from(learnerConsents)
        .where(and(inArray(learnerConsents.learnerId, ids), isNull(learnerConsents.withdrawnAt)))
        .orderBy(asc(learnerConsents.givenAt))
    : [];
  const seen = new Set<string>();
  const result: TChildConsent[] = [];
  for (const child of children) {
    if (seen.has(child.learner.id)) continue;
    seen.add(child.learner.id);
    const standing = consents.filter((c) => c.learnerId === child.learner.id);
    const current = standing.filter((c) => c.policyVersion === PRIVACY_POLICY_VERSION);
    const mine = current.find((c) => c.guardianId === child.guardianId);
    const other = mine ? undefined : current[0];
    result.push({
      learnerId: child.learner.id,
      firstName: child.learner.firstName,
      lastName: child.learner.lastName,
      preferredName: child.learner.preferredName,
      schoolName: child.schoolName,
      status: consentStatusOf(standing),
      mine: mine
        ? { id: mine.id, givenAt: mine.givenAt.toISOString(), method: mine.method as TLearnerConsentMethod }
        : null,
      givenByOther: other ? { guardianName: other.guardianName, givenAt: other.givenAt.toISOString() } : null,
    });
  }
  return { policyVersion: PRIVACY_POLICY_VERSION, children: result };
}

/** This account's guardian record for one of its own children, with the learner row locked; 404 for any other child. */
async function lockOwnChild(db: DbExecutor, userId: string, learnerId: string) {
  const [child] = await linkedChildren(db, userId, learnerId);
  if (!child) throw notFound(M.childNotFound);
  await db.select({ id: learners.id }).from(learners).where(eq(learners.id, learnerId)).for('update');
  return child;
}

/**
 * The guardian consents online to the current policy for one of their own children. Giving it
 * again while it stands changes nothing (one row per guardian and version): the learner row is
 * locked first, so two clicks at once cannot make two.
 */
export async function giveOnlineConsent(
  db: Database,
  actor: TGuardianActor,
  learnerId: string,
): Promise<TMyChildrenConsents> {
  await db.transaction(async (tx) => {
    const child = await lockOwnChild(tx, actor.userId, learnerId);
    if (await hasStandingConsent(tx, learnerId, child.guardianId, PRIVACY_POLICY_VERSION)) return;
    const [created] = await tx
      .insert(learnerConsents)
      .values({
        organizationId: child.learner.organizationId,
        learnerId,
        guardianId: child.guardianId,
        guardianName: `${child.guardianFirstName} ${child.guardianLastName}`,
        method: 'online',
        policyVersion: PRIVACY_POLICY_VERSION,
        recordedBy: actor.userId,
      })
      .returning({ id: learnerConsents.id });
    await recordAudit(tx, {
      action: 'learner.consent_recorded',
      actorUserId: actor.userId,
      target: `learner:${learnerId}`,
      ip: actor.ip,
      details: {
        organizationId: child.learner.organizationId,
        consentId: created!.id,
        guardianId: child.guardianId,
        method: 'online',
        policyVersion: PRIVACY_POLICY_VERSION,
      },
    });
  });
  return listMyChildrenConsents(db, actor.userId, learnerId);
}

/** The guardian withdraws their own standing consents for one of their children (rows kept). */
export async function withdrawOwnConsent(
  db: Database,
  actor: TGuardianActor,
  learnerId: string,
): Promise<TMyChildrenConsents> {
  await db.transaction(async (tx) => {
    const child = await lockOwnChild(tx, actor.userId, learnerId);
    const withdrawn = await tx
      .update(learnerConsents)
      .set({ withdrawnAt: new Date(), withdrawnBy: actor.userId })
      .where(
        and(
          eq(learnerConsents.learnerId, learnerId),
          eq(learnerConsents.guardianId, child.guardianId),
          isNull(learnerConsents.withdrawnAt),
        ),
      )
      .returning({ id: learnerConsents.id });
    if (withdrawn.length === 0) throw conflict(M.nothingToWithdraw);
    for (const { id } of withdrawn) {
      await recordAudit(tx, {
        action: 'learner.consent_withdrawn',
        actorUserId: actor.userId,
        target: `learner:${learnerId}`,
        ip: actor.ip,
        details: {
          organizationId: child.learner.organizationId,
          consentId: id,
          guardianId: child.guardianId,
          by: 'guardian',
        },
      });
    }
  });
  return listMyChildrenConsents(db, actor.userId, learnerId);
}
