import { and, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { UPLOAD_MESSAGES, ZUploadId } from '@sekolo/shared/schemas/uploads';
import type { DbExecutor } from '../../db/client.ts';
import { organizationMembers, uploads, type TUploadRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { TSessionUser } from '../auth/guards.ts';

/**
 * Roles in organization_members that make someone an admin of that organisation: the applicant
 * who registered it (their registration role, as the seed and approval record it) or an explicit admin.
 */
export const ORGANIZATION_ADMIN_MEMBER_ROLES = [
  'admin',
  'owner',
  'school_admin',
  'business_partner',
  'charity',
  'young_entrepreneur',
] as const;

/** How a viewer may see a file, or null when they may not (and must get the same 404 as for a missing one). */
export type TUploadAccess = 'owner' | 'organization_admin' | 'platform_admin';

/**
 * True when `adminId` is an admin of some organisation that `memberId` belongs to. Membership is
 * given, never taken: an account a school names as a guardian becomes a member only when its holder
 * accepts (school/guardian-link-requests.ts), so naming someone opens none of their files.
 */
export async function isOrganizationAdminOf(db: DbExecutor, adminId: string, memberId: string): Promise<boolean> {
  const admin = alias(organizationMembers, 'admin_membership');
  const [row] = await db
    .select({ organizationId: admin.organizationId })
    .from(admin)
    .innerJoin(
      organizationMembers,
      and(eq(organizationMembers.organizationId, admin.organizationId), eq(organizationMembers.userId, memberId)),
    )
    .where(and(eq(admin.userId, adminId), inArray(admin.role, [...ORGANIZATION_ADMIN_MEMBER_ROLES])))
    .limit(1);
  return Boolean(row);
}

export async function accessToUpload(
  db: DbExecutor,
  viewer: TSessionUser,
  ownerUserId: string,
): Promise<TUploadAccess | null> {
  if (viewer.id === ownerUserId) return 'owner';
  if (viewer.status !== 'active') return null;
  if (viewer.role === 'platform_admin') return 'platform_admin';
  if (await isOrganizationAdminOf(db, viewer.id, ownerUserId)) return 'organization_admin';
  return null;
}

/** The live upload `id` if `viewer` may read it; otherwise the same 404 whether it exists or not. */
export async function findReadableUpload(
  db: DbExecutor,
  viewer: TSessionUser,
  id: string,
): Promise<{ row: TUploadRow; access: TUploadAccess }> {
  if (!ZUploadId.safeParse(id).success) throw notFound(UPLOAD_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), isNull(uploads.deletedAt)));
  if (!row) throw notFound(UPLOAD_MESSAGES.notFound);
  const access = await accessToUpload(db, viewer, row.ownerUserId);
  if (!access) throw notFound(UPLOAD_MESSAGES.notFound);
  return { row, access };
}
