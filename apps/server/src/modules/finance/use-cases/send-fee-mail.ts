import { sql } from 'drizzle-orm';
import { addDays, formatDate, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { formatZar } from '@sekolo/shared/domain/money';
import { PARENT_FINANCE_RETURN_PATH } from '@sekolo/shared/schemas/finance';
import { rowsOf, type Database } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import type { JobQueue } from '../../../platform/jobs/queue.ts';
import { composeMail } from '../../../platform/mail/compose-mail.ts';
import type { Mailer, TMailMessage } from '../../../platform/mail/mailer.ts';
import { readFinanceSettings } from './manage-finance-settings.ts';
import { readStatement } from './read-statement.ts';
import { accountViews } from '../lib/views.ts';

/**
 * Fee mail through the outbox, from jobs: payment reminders (daily, on the days after a due date
 * the school chose, or for every family in arrears when the accountant asks) and the statement run.
 * A job mails its families in one transaction, so a retried job never mails half of them twice.
 */

export const FEE_MAIL_JOB = 'finance.fee-mail';
export const DAILY_REMINDERS_JOB = 'finance.daily-reminders';
export type TFeeMailJob = { organizationId: string; kind: 'reminders' | 'statements'; date: string };

type TTarget = { account_id: string; email: string; g_first: string; school: string };

async function targets(
  db: Database,
  organizationId: string,
  kind: TFeeMailJob['kind'],
  date: string,
  days: number[] | null,
) {
  const due =
    kind === 'statements'
      ? sql`true`
      : days
        ? sql`EXISTS (SELECT 1 FROM fee_invoices i WHERE i.account_id = a.id AND i.due_on IN (${sql.join(
            days.map((d) => sql`${addDays(date, -d)}::date`),
            sql`, `,
          )}) AND i.total_cents > (SELECT coalesce(sum(c.amount_cents), 0) FROM fee_credit_notes c WHERE c.invoice_id = i.id)
              + (SELECT coalesce(sum(x.amount_cents), 0) FROM fee_allocations x WHERE x.invoice_id = i.id))`
        : sql`EXISTS (SELECT 1 FROM fee_invoices i WHERE i.account_id = a.id AND i.due_on < ${date}::date
              AND i.total_cents > (SELECT coalesce(sum(c.amount_cents), 0) FROM fee_credit_notes c WHERE c.invoice_id = i.id)
              + (SELECT coalesce(sum(x.amount_cents), 0) FROM fee_allocations x WHERE x.invoice_id = i.id))`;
  return rowsOf<TTarget>(
    await db.execute(sql`
      SELECT a.id AS account_id, g.email, g.first_name AS g_first, o.name AS school
      FROM family_accounts a JOIN guardians g ON g.id = a.guardian_id JOIN organizations o ON o.id = a.organization_id
      WHERE a.organization_id = ${organizationId}::uuid AND g.email IS NOT NULL AND ${due}
      ORDER BY a.account_number`),
  );
}

/** How many families a run would mail now (what the screen says was queued). */
export async function countFeeMail(
  db: Database,
  organizationId: string,
  kind: TFeeMailJob['kind'],
  date = todayInSouthAfrica(),
) {
  return (await targets(db, organizationId, kind, date, null)).length;
}

export async function sendFeeMail(
  db: Database,
  mailer: Mailer,
  publicUrl: string,
  job: TFeeMailJob & { days?: number[] },
) {
  const list = await targets(db, job.organizationId, job.kind, job.date, job.days ?? null);
  if (list.length === 0) return { sent: 0 };
  const views = await accountViews(db, job.organizationId, job.date, { accountIds: list.map((t) => t.account_id) });
  const link = new URL(PARENT_FINANCE_RETURN_PATH, publicUrl).toString();
  const messages: TMailMessage[] = [];
  for (const target of list) {
    const account = views.find((v) => v.id === target.account_id)!;
    if (job.kind === 'reminders') {
      const body = composeMail({
        greeting: `Hello ${target.g_first},`,
        paragraphs: [
          `This is a friendly reminder from ${target.school}: ${formatZar(account.overdueCents)} of school fees on account ${account.accountNumber} is past its due date.`,
          `Please pay by EFT with ${account.accountNumber} as the reference, or pay online from your parent dashboard. If you have paid in the last few days, thank you, and please ignore this mail.`,
        ],
        details: [
          ['Account', account.accountNumber],
          ['Overdue', formatZar(account.overdueCents)],
          ['Balance', formatZar(account.balanceCents)],
        ],
        actions: [{ label: 'View your statement and pay', url: link }],
      });
      messages.push({
        to: target.email,
        subject: `School fees reminder: account ${account.accountNumber}`,
        ...body,
        tag: 'fee-reminder',
      });
    } else {
      const statement = await readStatement(db, job.organizationId, target.school, account.id, {});
      const recent = statement.lines.slice(-8);
      const body = composeMail({
        greeting: `Hello ${target.g_first},`,
        paragraphs: [
          `Your statement from ${target.school} for account ${account.accountNumber}, as at ${formatDate(job.date)}.`,
        ],
        details: [
          ...recent.map((l): [string, string] => [
            `${formatDate(l.date)} ${l.reference}`,
            `${l.debitCents ? formatZar(l.debitCents) : `-${formatZar(l.creditCents)}`}`,
          ]),
          [
            statement.closingBalanceCents < 0 ? 'Credit' : 'Balance owing',
            formatZar(Math.abs(statement.closingBalanceCents)),
          ],
        ],
        actions: [{ label: 'View your full statement (PDF)', url: link }],
      });
      messages.push({
        to: target.email,
        subject: `Statement: account ${account.accountNumber}`,
        ...body,
        tag: 'fee-statement',
      });
    }
  }
  await transaction(db, (tx) => mailer.sendMany(messages, { within: tx }));
  return { sent: messages.length };
}

export async function queueFeeMail(db: Database, jobs: JobQueue, organizationId: string, kind: TFeeMailJob['kind']) {
  const date = todayInSouthAfrica();
  const queued = await countFeeMail(db, organizationId, kind, date);
  if (queued > 0)
    await jobs.send<TFeeMailJob>(
      FEE_MAIL_JOB,
      { organizationId, kind, date },
      { singletonKey: `${organizationId}:${kind}:${date}` },
    );
  return { queued };
}

/** The daily reminders: every school's families with an instalment due the chosen number of days ago, still open. */
export async function sendDailyReminders(db: Database, mailer: Mailer, publicUrl: string, date = todayInSouthAfrica()) {
  const schools = rowsOf<{ organization_id: string }>(
    await db.execute(sql`SELECT DISTINCT organization_id FROM fee_invoices WHERE due_on < ${date}::date`),
  );
  let sent = 0;
  for (const { organization_id } of schools) {
    const settings = await readFinanceSettings(db, organization_id);
    if (settings.reminderDays.length === 0) continue;
    sent += (
      await sendFeeMail(db, mailer, publicUrl, {
        organizationId: organization_id,
        kind: 'reminders',
        date,
        days: settings.reminderDays,
      })
    ).sent;
  }
  return { sent };
}
