import { eq } from 'drizzle-orm';
import type { TNotificationSettings } from '@sekolo/shared/schemas/school-settings';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { schoolNotificationSettings } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { TSettingsCaller } from './caller.ts';

/** A school that saved nothing: absence notices go out. */
export const DEFAULT_NOTIFICATION_SETTINGS: TNotificationSettings = { absenceNotices: true };

export async function readNotificationSettings(db: DbExecutor, organizationId: string): Promise<TNotificationSettings> {
  const [row] = await db
    .select({ absenceNotices: schoolNotificationSettings.absenceNotices })
    .from(schoolNotificationSettings)
    .where(eq(schoolNotificationSettings.organizationId, organizationId));
  return row ?? { ...DEFAULT_NOTIFICATION_SETTINGS };
}

/** Saved and audited; the register save (modules/academics) reads absence_notices in its own statement. */
export async function updateNotificationSettings(
  db: Database,
  caller: TSettingsCaller,
  input: TNotificationSettings,
): Promise<TNotificationSettings> {
  await transaction(db, async (tx) => {
    const values = { absenceNotices: input.absenceNotices, updatedAt: new Date() };
    await tx
      .insert(schoolNotificationSettings)
      .values({ organizationId: caller.organizationId, ...values })
      .onConflictDoUpdate({ target: schoolNotificationSettings.organizationId, set: values });
    await recordAudit(tx, {
      action: 'school_settings.notifications_updated',
      actorUserId: caller.userId,
      target: `organization:${caller.organizationId}`,
      ip: caller.ip,
      details: { absenceNotices: input.absenceNotices },
    });
  });
  return readNotificationSettings(db, caller.organizationId);
}
