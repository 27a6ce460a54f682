import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isIsoDate } from '@sekolo/shared/domain/sa-calendar';
import { FINANCE_MESSAGES as M, type TBankImport, type TBankLine } from '@sekolo/shared/schemas/finance';
import { rowsOf, type Database, type DbExecutor } from '../../../platform/db/client.ts';
import {
  bankImportLines,
  bankImports,
  familyAccounts,
  feePayments,
  guardians,
} from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.ts';
import { parseCsvWithHeader } from '../../../platform/lib/csv.ts';
import { accountsOfLearners, ensureFamilyAccounts } from '../lib/accounts.ts';
import type { TFinanceCaller } from '../lib/caller.ts';
import { recordFeePayment } from '../lib/money.ts';
import { fullName } from '../lib/views.ts';
import { assertAccount, paymentView } from './record-payments.ts';

/**
 * A bank statement (CSV) read into lines: each credit is matched by its reference to a family
 * account (the account number, or a learner's admission number) and proposed; the accountant
 * confirms each match, which records an EFT payment. A line has a key (its date, amount,
 * description and place among identical lines), so importing the same statement again pays nothing twice.
 */

const HEADER = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, '');
const DATE_COLUMNS = ['date', 'transactiondate', 'postingdate', 'valuedate'];
const AMOUNT_COLUMNS = ['amount', 'credit', 'creditamount', 'deposit'];
const TEXT_COLUMNS = ['description', 'narrative', 'details', 'reference', 'ref', 'beneficiaryreference', 'memo'];

export function parseBankDate(value: string): string | null {
  const v = value.trim();
  let iso: string | null = null;
  if (/^\d{4}-\d{2}-\d{2}/.test(v)) iso = v.slice(0, 10);
  else if (/^\d{4}\/\d{2}\/\d{2}$/.test(v)) iso = v.replaceAll('/', '-');
  else if (/^\d{8}$/.test(v)) iso = `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`;
  else {
    const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
    if (m) iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  }
  return iso && isIsoDate(iso) ? iso : null;
}

/** "1 234,56", "1234.56", "R1,234.56", "-50" → cents; null when unreadable. */
export function parseBankAmount(value: string): number | null {
  let v = value.replace(/[R\s\u00a0]/g, '');
  if (!v) return null;
  if (v.includes(',') && v.includes('.')) v = v.replaceAll(',', '');
  else if (v.includes(',')) v = v.replace(',', '.');
  if (!/^[-+]?\d+(\.\d{1,2})?$/.test(v)) return null;
  return Math.round(Number(v) * 100);
}

type TMatchRow = {
  account_id: string;
  account_number: string;
  name: string;
  by: 'account_number' | 'admission_number';
};

async function matchIndex(db: DbExecutor, organizationId: string) {
  const accounts = rowsOf<{ id: string; account_number: string; first_name: string; last_name: string }>(
    await db.execute(sql`
      SELECT a.id, a.account_number, g.first_name, g.last_name FROM family_accounts a JOIN guardians g ON g.id = a.guardian_id
      WHERE a.organization_id = ${organizationId}::uuid`),
  );
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const byNumber = new Map(accounts.map((a) => [a.account_number.toUpperCase(), a]));
  const learnerAccounts = await accountsOfLearners(db, organizationId);
  const admissions = rowsOf<{ id: string; admission_number: string }>(
    await db.execute(sql`SELECT id, admission_number FROM learners WHERE organization_id = ${organizationId}::uuid`),
  );
  const byAdmission = new Map<string, string>();
  for (const l of admissions) {
    const account = learnerAccounts.get(l.id);
    if (account) byAdmission.set(l.admission_number.toUpperCase(), account);
  }
  return (text: string): TMatchRow | null => {
    const tokens = text
      .toUpperCase()
      .split(/[^A-Z0-9/-]+/)
      .filter(Boolean);
    for (const token of tokens) {
      const account = byNumber.get(token);
      if (account)
        return {
          account_id: account.id,
          account_number: account.account_number,
          name: fullName(account.first_name, account.last_name),
          by: 'account_number',
        };
    }
    for (const token of tokens) {
      const id = byAdmission.get(token);
      const account = id ? byId.get(id) : undefined;
      if (account)
        return {
          account_id: account.id,
          account_number: account.account_number,
          name: fullName(account.first_name, account.last_name),
          by: 'admission_number',
        };
    }
    return null;
  };
}

