import { sql } from 'drizzle-orm';
import {
  DIRECTORY_MESSAGES as M,
  type TDirectorySettings,
  type ZDirectorySettingsInput,
} from '@sekolo/shared/schemas/directory';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.ts';
import { defineGuard, getSessionUser, type TSessionUser } from '../../platform/auth/guards.ts';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { directoryProfiles } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { forbidden, notFound, unauthorized } from '../../platform/http/errors.ts';
import { addressLines, directoryRow } from './profile.ts';
import { logoUrlOfRow } from './queries/search-directory.ts';
import { claimLogoUpload } from '../uploads/index.ts';

/** Who may choose what the organisation's public profile shows: its admin. */
function mayManage(user: TSessionUser): boolean {
  const organization = user.organization;
  if (user.status !== 'active' || !organization) return false;
  if (organization.type === 'school') return user.permissions.includes('manage_settings');
  if (organization.type === 'business') return user.role === 'business_partner';
  if (organization.type === 'charity') return user.role === 'charity';
  return false;
}

/**
 * The guard of the "Public profile" settings: a school's admin (manage_settings), a business
 * partner of an approved business, or a charity's account; 401 signed out, 403 anyone else.
 */
export const requireDirectoryAdmin = defineGuard(async (request) => {
  const user = await getSessionUser(request);
  if (!user) throw unauthorized();
  if (!mayManage(user)) throw forbidden(M.notAllowed);
});

export type TDirectoryCaller = { organizationId: string; userId: string; ip: string };

export async function callerOf(request: Parameters<typeof getSessionUser>[0]): Promise<TDirectoryCaller> {
  const user = (await getSessionUser(request))!;
  return { organizationId: user.organization!.id, userId: user.id, ip: request.ip };
}

export async function readDirectorySettings(db: DbExecutor, organizationId: string): Promise<TDirectorySettings> {
  const row = await directoryRow(db, { organizationId });
  if (!row) throw notFound(M.notFound);
  return {
    kind: row.kind,
    name: row.name,
    slug: row.slug,
    listed: row.listed,
    showEmail: row.show_email,
    showPhone: row.show_phone,
    showAddress: row.show_address,
    showMap: row.show_map,
    tagLine: row.tag_line,
    contactEmail: row.email,
    contactPhone: row.phone,
    address: addressLines(row),
    chosen: row.chosen,
    logoUploadId: row.kind === 'school' ? row.logo_upload_id : row.profile_logo_upload_id,
    logoUrl: logoUrlOfRow(row),
  };
}

/** Saves the admin's choices (a school's contacts stay in its school profile), audited with what changed. */
export async function updateDirectorySettings(
  db: Database,
  caller: TDirectoryCaller,
  input: z.output<typeof ZDirectorySettingsInput>,
): Promise<TDirectorySettings> {
  return transaction(db, async (tx) => {
    const before = await readDirectorySettings(tx, caller.organizationId);
    const contacts =
      before.kind === 'school'
        ? {}
        : {
            ...(input.contactEmail !== undefined ? { contactEmail: input.contactEmail } : {}),
            ...(input.contactPhone !== undefined ? { contactPhone: input.contactPhone } : {}),
          };
    // A school's logo is in its school profile; a business partner or charity chooses its own here.
    const logo =
      before.kind !== 'school' && input.logoUploadId !== undefined ? { logoUploadId: input.logoUploadId } : {};
    if (logo.logoUploadId && logo.logoUploadId !== before.logoUploadId)
      await claimLogoUpload(tx, {
        userId: caller.userId,
        organizationId: caller.organizationId,
        uploadId: logo.logoUploadId,
        message: M.logoNotImage,
        field: 'logoUploadId',
      });
    const values = {
      ...logo,
      listed: input.listed,
      showEmail: input.showEmail,
      showPhone: input.showPhone,
      showAddress: input.showAddress,
      showMap: input.showMap,
      tagLine: input.tagLine,
      ...contacts,
      updatedBy: caller.userId,
      updatedAt: sql`now()`,
    };
    await tx
      .insert(directoryProfiles)
      .values({ organizationId: caller.organizationId, ...values })
      .onConflictDoUpdate({ target: directoryProfiles.organizationId, set: values });
    const after = await readDirectorySettings(tx, caller.organizationId);
    const keys = [
      'listed',
      'showEmail',
      'showPhone',
      'showAddress',
      'showMap',
      'tagLine',
      'contactEmail',
      'contactPhone',
      'logoUploadId',
    ] as const;
    await recordAudit(tx, {
      action: 'directory.profile_updated',
      actorUserId: caller.userId,
      target: `organization:${caller.organizationId}`,
      ip: caller.ip,
      details: { changed: keys.filter((key) => before[key] !== after[key]) },
    });
    return after;
  });
}
