import { and, eq, inArray, isNull } from 'drizzle-orm';
import { UPLOAD_MESSAGES, ZUploadId } from '@sekolo/shared/schemas/uploads';
import type { DbExecutor } from '../../platform/db/client.ts';
import { organizationMembers, uploads, type TUploadRow } from '../../platform/db/schema/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { TSessionUser } from '../../platform/auth/guards.ts';

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
export type TUploadAccess = 'owner' | 'organization_admin' | 'platform_admin' | 'shared';

/**
 * A rule of another module that opens a file to more readers (the participants of the conversation
 * a message attachment was sent in): true when `viewerId` may read the upload `uploadId`. `viewer`
 * is the signed-in caller (their school and permissions) for a rule that needs more than the id.
 */
export type TUploadReadRule = (
  db: DbExecutor,
  viewerId: string,
  uploadId: string,
  viewer: TSessionUser,
) => Promise<boolean>;
const readRules = new Map<string, TUploadReadRule>();

/** Adds (or replaces, by name) a read rule; the composition root calls it for each module that shares files. */
export function addUploadReadRule(name: string, rule: TUploadReadRule): void {
  readRules.set(name, rule);
}

/** True when `userId` is an admin (a role in ORGANIZATION_ADMIN_MEMBER_ROLES) of `organizationId`. */
export async function isAdminOfOrganization(db: DbExecutor, userId: string, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.userId, userId),
        inArray(organizationMembers.role, [...ORGANIZATION_ADMIN_MEMBER_ROLES]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Who may read a file: its owner; an active platform admin (the review team); an admin of the
 * organisation whose record the file is attached to (`uploads.organization_id`). Sharing an
 * organisation with the owner opens nothing: a parent who belongs to two schools shows neither
 * school the files made for the other, or for their own account. A module's read rule
 * (addUploadReadRule) may open a file to more people it names.
 */
export async function accessToUpload(
  db: DbExecutor,
  viewer: TSessionUser,
  upload: Pick<TUploadRow, 'id' | 'ownerUserId' | 'organizationId'>,
): Promise<TUploadAccess | null> {
  if (viewer.id === upload.ownerUserId) return 'owner';
  if (viewer.status !== 'active') return null;
  if (viewer.role === 'platform_admin') return 'platform_admin';
  if (upload.organizationId && (await isAdminOfOrganization(db, viewer.id, upload.organizationId))) {
    return 'organization_admin';
  }
  for (const rule of readRules.values()) if (await rule(db, viewer.id, upload.id, viewer)) return 'shared';
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
  const access = await accessToUpload(db, viewer, row);
  if (!access) throw notFound(UPLOAD_MESSAGES.notFound);
  return { row, access };
}