export async function importBankStatement(
  db: Database,
  caller: TFinanceCaller,
  input: { fileName: string; csv: string },
) {
  const { rows, fields } = await parseCsvWithHeader(input.csv.replace(/^\uFEFF/, ''), HEADER);
  const dateCol = DATE_COLUMNS.find((c) => fields.includes(c));
  const amountCol = AMOUNT_COLUMNS.find((c) => fields.includes(c));
  if (!dateCol || !amountCol) throw badRequest(M.csvUnreadable, { csv: M.csvUnreadable });
  const textCols = TEXT_COLUMNS.filter((c) => fields.includes(c));

  const importId = await transaction(db, async (tx) => {
    await ensureFamilyAccounts(tx, caller.organizationId);
    const match = await matchIndex(tx, caller.organizationId);
    const [created] = await tx
      .insert(bankImports)
      .values({ organizationId: caller.organizationId, fileName: input.fileName, createdBy: caller.userId })
      .returning();
    const occurrences = new Map<string, number>();
    const lines = rows.flatMap((row, i) => {
      const date = parseBankDate(row[dateCol] ?? '');
      const amount = parseBankAmount(row[amountCol] ?? '');
      if (!date || amount === null || amount <= 0) return [];
      const description = textCols
        .map((c) => (row[c] ?? '').trim())
        .filter(Boolean)
        .join(' ')
        .slice(0, 300);
      const base = `${date}|${amount}|${description.toUpperCase().replace(/\s+/g, ' ')}`;
      const n = (occurrences.get(base) ?? 0) + 1;
      occurrences.set(base, n);
      const lineKey = createHash('sha256').update(`${base}|${n}`).digest('hex');
      return [{ row: i + 2, date, amount, description, lineKey, found: match(description) }];
    });
    const keys = lines.map((l) => l.lineKey);
    const paid = keys.length
      ? await tx
          .select({ key: feePayments.bankLineKey, id: feePayments.id, accountId: feePayments.accountId })
          .from(feePayments)
          .where(and(eq(feePayments.organizationId, caller.organizationId), inArray(feePayments.bankLineKey, keys)))
      : [];
    if (lines.length) {
      await tx.insert(bankImportLines).values(
        lines.map((l) => {
          const before = paid.find((p) => p.key === l.lineKey);
          return {
            organizationId: caller.organizationId,
            importId: created!.id,
            row: l.row,
            date: l.date,
            description: l.description,
            amountCents: l.amount,
            lineKey: l.lineKey,
            status: before ? 'duplicate' : l.found ? 'proposed' : 'unmatched',
            matchAccountId: before?.accountId ?? l.found?.account_id ?? null,
            matchBy: before ? null : (l.found?.by ?? null),
            paymentId: before?.id ?? null,
          };
        }),
      );
    }
    await recordAudit(tx, {
      action: 'finance.bank_statement_imported',
      actorUserId: caller.userId,
      target: `bank_import:${created!.id}`,
      ip: caller.ip,
      details: { lines: lines.length },
    });
    return created!.id;
  });
  return readBankImport(db, caller.organizationId, importId);
}

