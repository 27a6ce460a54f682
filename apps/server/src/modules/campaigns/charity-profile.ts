import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CAMPAIGN_MESSAGES as M,
  type TCharityProfile,
  type TCharityProfileInput,
  ZCharityProfileInput,
} from '@sekolo/shared/schemas/campaigns';
import type { DbExecutor } from '../../platform/db/client.ts';
import { applications } from '../../platform/db/schema/applications.ts';
import { organizations } from '../../platform/db/schema/auth.ts';
import { charityProfiles } from '../../platform/db/schema/campaigns.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { TSessionUser } from '../../platform/auth/guards.ts';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.ts';

export type TCharityProfileRow = typeof charityProfiles.$inferSelect;

/** The charity organisation the signed-in charity works for; anyone else is refused. */
export function charityOrganizationOf(user: TSessionUser): string {
  if (!user.organization || user.organization.type !== 'charity') throw forbidden(M.notCharity);
  return user.organization.id;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The charity's profile: made the first time it is needed from its approved application (charity
 * details: registered name, registration number, charity type, address). A charity registered as a
 * Public Benefit Organisation gave its PBO number as its registration number; an NPO its NPO number.
 * The operator's check of the PBO number (pboVerifiedAt) is never taken from the application.
 */
export async function ensureCharityProfile(db: DbExecutor, organizationId: string): Promise<TCharityProfileRow> {
  const [existing] = await db.select().from(charityProfiles).where(eq(charityProfiles.organizationId, organizationId));
  if (existing) return existing;
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org || org.type !== 'charity') throw notFound('There is no such charity.');
  const [application] = await db
    .select({ stepData: applications.stepData })
    .from(applications)
    .where(and(eq(applications.organizationId, organizationId), eq(applications.status, 'approved')));
  const steps = (application?.stepData ?? {}) as Record<string, Record<string, unknown>>;
  const info = steps['1'] ?? {};
  const type = text(info.businessType).toLowerCase();
  const registration = text(info.registrationNumber);
  await db
    .insert(charityProfiles)
    .values({
      organizationId,
      registeredName: text(info.registeredName) || org.name,
      pboNumber: type === 'pbo' ? registration : '',
      npoNumber: type === 'pbo' ? '' : registration,
      streetAddress: text(info.streetAddress),
      suburb: text(info.suburb),
      town: text(info.town),
      postalCode: text(info.postalCode),
      province: text(info.province),
    })
    .onConflictDoNothing();
  const [made] = await db.select().from(charityProfiles).where(eq(charityProfiles.organizationId, organizationId));
  return made!;
}

/** A charity issues s18A receipts once it has s18A approval and the operator checked its PBO number. */
export function issuesReceipts(profile: TCharityProfileRow): boolean {
  return profile.s18aApproved && Boolean(profile.pboNumber) && profile.pboVerifiedAt !== null;
}

export function charityAddress(profile: TCharityProfileRow): string {
  return [profile.streetAddress, profile.suburb, profile.town, profile.postalCode].filter(Boolean).join(', ');
}

async function viewOf(db: DbExecutor, profile: TCharityProfileRow): Promise<TCharityProfile> {
  const [org] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, profile.organizationId));
  return {
    organizationId: profile.organizationId,
    name: org?.name ?? profile.registeredName,
    registeredName: profile.registeredName,
    npoNumber: profile.npoNumber,
    pboNumber: profile.pboNumber,
    s18aApproved: profile.s18aApproved,
    pboVerifiedAt: profile.pboVerifiedAt?.toISOString() ?? null,
    issuesReceipts: issuesReceipts(profile),
    streetAddress: profile.streetAddress,
    suburb: profile.suburb,
    town: profile.town,
    postalCode: profile.postalCode,
    province: profile.province,
    thankYouText: profile.thankYouText,
  };
}

export async function getCharityProfile(db: DbExecutor, organizationId: string): Promise<TCharityProfile> {
  return viewOf(db, await ensureCharityProfile(db, organizationId));
}

/** The charity edits its profile; a changed PBO number must be checked again by the operator. */
export async function updateCharityProfile(
  db: DbExecutor,
  actor: { userId: string; organizationId: string },
  input: TCharityProfileInput,
): Promise<TCharityProfile> {
  const values = ZCharityProfileInput.parse(input);
  return transaction(db, async (tx) => {
    const current = await ensureCharityProfile(tx, actor.organizationId);
    const pboChanged = current.pboNumber !== values.pboNumber;
    const [updated] = await tx
      .update(charityProfiles)
      .set({
        ...values,
        ...(pboChanged ? { pboVerifiedAt: null, pboVerifiedBy: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(charityProfiles.organizationId, actor.organizationId))
      .returning();
    if (pboChanged || current.s18aApproved !== values.s18aApproved)
      await recordAudit(tx, {
        action: 'charity.pbo_changed',
        actorUserId: actor.userId,
        target: `organization:${actor.organizationId}`,
        details: { pboNumber: values.pboNumber, s18aApproved: values.s18aApproved },
      });
    return viewOf(tx, updated!);
  });
}

/** The operator's list of charities with their PBO numbers and checks. */
export async function listConsoleCharities(db: DbExecutor) {
  const orgs = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.type, 'charity'))
    .orderBy(asc(organizations.name));
  const charities = [];
  for (const org of orgs) {
    const view = await getCharityProfile(db, org.id);
    charities.push(consoleView(view));
  }
  return { charities };
}

function consoleView(view: TCharityProfile) {
  return {
    organizationId: view.organizationId,
    name: view.name,
    registeredName: view.registeredName,
    npoNumber: view.npoNumber,
    pboNumber: view.pboNumber,
    s18aApproved: view.s18aApproved,
    pboVerifiedAt: view.pboVerifiedAt,
  };
}

/** The operator marks a charity's PBO number checked (or withdraws the check); audited. */
export async function setPboVerified(
  db: DbExecutor,
  actor: { userId: string; ip?: string | null },
  organizationId: string,
  verified: boolean,
) {
  return transaction(db, async (tx) => {
    const profile = await ensureCharityProfile(tx, organizationId);
    if (verified && !profile.pboNumber) throw badRequest(M.pboRequired);
    const [updated] = await tx
      .update(charityProfiles)
      .set({
        pboVerifiedAt: verified ? sql`now()` : null,
        pboVerifiedBy: verified ? actor.userId : null,
        updatedAt: sql`now()`,
      })
      .where(eq(charityProfiles.organizationId, organizationId))
      .returning();
    await recordAudit(tx, {
      action: verified ? 'charity.pbo_verified' : 'charity.pbo_unverified',
      actorUserId: actor.userId,
      target: `organization:${organizationId}`,
      ip: actor.ip ?? null,
      details: { pboNumber: profile.pboNumber },
    });
    return consoleView(await viewOf(tx, updated!));
  });
}
