import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbExecutor } from '../../platform/db/client.ts';
import { ledgerEntries, ledgerJournals, type TAccountCode, type TJournalKind } from '../../platform/db/schema/ledger.ts';
import { accountOf } from './chart.ts';
import { inTransaction } from './in-transaction.ts';
import { timeOrderedUuid } from '../../platform/db/time-ordered-uuid.ts';

export type TJournalEntryInput = {
  account: TAccountCode;
  /** Required for per-organisation accounts, refused for the others. */
  organizationId?: string | null;
  /** Whose line within the organisation (a school's family account); only on per-organisation accounts. */
  partyId?: string | null;
  /** Debit positive, credit negative, integer cents, never zero. */
  amountCents: number;
};

export type TPostJournalInput = {
  kind: TJournalKind;
  reference: string;
  description?: string;
  reversesJournalId?: string;
  relatedJournalId?: string;
  entries: TJournalEntryInput[];
};

export type TJournal = typeof ledgerJournals.$inferSelect;
export type TPostJournalResult = { journal: TJournal; entries: TJournalEntryInput[]; posted: boolean };

/** A journal that must never be written: a programming error, not a user's. */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

/** Checks a journal before anything is written; exported so pure code and tests share the rules. */
export function assertValidJournal(input: TPostJournalInput): void {
  if (!input.reference.trim()) throw new LedgerError('A journal needs a reference.');
  if (input.entries.length < 2) throw new LedgerError(`Journal ${input.kind}:${input.reference} needs at least two entries.`);
  let sum = 0;
  for (const entry of input.entries) {
    const account = accountOf(entry.account);
    if (!account) throw new LedgerError(`Unknown ledger account: ${entry.account}`);
    if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0) {
      throw new LedgerError(`Entry on ${entry.account} must be a non-zero integer number of cents, got ${entry.amountCents}`);
    }
    if (account.perOrganization && !entry.organizationId) {
      throw new LedgerError(`Entry on ${entry.account} needs an organisation.`);
    }
    if (!account.perOrganization && entry.organizationId) {
      throw new LedgerError(`Entry on ${entry.account} cannot carry an organisation.`);
    }
    if (!account.perOrganization && entry.partyId) {
      throw new LedgerError(`Entry on ${entry.account} cannot carry a party.`);
    }
    sum += entry.amountCents;
  }
  if (sum !== 0) {
    throw new LedgerError(`Journal ${input.kind}:${input.reference} does not balance: entries sum to ${sum} cents.`);
  }
  if ((input.kind === 'reversal') !== Boolean(input.reversesJournalId)) {
    throw new LedgerError('A reversal, and only a reversal, names the journal it reverses.');
  }
}

function sameEntries(a: TJournalEntryInput[], b: TJournalEntryInput[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (entry, i) =>
        entry.account === b[i]!.account &&
        (entry.organizationId ?? null) === (b[i]!.organizationId ?? null) &&
        (entry.partyId ?? null) === (b[i]!.partyId ?? null) &&
        entry.amountCents === b[i]!.amountCents,
    )
  );
}

/**
 * The one function that writes journals. It refuses a journal whose entries do not sum to zero
 * (PostgreSQL has no portable statement-end balance check, so this is where balance is enforced),
 * and it is idempotent: the (kind, reference) pair is unique and inserted with ON CONFLICT DO
 * NOTHING, so a retry or a concurrent duplicate returns the journal already posted with
 * `posted: false`. The same reference with different entries is a bug and throws.
 *
 * Runs in a transaction (the caller's when `executor` is one) so a journal is never left without
 * its entries.
 */
