import { eq } from 'drizzle-orm';
import type { TSchoolProfile, TSchoolProfileInput } from '@sekolo/shared/schemas/school-settings';
import { SCHOOL_SETTINGS_MESSAGES as M, type ZSchoolProfileInput } from '@sekolo/shared/schemas/school-settings';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { organizations, schoolProfiles } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { notFound } from '../../platform/http/errors.ts';
import { claimLogoUpload, logoFileOf, type TLogoFile } from '../uploads/index.ts';
import type { TSettingsCaller } from './caller.ts';

/** The logo's public address (served by GET /api/schools/:organizationId/logo). */
export const logoUrlOf = (organizationId: string, uploadId: string) =>
  `/api/schools/${organizationId}/logo?v=${uploadId.slice(0, 8)}`;

export async function readProfile(db: DbExecutor, organizationId: string): Promise<TSchoolProfile> {
  const [row] = await db
    .select({ name: organizations.name, profile: schoolProfiles })
    .from(organizations)
    .leftJoin(schoolProfiles, eq(schoolProfiles.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  if (!row) throw notFound();
  const p = row.profile;
  return {
    organizationId,
    name: row.name,
    emisNumber: p?.emisNumber ?? '',
    quintile: p?.quintile ?? null,
    feeStatus: (p?.feeStatus as TSchoolProfile['feeStatus'] | undefined) ?? 'fee_paying',
    streetAddress: p?.streetAddress ?? '',
    suburb: p?.suburb ?? '',
    city: p?.city ?? '',
    province: p?.province ?? '',
    postalCode: p?.postalCode ?? '',
    phone: p?.phone ?? '',
    email: p?.email ?? '',
    website: p?.website ?? '',
    principalName: p?.principalName ?? '',
    logoUploadId: p?.logoUploadId ?? null,
    logoUrl: p?.logoUploadId ? logoUrlOf(organizationId, p.logoUploadId) : null,
    updatedAt: p?.updatedAt.toISOString() ?? null,
  };
}

/** The admin's profile: the organisation's name and the rest in one transaction, audited with what changed. */
export async function updateProfile(
  db: Database,
  caller: TSettingsCaller,
  input: z.output<typeof ZSchoolProfileInput>,
): Promise<TSchoolProfile> {
  return transaction(db, async (tx) => {
    const before = await readProfile(tx, caller.organizationId);
    if (input.logoUploadId && input.logoUploadId !== before.logoUploadId) {
      await claimLogoUpload(tx, {
        userId: caller.userId,
        organizationId: caller.organizationId,
        uploadId: input.logoUploadId,
        message: M.logoNotImage,
        field: 'logoUploadId',
      });
    }
    const { name, ...rest } = input;
    if (name !== before.name)
      await tx
        .update(organizations)
        .set({ name, updatedAt: new Date() })
        .where(eq(organizations.id, caller.organizationId));
    const values = { ...rest, updatedBy: caller.userId, updatedAt: new Date() };
    await tx
      .insert(schoolProfiles)
      .values({ organizationId: caller.organizationId, ...values })
      .onConflictDoUpdate({ target: schoolProfiles.organizationId, set: values });
    const after = await readProfile(tx, caller.organizationId);
    const changed = (Object.keys(input) as (keyof TSchoolProfileInput)[]).filter((key) => before[key] !== after[key]);
    await recordAudit(tx, {
      action: 'school_settings.profile_updated',
      actorUserId: caller.userId,
      target: `organization:${caller.organizationId}`,
      ip: caller.ip,
      details: { changed },
    });
    return after;
  });
}

/** The school's current logo upload, for the public logo route; null when it has none. */
export async function logoOf(db: DbExecutor, organizationId: string): Promise<TLogoFile | null> {
  const [row] = await db
    .select({ logoUploadId: schoolProfiles.logoUploadId })
    .from(schoolProfiles)
    .where(eq(schoolProfiles.organizationId, organizationId));
  return logoFileOf(db, organizationId, row?.logoUploadId);
}
