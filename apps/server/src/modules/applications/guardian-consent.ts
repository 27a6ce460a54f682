import { and, eq, isNull } from 'drizzle-orm';
import { APPLICATION_MESSAGES, type TGuardianConsentView } from '@sekolo/shared/schemas/applications';
import type { DbExecutor } from '../../platform/db/client.ts';
import { applications, guardianConsents, users } from '../../platform/db/schema/index.ts';
import { recordAudit, truncateIp } from '../../platform/audit/audit.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { hashToken } from './applicant-applications.ts';
import { childAndShopOf } from './step-data.ts';

async function findConsent(db: DbExecutor, token: string, lock = false) {
  const query = db
    .select({
      consent: guardianConsents,
      stepData: applications.stepData,
      applicantName: users.name,
      applicantId: users.id,
    })
    .from(guardianConsents)
    .innerJoin(applications, eq(applications.id, guardianConsents.applicationId))
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(guardianConsents.tokenHash, hashToken(token)));
  const [found] = lock ? await query.for('update', { of: guardianConsents }) : await query;
  if (!found) throw notFound(APPLICATION_MESSAGES.consentNotFound);
  return found;
}

function toView(found: Awaited<ReturnType<typeof findConsent>>, now = new Date()): TGuardianConsentView {
  const { childName, shopName } = childAndShopOf(found.stepData, found.applicantName);
  const { consent } = found;
  return {
    status: consent.consentedAt ? 'given' : consent.expiresAt <= now ? 'expired' : 'pending',
    childName,
    shopName,
    guardianName: consent.guardianName,
    consentedAt: consent.consentedAt?.toISOString() ?? null,
  };
}

/** GET /api/applications/guardian-consent/:token: what the guardian is asked to confirm. */
export async function readGuardianConsent(db: DbExecutor, token: string): Promise<TGuardianConsentView> {
  return toView(await findConsent(db, token));
}

/**
 * POST /api/applications/guardian-consent: records who consented and when, once, audited in
 * the same transaction. Confirming again answers the recorded consent.
 */
export async function confirmGuardianConsent(
  db: DbExecutor,
  input: { token: string; ip: string | null },
): Promise<TGuardianConsentView> {
  return db.transaction(async (tx) => {
    const found = await findConsent(tx, input.token, true);
    const now = new Date();
    if (found.consent.consentedAt) return toView(found, now);
    if (found.consent.expiresAt <= now) throw new AppError(410, 'CONSENT_EXPIRED', APPLICATION_MESSAGES.consentExpired);
    const [updated] = await tx
      .update(guardianConsents)
      .set({ consentedAt: now, consentedFromIp: truncateIp(input.ip) })
      .where(and(eq(guardianConsents.id, found.consent.id), isNull(guardianConsents.consentedAt)))
      .returning();
    await recordAudit(tx, {
      action: 'application.guardian_consent_given',
      actorUserId: null,
      target: `application:${found.consent.applicationId}`,
      ip: input.ip,
      details: {
        guardianName: found.consent.guardianName,
        guardianEmail: found.consent.guardianEmail,
        relation: found.consent.relation,
        applicantUserId: found.applicantId,
      },
    });
    return toView({ ...found, consent: updated! }, now);
  });
}