export async function readBankImport(db: DbExecutor, organizationId: string, importId: string): Promise<TBankImport> {
  const [imported] = await db
    .select()
    .from(bankImports)
    .where(and(eq(bankImports.id, importId), eq(bankImports.organizationId, organizationId)));
  if (!imported) throw notFound(M.importNotFound);
  const lines = await db
    .select({
      line: bankImportLines,
      accountNumber: familyAccounts.accountNumber,
      gFirst: guardians.firstName,
      gLast: guardians.lastName,
    })
    .from(bankImportLines)
    .leftJoin(familyAccounts, eq(familyAccounts.id, bankImportLines.matchAccountId))
    .leftJoin(guardians, eq(guardians.id, familyAccounts.guardianId))
    .where(eq(bankImportLines.importId, importId))
    .orderBy(asc(bankImportLines.row));
  return {
    id: imported.id,
    fileName: imported.fileName,
    createdAt: imported.createdAt.toISOString(),
    lines: lines.map(toLine),
  };
}

function toLine(row: {
  line: typeof bankImportLines.$inferSelect;
  accountNumber: string | null;
  gFirst: string | null;
  gLast: string | null;
}): TBankLine {
  const { line } = row;
  return {
    id: line.id,
    row: line.row,
    date: line.date,
    description: line.description,
    amountCents: line.amountCents,
    status: line.status as TBankLine['status'],
    match:
      line.matchAccountId && row.accountNumber
        ? {
            accountId: line.matchAccountId,
            accountNumber: row.accountNumber,
            name: fullName(row.gFirst ?? '', row.gLast ?? ''),
            by: (line.matchBy ?? 'account_number') as 'account_number' | 'admission_number',
          }
        : null,
    paymentId: line.paymentId,
  };
}

async function lineOf(db: DbExecutor, organizationId: string, importId: string, lineId: string) {
  const [line] = await db
    .select()
    .from(bankImportLines)
    .where(
      and(
        eq(bankImportLines.id, lineId),
        eq(bankImportLines.importId, importId),
        eq(bankImportLines.organizationId, organizationId),
      ),
    )
    .for('update');
  if (!line) throw notFound(M.lineNotFound);
  return line;
}

async function readLine(db: DbExecutor, organizationId: string, importId: string, lineId: string) {
  return (await readBankImport(db, organizationId, importId)).lines.find((l) => l.id === lineId)!;
}

/** Confirms a line's match (or another account): an EFT payment on that account, once per line key. */
export async function confirmBankLine(
  db: Database,
  caller: TFinanceCaller,
  importId: string,
  lineId: string,
  accountId: string,
) {
  const paymentId = await transaction(db, async (tx) => {
    const line = await lineOf(tx, caller.organizationId, importId, lineId);
    if (line.status !== 'proposed' && line.status !== 'unmatched') throw conflict(M.lineDone);
    await assertAccount(tx, caller.organizationId, accountId, true);
    const { payment } = await recordFeePayment(tx, caller.organizationId, {
      accountId,
      method: 'eft',
      amountCents: line.amountCents,
      reference: line.description.slice(0, 80) || 'Bank statement',
      receivedOn: line.date,
      bankLineKey: line.lineKey,
      createdBy: caller.userId,
    });
    await tx
      .update(bankImportLines)
      .set({ status: 'confirmed', matchAccountId: payment.accountId, paymentId: payment.id })
      .where(eq(bankImportLines.id, lineId));
    await recordAudit(tx, {
      action: 'finance.bank_line_confirmed',
      actorUserId: caller.userId,
      target: `fee_payment:${payment.id}`,
      ip: caller.ip,
      details: { importId, lineId, accountId: payment.accountId, amountCents: line.amountCents },
    });
    return payment.id;
  });
  return {
    line: await readLine(db, caller.organizationId, importId, lineId),
    payment: await paymentView(db, caller.organizationId, paymentId),
  };
}

export async function ignoreBankLine(db: Database, caller: TFinanceCaller, importId: string, lineId: string) {
  await transaction(db, async (tx) => {
    const line = await lineOf(tx, caller.organizationId, importId, lineId);
    if (line.status !== 'proposed' && line.status !== 'unmatched') throw conflict(M.lineDone);
    await tx.update(bankImportLines).set({ status: 'ignored' }).where(eq(bankImportLines.id, lineId));
  });
  return { line: await readLine(db, caller.organizationId, importId, lineId) };
}
