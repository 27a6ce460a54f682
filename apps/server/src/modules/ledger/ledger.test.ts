import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../platform/db/client.ts';
import { CHART_OF_ACCOUNTS, ledgerAccounts, ledgerEntries, ledgerJournals } from '../../platform/db/schema/ledger.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { balanceOf } from './balance-of.ts';
import { findUnbalancedJournals } from './find-unbalanced-journals.ts';
import { LedgerError, postJournal, postJournals, type TJournalEntryInput } from './post-journal.ts';
import { reverseJournal } from './reverse-journal.ts';

const sale = (org: string, cents = 1_000): TJournalEntryInput[] => [
  { account: 'provider_clearing', amountCents: cents },
  { account: 'organization_payable', organizationId: org, amountCents: -cents },
];

describe('the ledger', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const journalCount = async () => (await database.db.select({ n: count() }).from(ledgerJournals))[0]!.n;

  it('holds the chart of accounts the code declares', async () => {
    const rows = await database.db.select().from(ledgerAccounts);
    expect(rows.map((r) => ({ code: r.code, name: r.name, type: r.type, perOrganization: r.perOrganization })).sort((a, b) => a.code.localeCompare(b.code))).toEqual(
      [...CHART_OF_ACCOUNTS].sort((a, b) => a.code.localeCompare(b.code)),
    );
  });

  it('posts a balanced journal and derives balances on each account’s normal side', async () => {
    const result = await postJournal(database.db, { kind: 'payment', reference: 'bal-1', entries: sale('org-bal', 2_500) });
    expect(result.posted).toBe(true);
    expect(await balanceOf(database.db, 'organization_payable', 'org-bal')).toBe(2_500);
    expect(await balanceOf(database.db, 'organization_payable', 'org-other')).toBe(0);
    expect(await balanceOf(database.db, 'provider_clearing')).toBeGreaterThanOrEqual(2_500);
  });

  it.each<[string, TJournalEntryInput[]]>([
    ['entries that do not sum to zero', [{ account: 'provider_clearing', amountCents: 100 }, { account: 'commission_revenue', amountCents: -99 }]],
    ['a single entry', [{ account: 'provider_clearing', amountCents: 0 }]],
    ['a zero entry', [{ account: 'provider_clearing', amountCents: 0 }, { account: 'commission_revenue', amountCents: 0 }]],
    ['a fraction of a cent', [{ account: 'provider_clearing', amountCents: 0.5 }, { account: 'commission_revenue', amountCents: -0.5 }]],
    ['an unknown account', [{ account: 'petty_cash' as never, amountCents: 1 }, { account: 'commission_revenue', amountCents: -1 }]],
    ['a payable without an organisation', [{ account: 'provider_clearing', amountCents: 1 }, { account: 'organization_payable', amountCents: -1 }]],
    ['revenue with an organisation', [{ account: 'provider_clearing', amountCents: 1 }, { account: 'commission_revenue', organizationId: 'org-x', amountCents: -1 }]],
  ])('refuses %s and writes nothing', async (_label, entries) => {
    const before = await journalCount();
    await expect(postJournal(database.db, { kind: 'fee', reference: `bad-${_label}`, entries })).rejects.toThrow(LedgerError);
    expect(await journalCount()).toBe(before);
  });

  it('posts the same reference once, and refuses it with other entries', async () => {
    const first = await postJournal(database.db, { kind: 'payment', reference: 'idem-1', entries: sale('org-idem') });
    const second = await postJournal(database.db, { kind: 'payment', reference: 'idem-1', entries: sale('org-idem') });
    expect(second.posted).toBe(false);
    expect(second.journal.id).toBe(first.journal.id);
    await expect(postJournal(database.db, { kind: 'payment', reference: 'idem-1', entries: sale('org-idem', 999) })).rejects.toThrow(
      /already posted with different entries/,
    );
    expect(await balanceOf(database.db, 'organization_payable', 'org-idem')).toBe(1_000);
  });

  it('posts once when ten identical calls race', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => postJournal(database.db, { kind: 'payment', reference: 'race-1', entries: sale('org-race', 700) })),
    );
    expect(results.filter((r) => r.posted)).toHaveLength(1);
    expect(new Set(results.map((r) => r.journal.id)).size).toBe(1);
    expect(await balanceOf(database.db, 'organization_payable', 'org-race')).toBe(700);
  });

  it('corrects by a reversing journal, once, and never reverses a reversal', async () => {
    const original = await postJournal(database.db, { kind: 'payment', reference: 'rev-1', entries: sale('org-rev', 4_200) });
    const reversal = await reverseJournal(database.db, { journalId: original.journal.id, reference: 'rev-1-fix' });
    expect(reversal.posted).toBe(true);
    expect(reversal.journal.reversesJournalId).toBe(original.journal.id);
    expect(reversal.entries.map((e) => e.amountCents)).toEqual([-4_200, 4_200]);
    expect(await balanceOf(database.db, 'organization_payable', 'org-rev')).toBe(0);

    const again = await reverseJournal(database.db, { journalId: original.journal.id, reference: 'rev-1-fix' });
    expect(again.posted).toBe(false);
    await expect(reverseJournal(database.db, { journalId: original.journal.id, reference: 'rev-1-other' })).rejects.toThrow(/already reversed/);
    await expect(reverseJournal(database.db, { journalId: reversal.journal.id, reference: 'rev-rev' })).rejects.toThrow(/cannot be reversed/);
    expect(await balanceOf(database.db, 'organization_payable', 'org-rev')).toBe(0);
  });

  it('refuses to edit or delete what was posted', async () => {
    const { journal } = await postJournal(database.db, { kind: 'payment', reference: 'immutable-1', entries: sale('org-imm') });
    await expect(database.db.update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.journalId, journal.id))).rejects.toThrow();
    await expect(database.db.delete(ledgerEntries).where(eq(ledgerEntries.journalId, journal.id))).rejects.toThrow();
    await expect(database.db.update(ledgerJournals).set({ description: 'x' }).where(eq(ledgerJournals.id, journal.id))).rejects.toThrow();
    expect(await balanceOf(database.db, 'organization_payable', 'org-imm')).toBe(1_000);
  });

  it('finds a journal written around postJournal that does not balance', async () => {
    expect(await findUnbalancedJournals(database.db)).toEqual([]);
    // Written in a transaction that is rolled back, so the broken journals do not outlive this test.
    const rolledBack = new Error('roll back');
    await expect(
      database.db.transaction(async (tx) => {
        const [journal] = await tx.insert(ledgerJournals).values({ kind: 'fee', reference: 'broken' }).returning();
        await tx.insert(ledgerEntries).values([
          { journalId: journal!.id, line: 1, accountCode: 'provider_clearing', amountCents: 100 },
          { journalId: journal!.id, line: 2, accountCode: 'commission_revenue', amountCents: -90 },
        ]);
        await tx.insert(ledgerJournals).values({ kind: 'fee', reference: 'empty' });
        const found = await findUnbalancedJournals(tx);
        expect(found.map((j) => [j.reference, j.sumCents, j.entryCount]).sort()).toEqual([
          ['broken', 10, 2],
          ['empty', 0, 0],
        ]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await findUnbalancedJournals(database.db)).toEqual([]);
  });

  it('keeps amounts beyond 32 bits exact', async () => {
    const big = 5_000_000_000_00; // R5 000 000 000,00
    await postJournal(database.db, { kind: 'payment', reference: 'big-1', entries: sale('org-big', big) });
    expect(await balanceOf(database.db, 'organization_payable', 'org-big')).toBe(big);
  });

  it('posts a batch of journals at once, each with its entries, a taken reference left as it was, an unbalanced one refused', async () => {
    await postJournal(database.db, { kind: 'payment', reference: 'batch-1', entries: sale('org-batch', 1_00) });
    const written = await postJournals(database.db, [
      { kind: 'payment', reference: 'batch-1', entries: sale('org-batch', 9_99) },
      { kind: 'payment', reference: 'batch-2', entries: sale('org-batch', 2_00) },
      { kind: 'payment', reference: 'batch-3', entries: sale('org-batch', 3_00) },
    ]);
    expect(written.map((j) => j.reference).sort()).toEqual(['batch-2', 'batch-3']);
    expect(await balanceOf(database.db, 'organization_payable', 'org-batch')).toBe(6_00);
    const unbalanced = [{ account: 'provider_clearing' as const, amountCents: 1 }, { account: 'organization_payable' as const, organizationId: 'x', amountCents: -2 }];
    await expect(postJournals(database.db, [{ kind: 'payment', reference: 'batch-4', entries: unbalanced }])).rejects.toThrow(LedgerError);
    expect(await findUnbalancedJournals(database.db)).toEqual([]);
  });
});
