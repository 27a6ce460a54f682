import { eq } from 'drizzle-orm';
import type { TFinanceSettings } from '@sekolo/shared/schemas/finance';
import type { DbExecutor, Database } from '../../../platform/db/client.ts';
import { financeSettings } from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import type { TFinanceCaller } from '../lib/caller.ts';

/** A school that saved nothing: 5 % off the second child, 10 % off the third and later; reminders 7 and 30 days after a due date. */
export const DEFAULT_FINANCE_SETTINGS: TFinanceSettings = {
  siblingSecondBps: 500,
  siblingThirdPlusBps: 1000,
  reminderDays: [7, 30],
  vatRegistered: false,
  vatNumber: '',
};

export async function readFinanceSettings(db: DbExecutor, organizationId: string): Promise<TFinanceSettings> {
  const [row] = await db.select().from(financeSettings).where(eq(financeSettings.organizationId, organizationId));
  if (!row) return { ...DEFAULT_FINANCE_SETTINGS };
  return {
    siblingSecondBps: row.siblingSecondBps,
    siblingThirdPlusBps: row.siblingThirdPlusBps,
    reminderDays: row.reminderDays,
    vatRegistered: row.vatRegistered,
    vatNumber: row.vatNumber,
  };
}

export async function updateFinanceSettings(db: Database, caller: TFinanceCaller, input: TFinanceSettings) {
  const values = {
    ...input,
    reminderDays: [...new Set(input.reminderDays)].sort((a, b) => a - b),
    updatedAt: new Date(),
  };
  await transaction(db, async (tx) => {
    await tx
      .insert(financeSettings)
      .values({ organizationId: caller.organizationId, ...values })
      .onConflictDoUpdate({ target: financeSettings.organizationId, set: values });
    await recordAudit(tx, {
      action: 'finance.settings_updated',
      actorUserId: caller.userId,
      target: `organization:${caller.organizationId}`,
      ip: caller.ip,
      details: {
        siblingSecondBps: input.siblingSecondBps,
        siblingThirdPlusBps: input.siblingThirdPlusBps,
        reminderDays: values.reminderDays,
      },
    });
  });
  return readFinanceSettings(db, caller.organizationId);
}
