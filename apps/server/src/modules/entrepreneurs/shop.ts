import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { SHOP_CATEGORIES } from '@sekolo/shared/constants/enumerations';
import type { TShopView } from '@sekolo/shared/schemas/entrepreneurs';
import type { DbExecutor } from '../../platform/db/client.ts';
import {
  applications,
  entrepreneurShops,
  guardianConsents,
  organizationMembers,
  organizations,
  users,
} from '../../platform/db/schema/index.ts';

export type TShopRow = typeof entrepreneurShops.$inferSelect;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export function categoryLabel(id: string): string {
  return SHOP_CATEGORIES.find((c) => c.id === id)?.label ?? id;
}

export function shopView(row: TShopRow, slug: string): TShopView {
  return {
    organizationId: row.organizationId,
    name: row.name,
    slug,
    description: row.description,
    category: categoryLabel(row.category),
    categoryId: row.category,
    status: row.status,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    guardianName: row.guardianName,
  };
}

/** The shop row and the organisation's slug, or null. */
export async function findShop(db: DbExecutor, organizationId: string) {
  const [found] = await db
    .select({ shop: entrepreneurShops, slug: organizations.slug })
    .from(entrepreneurShops)
    .innerJoin(organizations, eq(organizations.id, entrepreneurShops.organizationId))
    .where(eq(entrepreneurShops.organizationId, organizationId));
  return found ?? null;
}

/**
 * The shop as the approved application describes it (step 1: shop name, description, category)
 * with the guardian whose consent the operator saw. Null when there is no approved application
 * with a recorded consent (the shop cannot exist without one).
 */
export async function shopFromApplication(
  db: DbExecutor,
  organizationId: string,
): Promise<Omit<TShopRow, 'status' | 'approvedAt' | 'createdAt'> | null> {
  const [application] = await db
    .select({ id: applications.id, stepData: applications.stepData })
    .from(applications)
    .where(and(eq(applications.organizationId, organizationId), eq(applications.status, 'approved')))
    .limit(1);
  if (!application) return null;
  const [consent] = await db
    .select({ name: guardianConsents.guardianName, email: guardianConsents.guardianEmail })
    .from(guardianConsents)
    .where(and(eq(guardianConsents.applicationId, application.id), isNotNull(guardianConsents.consentedAt)))
    .orderBy(desc(guardianConsents.consentedAt))
    .limit(1);
  if (!consent) return null;
  const info = (application.stepData as Record<string, Record<string, unknown>>)['1'] ?? {};
  const [org] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return {
    organizationId,
    name: text(info.shopName) || org?.name || 'My shop',
    description: text(info.shopDescription),
    category: text(info.shopCategory),
    guardianName: consent.name,
    guardianEmail: consent.email.trim().toLowerCase(),
  };
}

/** The young entrepreneur of a shop (its member): their name for the guardian, their address for mails. */
export async function entrepreneurOf(db: DbExecutor, organizationId: string) {
  const [member] = await db
    .select({ id: users.id, name: users.name, firstName: users.firstName, email: users.email })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(organizationMembers.createdAt)
    .limit(1);
  return member ?? null;
}
