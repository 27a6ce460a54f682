import { eq, sql } from 'drizzle-orm';
import { DEFAULT_LIBRARY_SETTINGS } from '@sekolo/shared/schemas/library';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { rowsOf, type Database } from '../../platform/db/client.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { libraryLoans, organizations } from '../../platform/db/schema/index.ts';
import { mailOverdueReminder, type TLibraryNotifier } from './lib/mail.ts';
import { selectLoans } from './lib/records.ts';

export const OVERDUE_REMINDERS_JOB = 'library.overdue-reminders';
export const EXPIRE_HOLDS_JOB = 'library.expire-holds';

/**
 * One reminder per overdue loan per interval (the school's reminder interval, in school days
 * counted by date): a loan is due for one when it has never been reminded, or was last reminded
 * that many days ago or more. Each loan is claimed (its last reminder set to now) in the same
 * transaction that stores its mail in the outbox, so a second run the same day finds nothing to
 * send, and a crashed run sends nothing twice. Answers how many loans were reminded.
 */
export async function sendOverdueReminders(
  db: Database,
  notifier: TLibraryNotifier,
  now = new Date(),
): Promise<number> {
  const today = todayInSouthAfrica(now);
  return transaction(db, async (tx) => {
    const due = rowsOf<{ id: string; organization_id: string }>(
      await tx.execute(sql`
        select l.id, l.organization_id from ${libraryLoans} l
        left join library_settings s on s.organization_id = l.organization_id
        where l.returned_at is null and l.due_on < ${today}::date
          and (l.last_reminded_at is null
            or (l.last_reminded_at at time zone 'Africa/Johannesburg')::date
              <= ${today}::date - coalesce(s.reminder_interval_days, ${DEFAULT_LIBRARY_SETTINGS.reminderIntervalDays}))
        order by l.organization_id, l.due_on
        for update of l skip locked`),
    );
    const schoolNames = new Map<string, string>();
    for (const row of due) {
      if (!schoolNames.has(row.organization_id)) {
        const [org] = await tx
          .select({ name: organizations.name })
          .from(organizations)
          .where(eq(organizations.id, row.organization_id));
        schoolNames.set(row.organization_id, org?.name ?? 'School');
      }
      const [loan] = await selectLoans(tx, eq(libraryLoans.id, row.id));
      if (!loan) continue;
      const sent = await mailOverdueReminder(tx, notifier, {
        schoolName: schoolNames.get(row.organization_id)!,
        borrower: loan.borrower,
        title: loan.title,
        author: loan.author,
        barcode: loan.barcode,
        dueOn: loan.dueOn,
      });
      await tx
        .update(libraryLoans)
        .set({
          lastRemindedAt: now,
          remindersSent: sent > 0 ? sql`${libraryLoans.remindersSent} + 1` : libraryLoans.remindersSent,
        })
        .where(eq(libraryLoans.id, row.id));
    }
    return due.length;
  });
}
