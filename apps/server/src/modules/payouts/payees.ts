import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { PAYOUT_MESSAGES as M } from '@sekolo/shared/schemas/payouts';
import type { DbExecutor } from '../../platform/db/client.ts';
import {
  applications,
  guardianConsents,
  organizationMembers,
  organizations,
  users,
} from '../../platform/db/schema/index.ts';
import type { TSessionUser } from '../../platform/auth/guards.ts';
import { forbidden } from '../../platform/http/errors.ts';
import type { TAccountRecipient } from './bank-account.ts';

/** The roles whose organisation is paid out here (their dashboards' Payouts pages). */
export const PAYEE_ROLES = [
  'business_partner',
  'service_vendor',
  'product_vendor',
  'lms_tutor',
  'charity',
  'young_entrepreneur',
] as const;

export type TPayee = { organizationId: string; name: string; type: 'business' | 'charity' | 'shop' };

/** The signed-in person's organisation when it is paid out here, or 403. */
export function payeeOf(user: TSessionUser | null): TPayee {
  const organization = user?.organization;
  if (!organization || !['business', 'charity', 'shop'].includes(organization.type)) throw forbidden(M.notPayee);
  return { organizationId: organization.id, name: organization.name, type: organization.type as TPayee['type'] };
}

/** The organisation's active members: who is told of payouts, and (but for a shop) who confirms its account. */
export async function payeeMembers(db: DbExecutor, organizationId: string): Promise<TAccountRecipient[]> {
  const rows = await db
    .select({ email: users.email, firstName: users.firstName, name: users.name })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(users.status, 'active')))
    .orderBy(users.email);
  return rows.map((r) => ({ email: r.email, name: r.firstName || r.name }));
}

/**
 * The guardian who consented to a young entrepreneur's shop in the wizard (D23): the latest given
 * consent of the application that made the organisation. Null: none on record.
 */
export async function consentingGuardian(db: DbExecutor, organizationId: string): Promise<TAccountRecipient | null> {
  const [row] = await db
    .select({ email: guardianConsents.guardianEmail, name: guardianConsents.guardianName })
    .from(guardianConsents)
    .innerJoin(applications, eq(applications.id, guardianConsents.applicationId))
    .where(and(eq(applications.organizationId, organizationId), isNotNull(guardianConsents.consentedAt)))
    .orderBy(desc(guardianConsents.consentedAt))
    .limit(1);
  return row ? { email: row.email.trim().toLowerCase(), name: row.name } : null;
}

/** Who reads a payout's remittance advice: the members, and a shop's consenting guardian too. */
export async function payeeRecipients(db: DbExecutor, organizationId: string): Promise<TAccountRecipient[]> {
  const members = await payeeMembers(db, organizationId);
  const guardian = await organizationType(db, organizationId).then((type) =>
    type === 'shop' ? consentingGuardian(db, organizationId) : null,
  );
  return guardian && !members.some((m) => m.email.toLowerCase() === guardian.email) ? [...members, guardian] : members;
}

export async function organizationType(db: DbExecutor, organizationId: string): Promise<string | null> {
  const [row] = await db
    .select({ type: organizations.type })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.type ?? null;
}

export async function organizationName(db: DbExecutor, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name ?? '';
}

/** The shops whose consenting guardian signed in with this address (their own account, D23). */
export async function shopsOfGuardian(db: DbExecutor, email: string): Promise<TPayee[]> {
  const rows = await db
    .selectDistinct({ id: organizations.id, name: organizations.name })
    .from(guardianConsents)
    .innerJoin(applications, eq(applications.id, guardianConsents.applicationId))
    .innerJoin(organizations, eq(organizations.id, applications.organizationId))
    .where(
      and(
        sql`lower(${guardianConsents.guardianEmail}) = ${email.trim().toLowerCase()}`,
        isNotNull(guardianConsents.consentedAt),
        inArray(organizations.type, ['shop']),
      ),
    )
    .orderBy(organizations.name);
  return rows.map((r) => ({ organizationId: r.id, name: r.name, type: 'shop' as const }));
}