export async function postJournal(executor: DbExecutor, input: TPostJournalInput): Promise<TPostJournalResult> {
  assertValidJournal(input);
  const entries = input.entries.map((e) => ({
    account: e.account,
    organizationId: e.organizationId ?? null,
    // Only a party's line names one, so the other modules' journals read back as they were written.
    ...(e.partyId ? { partyId: e.partyId } : {}),
    amountCents: e.amountCents,
  }));
  return inTransaction(executor, async (tx) => {
    // One statement writes the journal and its entries (one round trip); when the reference is
    // already taken, ON CONFLICT inserts neither and nothing comes back.
    const lines = sql.join(
      entries.map((e, i) => sql`(${i + 1}::int, ${e.account}::text, ${e.organizationId}::text, ${e.partyId ?? null}::uuid, ${e.amountCents}::bigint)`),
      sql`, `,
    );
    const inserted = rowsOf<TJournalRow>(
      await tx.execute(sql`
        WITH journal AS (
          INSERT INTO ledger_journals (kind, reference, description, reverses_journal_id, related_journal_id)
          VALUES (${input.kind}, ${input.reference}, ${input.description ?? ''}, ${input.reversesJournalId ?? null}::uuid, ${input.relatedJournalId ?? null}::uuid)
          ON CONFLICT (kind, reference) DO NOTHING
          RETURNING id, kind, reference, description, reverses_journal_id, related_journal_id, created_at
        ), entries AS (
          INSERT INTO ledger_entries (journal_id, line, account_code, organization_id, party_id, amount_cents)
          SELECT journal.id, v.line, v.account, v.org, v.party, v.amount FROM journal, (VALUES ${lines}) AS v(line, account, org, party, amount)
        )
        SELECT * FROM journal`),
    );
    const row = inserted[0];
    if (row) {
      const journal: TJournal = {
        id: row.id,
        kind: row.kind,
        reference: row.reference,
        description: row.description,
        reversesJournalId: row.reverses_journal_id,
        relatedJournalId: row.related_journal_id,
        createdAt: new Date(row.created_at),
      };
      return { journal, entries, posted: true };
    }
    const [existing] = await tx
      .select()
      .from(ledgerJournals)
      .where(and(eq(ledgerJournals.kind, input.kind), eq(ledgerJournals.reference, input.reference)));
    if (!existing) throw new LedgerError(`Journal ${input.kind}:${input.reference} vanished after a conflict.`);
    const stored = await readEntries(tx, existing.id);
    if (!sameEntries(stored, entries)) {
      throw new LedgerError(`Journal ${input.kind}:${input.reference} was already posted with different entries.`);
    }
    return { journal: existing, entries: stored, posted: false };
  });
}

type TJournalRow = {
  id: string;
  kind: TJournalKind;
  reference: string;
  description: string;
  reverses_journal_id: string | null;
  related_journal_id: string | null;
  created_at: string | Date;
};

export async function readEntries(executor: DbExecutor, journalId: string): Promise<TJournalEntryInput[]> {
  const rows = await executor
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.journalId, journalId))
    .orderBy(asc(ledgerEntries.line));
  return rows.map((row) => ({
    account: row.accountCode as TAccountCode,
    organizationId: row.organizationId,
    ...(row.partyId ? { partyId: row.partyId } : {}),
    amountCents: row.amountCents,
  }));
}

/**
 * Posts many journals in one statement per five thousand (a batch job's journals, e.g. an invoice run's
 * invoices): each is checked as postJournal checks it, and written with its entries, or, when its
 * (kind, reference) is already taken, left as it was (not compared: a batch's references are new).
 * Answers the journals written.
 */
export async function postJournals(
  executor: DbExecutor,
  inputs: TPostJournalInput[],
): Promise<{ id: string; kind: string; reference: string }[]> {
  for (const input of inputs) {
    assertValidJournal(input);
    if (input.reversesJournalId || input.relatedJournalId) throw new LedgerError('A batch posts no reversals or related journals.');
  }
  if (inputs.length === 0) return [];
  return inTransaction(executor, async (tx) => {
    const written: { id: string; kind: string; reference: string }[] = [];
    for (let at = 0; at < inputs.length; at += 5000) {
      const chunk = inputs.slice(at, at + 5000);
      // One JSON parameter each for the journals and their entries: no limit of bound parameters
      // (json, not jsonb: taken apart as it is parsed).
      // Time-ordered ids: a batch's rows append to the keys' indexes instead of landing on random pages of them.
      const journals = JSON.stringify(
        chunk.map((j) => ({ id: timeOrderedUuid(), kind: j.kind, reference: j.reference, description: j.description ?? '' })),
      );
      const entries = JSON.stringify(
        chunk.flatMap((j) =>
          j.entries.map((e, i) => ({
            id: timeOrderedUuid(),
            kind: j.kind,
            reference: j.reference,
            line: i + 1,
            account: e.account,
            org: e.organizationId ?? null,
            party: e.partyId ?? null,
            amount: e.amountCents,
          })),
        ),
      );
      const rows = rowsOf<{ id: string; kind: string; reference: string }>(
        await tx.execute(sql`
          WITH journal AS (
            INSERT INTO ledger_journals (id, kind, reference, description)
            SELECT id, kind, reference, description FROM json_to_recordset(${journals}::json) AS v(id uuid, kind text, reference text, description text)
            ON CONFLICT (kind, reference) DO NOTHING
            RETURNING id, kind, reference
          ), entries AS (
            INSERT INTO ledger_entries (id, journal_id, line, account_code, organization_id, party_id, amount_cents)
            SELECT e.id, journal.id, e.line, e.account, e.org, e.party, e.amount
            FROM journal JOIN json_to_recordset(${entries}::json)
              AS e(id uuid, kind text, reference text, line int, account text, org text, party uuid, amount bigint)
              ON e.kind = journal.kind AND e.reference = journal.reference
          )
          SELECT id, kind, reference FROM journal`),
      );
      written.push(...rows);
    }
    return written;
  });
}
