import { DEFAULT_LIBRARY_SETTINGS, type TLibrarySettings } from '@sekolo/shared/schemas/library';
import type { DbExecutor } from '../../platform/db/client.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { librarySettings } from '../../platform/db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';
import { settingsOf } from './lib/records.ts';

export { settingsOf };

/** Saves the school's lending rules (audited); loans already out keep their due dates. */
export async function saveSettings(db: DbExecutor, ctx: TSchoolContext, settings: TLibrarySettings) {
  await transaction(db, async (tx) => {
    const before = await settingsOf(tx, ctx.organizationId);
    await tx
      .insert(librarySettings)
      .values({ organizationId: ctx.organizationId, ...DEFAULT_LIBRARY_SETTINGS, ...settings })
      .onConflictDoUpdate({ target: librarySettings.organizationId, set: { ...settings, updatedAt: new Date() } });
    await recordAudit(tx, {
      action: 'library.settings_changed',
      actorUserId: ctx.user.id,
      target: `organization:${ctx.organizationId}`,
      ip: ctx.ip,
      details: { before, after: settings },
    });
  });
  return settingsOf(db, ctx.organizationId);
}
