import { and, eq, sql } from 'drizzle-orm';
import { FINANCE_MESSAGES as M, type ZPaymentsQuery, type ZRecordPaymentSchema } from '@sekolo/shared/schemas/finance';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import { familyAccounts } from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import type { TFinanceCaller } from '../lib/caller.ts';
import { recordFeePayment } from '../lib/money.ts';
import { paymentViews } from '../lib/views.ts';

export async function assertAccount(db: DbExecutor, organizationId: string, accountId: string, asField = false) {
  const [account] = await db
    .select()
    .from(familyAccounts)
    .where(and(eq(familyAccounts.id, accountId), eq(familyAccounts.organizationId, organizationId)));
  if (!account)
    throw asField ? badRequest(M.accountNotFound, { accountId: M.accountNotFound }) : notFound(M.accountNotFound);
  return account;
}

export async function paymentView(db: DbExecutor, organizationId: string, paymentId: string) {
  const { payments } = await paymentViews(db, organizationId, sql`p.id = ${paymentId}::uuid`);
  if (!payments[0]) throw notFound(M.paymentNotFound);
  return payments[0];
}

/** A payment the accountant records (EFT, cash, card machine, debit order), allocated oldest invoice first. */
export async function recordPayment(
  db: Database,
  caller: TFinanceCaller,
  input: z.output<typeof ZRecordPaymentSchema>,
) {
  const paymentId = await transaction(db, async (tx) => {
    await assertAccount(tx, caller.organizationId, input.accountId, true);
    const { payment } = await recordFeePayment(tx, caller.organizationId, { ...input, createdBy: caller.userId });
    await recordAudit(tx, {
      action: 'finance.payment_recorded',
      actorUserId: caller.userId,
      target: `fee_payment:${payment.id}`,
      ip: caller.ip,
      details: {
        accountId: input.accountId,
        method: input.method,
        amountCents: input.amountCents,
        receiptNumber: payment.receiptNumber,
      },
    });
    return payment.id;
  });
  return paymentView(db, caller.organizationId, paymentId);
}

export async function listPayments(db: DbExecutor, organizationId: string, query: z.output<typeof ZPaymentsQuery>) {
  const conditions = [sql`true`];
  if (query.accountId) conditions.push(sql`p.account_id = ${query.accountId}::uuid`);
  if (query.method) conditions.push(sql`p.method = ${query.method}`);
  if (query.from) conditions.push(sql`p.received_on >= ${query.from}::date`);
  if (query.to) conditions.push(sql`p.received_on <= ${query.to}::date`);
  return paymentViews(db, organizationId, sql.join(conditions, sql` AND `), {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
}
