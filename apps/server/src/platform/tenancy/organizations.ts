import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { organizationMembers, organizations, schoolRolePermissions } from '../db/schema/index.ts';

/** Kinds of organisation on the platform (spec 3: approval creates one; 'shop' is a young entrepreneur's). */
export const ORGANIZATION_TYPES = ['school', 'business', 'charity', 'shop'] as const;
export type TOrganizationType = (typeof ORGANIZATION_TYPES)[number];

export type TMembership = { id: string; name: string; type: TOrganizationType; role: string };

/** The organisation a user works in (the first they joined), or null. */
export async function findMembership(db: DbExecutor, userId: string): Promise<TMembership | null> {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      role: organizationMembers.role,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.createdAt))
    .limit(1);
  return row ? { ...row, type: row.type as TOrganizationType } : null;
}

/**
 * The school's changes to the permissions of `role` there (D26), as the session statement reads
 * them ('+granted,-withdrawn'; null for none): for the guards' path without that statement.
 */
export async function permissionOverridesOf(
  db: DbExecutor,
  organization: TMembership,
  role: string,
): Promise<string | null> {
  if (organization.type !== 'school') return null;
  const rows = await db
    .select({ permission: schoolRolePermissions.permission, granted: schoolRolePermissions.granted })
    .from(schoolRolePermissions)
    .where(and(eq(schoolRolePermissions.organizationId, organization.id), eq(schoolRolePermissions.role, role)));
  return rows.length ? rows.map((row) => `${row.granted ? '+' : '-'}${row.permission}`).join(',') : null;
}

/** True when both users belong to at least one common organisation. */
export async function shareOrganization(db: DbExecutor, userId: string, otherUserId: string): Promise<boolean> {
  const mine = db
    .select({ id: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId));
  const [row] = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, otherUserId), inArray(organizationMembers.organizationId, mine)))
    .limit(1);
  return Boolean(row);
}

export function slugify(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'organisation'
  );
}

/** Creates an organisation (or returns the one with that slug) and makes the user a member. */
export async function ensureOrganizationWithMember(
  db: DbExecutor,
  input: { name: string; type: TOrganizationType; slug?: string; userId: string; role: string },
): Promise<string> {
  const slug = input.slug ?? slugify(input.name);
  await db
    .insert(organizations)
    .values({ name: input.name, slug, type: input.type })
    .onConflictDoNothing({ target: organizations.slug });
  const [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, slug));
  if (!organization) throw new Error(`organization ${slug} was not created`);
  await db
    .insert(organizationMembers)
    .values({ organizationId: organization.id, userId: input.userId, role: input.role })
    .onConflictDoUpdate({
      target: [organizationMembers.organizationId, organizationMembers.userId],
      set: { role: input.role },
    });
  return organization.id;
}
