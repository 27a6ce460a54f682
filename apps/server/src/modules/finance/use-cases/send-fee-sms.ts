import { sql } from 'drizzle-orm';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TConfig } from '../../../platform/config/env.ts';
import { rowsOf, type Database } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import type { JobQueue } from '../../../platform/jobs/queue.ts';
import { toSmsNumber } from '../../../platform/sms/sms-number.ts';
import { optedOutOf, providerFor, schoolSmsState, sendSms } from '../../notifications/index.ts';
import { accountViews } from '../lib/views.ts';
import { readFinanceSettings } from './manage-finance-settings.ts';

/**
 * Fee reminders by SMS, beside the e-mail ones (send-fee-mail.ts): only for a school whose package
 * includes SMS and that set up its SMS account (modules/notifications: the sandbox or BulkSMS),
 * never to a number that replied STOP. The daily run texts the families with an instalment due one
 * of the school's reminder days ago and still open; the accountant's run texts every family in
 * arrears. Each reminder (a family on a day, per kind of run) is written to fee_sms_reminders
 * before it is sent: a retried or repeated run sends it once.
 */

export const FEE_SMS_JOB = 'finance.fee-sms';
export const DAILY_SMS_REMINDERS_JOB = 'finance.daily-sms-reminders';
export type TFeeSmsJob = { organizationId: string; date: string; scheduled: boolean };

/** One SMS of at most two parts, with how to stop them. */
export function feeSmsText(school: string, accountNumber: string, overdueCents: number) {
  return `${school}: ${formatZar(overdueCents)} of school fees on account ${accountNumber} is overdue. Pay by EFT with reference ${accountNumber} or online on your parent dashboard. Reply STOP to opt out.`;
}

export async function sendFeeSms(db: Database, config: TConfig, job: TFeeSmsJob, days: number[] = []) {
  const state = await schoolSmsState(db, job.organizationId);
  if (!state.usable) return { sent: 0 };
  const open = sql`i.total_cents > (SELECT coalesce(sum(c.amount_cents), 0) FROM fee_credit_notes c WHERE c.invoice_id = i.id)
    + (SELECT coalesce(sum(x.amount_cents), 0) FROM fee_allocations x WHERE x.invoice_id = i.id)`;
  const due = job.scheduled
    ? days.length
      ? sql`i.due_on IN (${sql.join(
          days.map((d) => sql`${addDays(job.date, -d)}::date`),
          sql`, `,
        )})`
      : sql`false`
    : sql`i.due_on < ${job.date}::date`;
  const targets = rowsOf<{ account_id: string; phone: string; school: string }>(
    await db.execute(sql`
      SELECT a.id AS account_id, g.phone, o.name AS school
      FROM family_accounts a JOIN guardians g ON g.id = a.guardian_id JOIN organizations o ON o.id = a.organization_id
      WHERE a.organization_id = ${job.organizationId}::uuid AND g.phone <> ''
        AND EXISTS (SELECT 1 FROM fee_invoices i WHERE i.account_id = a.id AND ${due} AND ${open})
      ORDER BY a.account_number`),
  );
  if (!targets.length) return { sent: 0 };
  const key = `${job.scheduled ? 'day' : 'run'}:${job.date}`;
  const numbers = targets.map((t) => ({ ...t, number: toSmsNumber(t.phone) }));
  const toSend = await transaction(db, async (tx) => {
    const valid = numbers.flatMap((t) => (t.number.ok ? [t.number.number] : []));
    const out = await optedOutOf(tx, job.organizationId, valid);
    const rows = numbers.map((t) => ({
      account_id: t.account_id,
      status: !t.number.ok ? 'invalid' : out.has(t.number.number) ? 'opted_out' : 'sent',
    }));
    // Only reminders not yet written come back: the rest were sent (or refused) before.
    return rowsOf<{ account_id: string; status: string }>(
      await tx.execute(sql`
        INSERT INTO fee_sms_reminders (organization_id, account_id, reminder_key, status)
        SELECT ${job.organizationId}::uuid, x.account_id, ${key}, x.status
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(account_id uuid, status text)
        ON CONFLICT (account_id, reminder_key) DO NOTHING
        RETURNING account_id, status`),
    ).filter((r) => r.status === 'sent');
  });
  if (!toSend.length) return { sent: 0 };
  const views = await accountViews(db, job.organizationId, job.date, { accountIds: toSend.map((r) => r.account_id) });
  const messages = toSend.flatMap((r) => {
    const target = numbers.find((t) => t.account_id === r.account_id)!;
    const account = views.find((v) => v.id === r.account_id);
    if (!account || !target.number.ok || account.overdueCents <= 0) return [];
    return [
      {
        accountId: r.account_id,
        to: target.number.number,
        body: feeSmsText(target.school, account.accountNumber, account.overdueCents),
        purpose: 'notification' as const,
      },
    ];
  });
  const provider = await providerFor(state.usable, { config, db });
  const results = await sendSms(db, provider, job.organizationId, messages);
  if (results.length)
    await db.execute(sql`
      UPDATE fee_sms_reminders r SET sms_message_id = x.id
      FROM jsonb_to_recordset(${JSON.stringify(
        messages.map((m, i) => ({ account_id: m.accountId, id: results[i]!.id })),
      )}::jsonb) AS x(account_id uuid, id uuid)
      WHERE r.account_id = x.account_id AND r.reminder_key = ${key}`);
  return { sent: results.length };
}

/** The accountant's "send reminders": the SMS run for every family in arrears, queued beside the e-mail one. */
export async function queueFeeSms(db: Database, jobs: JobQueue, organizationId: string) {
  const state = await schoolSmsState(db, organizationId);
  if (!state.usable) return { queued: false };
  const date = todayInSouthAfrica();
  await jobs.send<TFeeSmsJob>(
    FEE_SMS_JOB,
    { organizationId, date, scheduled: false },
    { singletonKey: `${organizationId}:sms:${date}` },
  );
  return { queued: true };
}

/** The daily SMS reminders: every school with SMS, on the reminder days it chose. */
export async function sendDailySmsReminders(db: Database, config: TConfig, date = todayInSouthAfrica()) {
  const schools = rowsOf<{ organization_id: string }>(await db.execute(sql`SELECT organization_id FROM sms_accounts`));
  let sent = 0;
  for (const { organization_id } of schools) {
    const settings = await readFinanceSettings(db, organization_id);
    if (settings.reminderDays.length === 0) continue;
    sent += (
      await sendFeeSms(db, config, { organizationId: organization_id, date, scheduled: true }, settings.reminderDays)
    ).sent;
  }
  return { sent };
}
