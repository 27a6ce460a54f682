import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { rowsOf } from '../../platform/db/client.ts';
import { auditEvents, feeInvoices, ledgerEntries } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findUnbalancedJournals, partyBalanceOf } from '../ledger/index.ts';
import { INVOICE_RUN_JOB } from './use-cases/run-invoices.ts';
import { FEE_MAIL_JOB } from './use-cases/send-fee-mail.ts';
import { createFinanceSchool, structureBody, type TFinanceSchool } from './test-fixtures.ts';

/**
 * The school's fee books end to end through the API: structures, the invoice run (term and year,
 * idempotent, sibling discounts, a bursary, an exemption, a learner who joined mid-year), credit
 * notes, payments allocated oldest first with overpayment as credit, statements, and after every
 * step the ledger: each journal balanced and each family's balance the sum of its lines.
 */
describe('school fees (API)', () => {
  let t: TestApp;
  let s: TFinanceSchool;
  const YEAR = 2026;

  beforeAll(async () => {
    t = await createTestApp();
    await t.jobs.start();
    s = await createFinanceSchool(t);
  }, 180_000);
  afterAll(() => t.close());

  const call = (
    who: keyof TFinanceSchool['cookies'],
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie: s.cookies[who] }, ...(payload ? { payload } : {}) });

  const accounts = async () =>
    (await call('accountant', 'GET', '/api/school/finance/accounts')).json().accounts as {
      id: string;
      accountNumber: string;
      guardian: { name: string };
      learners: { id: string }[];
      balanceCents: number;
      overdueCents: number;
    }[];
  const dubeAccount = async () => (await accounts()).find((a) => a.guardian.name.startsWith('Lindiwe'))!;
  const naidooAccount = async () => (await accounts()).find((a) => a.guardian.name.startsWith('Kavitha'))!;

  async function expectLedgerHolds() {
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);
    for (const account of await accounts()) {
      expect(account.balanceCents).toBe(await partyBalanceOf(t.database.db, account.id));
      const statement = (await call('accountant', 'GET', `/api/school/finance/accounts/${account.id}/statement`)).json()
        .statement;
      expect(statement.closingBalanceCents).toBe(account.balanceCents);
    }
  }

  async function run(body: object) {
    const started = await call('accountant', 'POST', '/api/school/finance/invoice-runs', body);
    expect(started.statusCode).toBe(202);
    await t.jobs.settle(INVOICE_RUN_JOB, { timeoutMs: 60_000 });
    const polled = await call('accountant', 'GET', `/api/school/finance/invoice-runs/${started.json().run.id}`);
    expect(polled.json().run.status).toBe('done');
    return polled.json().run as {
      invoicesCreated: number;
      amountCents: number;
      learnersTotal: number;
      skipped: { name: string; reason: string }[];
    };
  }

  it('sets up a year of fee structures: one per grade, items kept by id, copied to the next year with an increase', async () => {
    for (const grade of ['3', '5', '7']) {
      const created = await call('admin', 'POST', '/api/school/finance/structures', structureBody(YEAR, grade));
      expect(created.statusCode).toBe(201);
      expect(created.json().structure.items[0].dueDates).toEqual(
        [...Array(10)].map((_, i) => `${YEAR}-${String(i + 1).padStart(2, '0')}-01`),
      );
      expect(created.json().structure.compulsoryTotalCents).toBe(21_500_00 + 1_200_00);
    }
    const twice = await call('admin', 'POST', '/api/school/finance/structures', structureBody(YEAR, '5'));
    expect(twice.json().error.code).toBe('CONFLICT');

    const wrongDates = await call('admin', 'POST', '/api/school/finance/structures', {
      ...structureBody(YEAR, '9'),
      items: [{ name: 'Tuition', kind: 'tuition', amountCents: 100_00, plan: 'termly', dueDates: ['2026-01-15'] }],
    });
    expect(wrongDates.statusCode).toBe(400);

    const list = (await call('accountant', 'GET', `/api/school/finance/structures?year=${YEAR}`)).json();
    expect(list.structures.map((x: { grade: string }) => x.grade)).toEqual(['3', '5', '7']);
    expect(list.years).toEqual([YEAR]);

    const copied = await call('admin', 'POST', '/api/school/finance/structures/copy', {
      fromYear: YEAR,
      toYear: YEAR + 1,
      increaseBps: 800,
    });
    expect(copied.statusCode).toBe(201);
    const grade5Next = copied.json().structures.find((x: { grade: string }) => x.grade === '5');
    expect(grade5Next.items[0].amountCents).toBe(23_220_00); // R21 500 + 8 %
    expect(grade5Next.items[1].dueDates).toEqual(['2027-01-15', '2027-04-08', '2027-07-21', '2027-10-06']);
    const again = await call('admin', 'POST', '/api/school/finance/structures/copy', {
      fromYear: YEAR,
      toYear: YEAR + 1,
    });
    expect(again.json()).toMatchObject({ structures: [], skippedGrades: ['3', '5', '7'] });

    // Editing keeps an item by its id and drops the one left out.
    const next = grade5Next as {
      id: string;
      items: { id: string; name: string; kind: string; amountCents: number; plan: string }[];
    };
    const edited = await call('admin', 'PUT', `/api/school/finance/structures/${next.id}`, {
      year: YEAR + 1,
      grade: '5',
      items: [{ ...next.items[0], amountCents: 23_000_00 }],
    });
    expect(edited.json().structure.items).toMatchObject([{ id: next.items[0]!.id, amountCents: 23_000_00 }]);
    expect((await call('admin', 'DELETE', `/api/school/finance/structures/${next.id}`)).json()).toEqual({
      deleted: true,
    });
  });

  it('records a bursary, an exemption and a mid-year joiner, audited', async () => {
    const bursary = await call('admin', 'POST', `/api/school/finance/learners/${s.learners.naidooChild.id}/bursaries`, {
      year: YEAR,
      name: 'Academic bursary',
      kind: 'percent',
      percentBps: 2500,
    });
    expect(bursary.statusCode).toBe(201);
    const missing = await call('admin', 'POST', `/api/school/finance/learners/${s.learners.naidooChild.id}/bursaries`, {
      year: YEAR,
      name: 'Half',
      kind: 'amount',
    });
    expect(missing.json().error.fields).toHaveProperty('amountCents');
    const exemption = await call(
      'accountant',
      'POST',
      `/api/school/finance/learners/${s.learners.unpaid.id}/exemptions`,
      {
        year: YEAR,
        category: 'social_grant',
        decision: 'granted',
        extent: 'full',
        decisionNotes: 'Child support grant letter seen; SGB finance committee 12/02/2026.',
        decidedOn: '2026-02-12',
      },
    );
    expect(exemption.statusCode).toBe(201);
    const strangersFile = await call(
      'accountant',
      'POST',
      `/api/school/finance/learners/${s.learners.unpaid.id}/exemptions`,
      {
        year: YEAR,
        category: 'income',
        decision: 'refused',
        decisionNotes: 'Income above the threshold.',
        decidedOn: '2026-02-12',
        documentIds: ['00000000-0000-4000-8000-000000000001'],
      },
    );
    expect(strangersFile.json().error.fields).toHaveProperty('documentIds');
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.action} like 'finance.%'`);
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['finance.bursary_added', 'finance.exemption_decided']),
    );
  });

  it('bills a term, then the year: nothing twice, sibling discounts off the second and third child, a learner without a paying guardian skipped', async () => {
    const term = await run({ year: YEAR, term: 1 });
    // Term 1 (to 7 April): January to April tuition and the first levy, for four learners.
    expect(term.invoicesCreated).toBe(4 * 5);
    expect(term.skipped).toEqual([
      expect.objectContaining({
        name: 'Thabo Mokoena Alpha',
        reason: 'No guardian of this learner is marked as paying fees.',
      }),
    ]);
    const year = await run({ year: YEAR });
    expect(year.invoicesCreated).toBe(4 * 9);
    const again = await run({ year: YEAR });
    expect(again.invoicesCreated).toBe(0);

    const dube = await dubeAccount();
    // Eldest full; second 5 % off; third 10 % off the compulsory fees.
    expect(dube.balanceCents).toBe(22_700_00 + (20_425_00 + 1_140_00) + (19_350_00 + 1_080_00));
    // Naidoo: a 25 % bursary on tuition and levy.
    expect((await naidooAccount()).balanceCents).toBe(22_700_00 - 5_675_00);
    const invoice = (
      await call('accountant', 'GET', `/api/school/finance/invoices?learnerId=${s.learners.middle.id}&pageSize=1`)
    ).json().invoices[0];
    const detail = (await call('accountant', 'GET', `/api/school/finance/invoices/${invoice.id}`)).json().invoice;
    expect(detail.lines[0].discounts).toEqual([
      { label: 'Sibling discount (2nd child, 5 %)', amountCents: expect.any(Number) },
    ]);
    await expectLedgerHolds();
  });

  it('prorates a learner who joins mid-year: only the months from then', async () => {
    const db = t.database.db;
    const { createLearner } = await import('../../test/factories/school.ts');
    const joiner = await createLearner(db, s.org, {
      firstName: 'Zola',
      lastName: 'Dube Alpha',
      grade: 5,
      admissionNumber: 'ALPHA-104',
    });
    const { linkGuardian } = await import('./test-fixtures.ts');
    await linkGuardian(db, s.org, joiner.id, s.guardians.dube.id);
    const set = await call('admin', 'PUT', `/api/school/finance/learners/${joiner.id}/options`, {
      year: YEAR,
      itemIds: [],
      feesFrom: '2026-07-14',
    });
    expect(set.json().finance.feesFrom).toBe('2026-07-14');
    await run({ year: YEAR });
    const invoices = (await call('accountant', 'GET', `/api/school/finance/invoices?learnerId=${joiner.id}`)).json()
      .invoices as { dueOn: string }[];
    // July to October tuition, the third and fourth term levies.
    expect(invoices.map((i) => i.dueOn).sort()).toEqual([
      '2026-07-01',
      '2026-07-21',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-10-06',
    ]);
    await expectLedgerHolds();
  });

  it('allocates a payment to the oldest open invoice and keeps an overpayment as credit', async () => {
    const naidoo = await naidooAccount();
    const payment = await call('accountant', 'POST', '/api/school/finance/payments', {
      accountId: naidoo.id,
      method: 'eft',
      amountCents: 2_000_00,
      reference: 'NAIDOO FEES JAN',
      receivedOn: '2026-01-20',
    });
    expect(payment.statusCode).toBe(201);
    const paid = payment.json().payment;
    // Oldest first: 1 January's tuition (R1 612,50 after the bursary), 15 January's levy (R225), then February's tuition.
    expect(paid.allocations.map((a: { amountCents: number }) => a.amountCents)).toEqual([1_612_50, 225_00, 162_50]);
    expect(paid.receiptNumber).toMatch(/^RC\d{6}$/);
    const receipt = await call('accountant', 'GET', `/api/school/finance/payments/${paid.id}/receipt.pdf`);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const before = (await naidooAccount()).balanceCents;
    const over = await call('accountant', 'POST', '/api/school/finance/payments', {
      accountId: naidoo.id,
      method: 'cash',
      amountCents: before + 500_00,
      reference: 'Cash at the office',
      receivedOn: '2026-03-02',
    });
    expect(over.json().payment.unallocatedCents).toBe(500_00);
    expect((await naidooAccount()).balanceCents).toBe(-500_00);
    await expectLedgerHolds();

    // An allocation made at 22:30 UTC was made the next day in South Africa, and the invoice says so.
    const firstInvoiceId = paid.allocations[0].invoiceId as string;
    await t.database.db.execute(
      sql`UPDATE fee_allocations SET created_at = '2026-01-20T22:30:00Z' WHERE payment_id = ${paid.id}::uuid`,
    );
    const detail = (await call('accountant', 'GET', `/api/school/finance/invoices/${firstInvoiceId}`)).json().invoice;
    expect(detail.allocations).toEqual([{ paymentId: paid.id, amountCents: 1_612_50, allocatedOn: '2026-01-21' }]);
  });

  it('corrects an invoice with credit notes, never in place; cancelling a paid invoice leaves its payment as credit', async () => {
    const dube = await dubeAccount();
    const open = (await call('accountant', 'GET', `/api/school/finance/accounts/${dube.id}`)).json().openInvoices as {
      id: string;
      totalCents: number;
    }[];
    const first = open[0]!;
    const partial = await call('accountant', 'POST', `/api/school/finance/invoices/${first.id}/credit-notes`, {
      amountCents: 100_00,
      reason: 'Sport levy waived for an injury',
    });
    expect(partial.statusCode).toBe(201);
    expect(partial.json().invoice.creditedCents).toBe(100_00);
    expect(partial.json().creditNote.number).toMatch(/^CN\d{5}$/);
    const tooMuch = await call('accountant', 'POST', `/api/school/finance/invoices/${first.id}/credit-notes`, {
      amountCents: first.totalCents,
      reason: 'x',
    });
    expect(tooMuch.json().error.fields).toHaveProperty('amountCents');
    const [stored] = await t.database.db.select().from(feeInvoices).where(eq(feeInvoices.id, first.id));
    expect(stored!.totalCents).toBe(first.totalCents);

    // The Naidoo family's first invoice is paid; cancelling it gives the payment back as credit, which pays the next open invoice.
    const naidoo = await naidooAccount();
    const before = naidoo.balanceCents;
    const paidInvoice = (
      await call('accountant', 'GET', `/api/school/finance/invoices?accountId=${naidoo.id}&status=paid&pageSize=200`)
    )
      .json()
      .invoices.at(-1);
    const cancelled = await call('accountant', 'POST', `/api/school/finance/invoices/${paidInvoice.id}/cancel`, {
      reason: 'Billed in error',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().invoice.status).toBe('credited');
    expect((await naidooAccount()).balanceCents).toBe(before - paidInvoice.totalCents);
    const again = await call('accountant', 'POST', `/api/school/finance/invoices/${paidInvoice.id}/cancel`, {
      reason: 'Again',
    });
    expect(again.json().error.code).toBe('CONFLICT');
    await expectLedgerHolds();
  });

  it('shows a statement with a running balance, as JSON and PDF', async () => {
    const dube = await dubeAccount();
    const statement = (await call('accountant', 'GET', `/api/school/finance/accounts/${dube.id}/statement`)).json()
      .statement;
    let running = 0;
    for (const line of statement.lines) {
      running += line.debitCents - line.creditCents;
      expect(line.balanceCents).toBe(running);
    }
    expect(statement.lines.some((l: { kind: string }) => l.kind === 'credit_note')).toBe(true);
    const from = (
      await call('accountant', 'GET', `/api/school/finance/accounts/${dube.id}/statement?from=2026-12-31`)
    ).json().statement;
    expect(from.openingBalanceCents).toBe(statement.closingBalanceCents);
    const pdf = await call('accountant', 'GET', `/api/school/finance/accounts/${dube.id}/statement.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('matches a bank statement by account or admission number, pays each confirmed line once, also when imported again', async () => {
    const dube = await dubeAccount();
    const csv = [
      'Date,Description,Amount',
      `05/03/2026,FNB APP PAYMENT FROM L DUBE ${dube.accountNumber},"1 500,00"`,
      '06/03/2026,ACB CREDIT ALPHA-201 SCHOOL FEES,750.00',
      '06/03/2026,UNKNOWN DEPOSIT,300.00',
      '07/03/2026,BANK CHARGES,-45.00',
    ].join('\n');
    const imported = await call('accountant', 'POST', '/api/school/finance/bank-imports', {
      fileName: 'fnb-march.csv',
      csv,
    });
    expect(imported.statusCode).toBe(201);
    const lines = imported.json().import.lines as {
      id: string;
      status: string;
      amountCents: number;
      match: { accountId: string; by: string } | null;
    }[];
    expect(lines.map((l) => [l.status, l.amountCents, l.match?.by ?? null])).toEqual([
      ['proposed', 1_500_00, 'account_number'],
      ['proposed', 750_00, 'admission_number'],
      ['unmatched', 300_00, null],
    ]);
    const importId = imported.json().import.id;
    const before = (await dubeAccount()).balanceCents;
    const confirmed = await call(
      'accountant',
      'POST',
      `/api/school/finance/bank-imports/${importId}/lines/${lines[0]!.id}/confirm`,
      { accountId: lines[0]!.match!.accountId },
    );
    expect(confirmed.json().line.status).toBe('confirmed');
    expect(confirmed.json().payment).toMatchObject({ method: 'eft', amountCents: 1_500_00, receivedOn: '2026-03-05' });
    expect((await dubeAccount()).balanceCents).toBe(before - 1_500_00);
    const twice = await call(
      'accountant',
      'POST',
      `/api/school/finance/bank-imports/${importId}/lines/${lines[0]!.id}/confirm`,
      { accountId: lines[0]!.match!.accountId },
    );
    expect(twice.json().error.code).toBe('CONFLICT');
    const ignored = await call(
      'accountant',
      'POST',
      `/api/school/finance/bank-imports/${importId}/lines/${lines[2]!.id}/ignore`,
    );
    expect(ignored.json().line.status).toBe('ignored');

    const reimported = await call('accountant', 'POST', '/api/school/finance/bank-imports', {
      fileName: 'fnb-march.csv',
      csv,
    });
    const second = reimported.json().import.lines as { id: string; status: string; paymentId: string | null }[];
    expect(second.map((l) => l.status)).toEqual(['duplicate', 'proposed', 'unmatched']);
    expect(second[0]!.paymentId).toBe(confirmed.json().payment.id);
    expect((await dubeAccount()).balanceCents).toBe(before - 1_500_00);

    const bad = await call('accountant', 'POST', '/api/school/finance/bank-imports', { csv: 'Name,Value\nx,1' });
    expect(bad.json().error.fields).toHaveProperty('csv');
    await expectLedgerHolds();
  });

  it('reports the age analysis (JSON and CSV, by grade), the dashboard and the exports', async () => {
    const all = (await call('accountant', 'GET', '/api/school/finance/age-analysis?asOf=2026-12-02')).json();
    const dube = all.rows.find((r: { name: string }) => r.name.startsWith('Lindiwe'));
    expect(dube.totalCents).toBe(dube.currentCents + dube.d30Cents + dube.d60Cents + dube.d90Cents + dube.d120Cents);
    expect(dube.d120Cents).toBeGreaterThan(0);
    expect(dube.grades).toEqual(['3', '5', '7']);
    const grade3 = (await call('accountant', 'GET', '/api/school/finance/age-analysis?asOf=2026-12-02&grade=3')).json();
    expect(grade3.rows.map((r: { name: string }) => r.name)).toEqual(['Lindiwe Dube Alpha']);
    expect(grade3.totals.totalCents).toBeLessThan(all.totals.totalCents);

    const csv = await call('accountant', 'GET', '/api/school/finance/age-analysis.csv?asOf=2026-12-02');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('account_number,family,grades,current,days_30,days_60,days_90,days_120_plus,total');

    const dashboard = (await call('admin', 'GET', '/api/school/finance/dashboard?year=2026')).json().dashboard;
    expect(dashboard.months).toHaveLength(12);
    expect(dashboard.months[2].collectedCents).toBeGreaterThan(0);
    expect(dashboard.collectionRateBps).toBeGreaterThan(0);
    expect(dashboard.collectionRateBps).toBeLessThan(10_000);
    expect(dashboard.recentPayments.length).toBeGreaterThan(0);

    const transactions = await call('accountant', 'GET', '/api/school/finance/exports/transactions.csv');
    expect(transactions.body).toContain('payment_eft');
    for (const format of ['sage', 'xero']) {
      const journal = await call('accountant', 'GET', `/api/school/finance/exports/journal.csv?format=${format}`);
      const rows = Papa.parse<string[]>(journal.body.replace(/^\uFEFF/, '').trim()).data.slice(1);
      // Every journal's lines sum to zero: the export balances.
      const amounts = rows;
      const total =
        format === 'xero'
          ? amounts.reduce((sum, r) => sum + Math.round(Number(r.at(-1)) * 100), 0)
          : amounts.reduce(
              (sum, r) => sum + Math.round(Number(r.at(-2) || 0) * 100) - Math.round(Number(r.at(-1) || 0) * 100),
              0,
            );
      expect(rows.length).toBeGreaterThan(10);
      expect(total).toBe(0);
    }
  });

  it('pages, sorts and filters family accounts and the age analysis in the database', async () => {
    const list = async (query: string) =>
      (await call('accountant', 'GET', `/api/school/finance/accounts?${query}`)).json() as {
        accounts: { accountNumber: string; guardian: { name: string }; overdueCents: number }[];
        total: number;
      };
    const names = (page: { accounts: { guardian: { name: string } }[] }) => page.accounts.map((a) => a.guardian.name);
    // By the guardian's surname, a page at a time, with the number found.
    expect(names(await list('pageSize=1&page=1'))).toEqual(['Lindiwe Dube Alpha']);
    const second = await list('pageSize=1&page=2');
    expect(names(second)).toEqual(['Kavitha Naidoo Alpha']);
    expect(second.total).toBe(2);
    expect(await list('pageSize=1&page=9')).toEqual({ accounts: [], total: 2 });
    // Found by a learner's admission number or name, the account number, the guardian.
    expect(names(await list('q=alpha-201'))).toEqual(['Kavitha Naidoo Alpha']);
    expect(names(await list('q=celo'))).toEqual(['Lindiwe Dube Alpha']);
    expect(names(await list(`q=${second.accounts[0]!.accountNumber}`))).toEqual(['Kavitha Naidoo Alpha']);
    expect(names(await list('q=kavitha'))).toEqual(['Kavitha Naidoo Alpha']);
    expect(await list('q=%25')).toEqual({ accounts: [], total: 0 });
    // A learner of the grade on the account.
    expect(names(await list('grade=3'))).toEqual(['Lindiwe Dube Alpha']);
    expect(names(await list('grade=5'))).toEqual(['Lindiwe Dube Alpha', 'Kavitha Naidoo Alpha']);
    expect((await list('grade=12')).total).toBe(0);
    // In arrears or not, as each account's overdue amount says.
    const all = (await list('')).accounts;
    expect(names(await list('arrears=true'))).toEqual(
      all.filter((a) => a.overdueCents > 0).map((a) => a.guardian.name),
    );
    expect(names(await list('arrears=false'))).toEqual(
      all.filter((a) => a.overdueCents <= 0).map((a) => a.guardian.name),
    );

    // The age analysis a page at a time: the largest debt first, totals over every family.
    const whole = (await call('accountant', 'GET', '/api/school/finance/age-analysis?asOf=2026-12-02')).json();
    expect(whole.total).toBe(whole.rows.length);
    const first = (
      await call('accountant', 'GET', '/api/school/finance/age-analysis?asOf=2026-12-02&page=1&pageSize=1')
    ).json();
    expect(first.rows).toEqual(whole.rows.slice(0, 1));
    expect(first.totals).toEqual(whole.totals);
    expect(first.total).toBe(whole.total);
    const rest = (
      await call('accountant', 'GET', '/api/school/finance/age-analysis?asOf=2026-12-02&page=2&pageSize=1')
    ).json();
    expect(rest.rows).toEqual(whole.rows.slice(1, 2));
    expect(whole.rows[0].totalCents).toBeGreaterThanOrEqual(whole.rows.at(-1).totalCents);
  });

  it('mails reminders to families in arrears and every family its statement, through the job queue, once a day', async () => {
    const reminders = await call('accountant', 'POST', '/api/school/finance/reminders/run');
    expect(reminders.statusCode).toBe(202);
    expect(reminders.json().queued).toBeGreaterThan(0);
    await t.jobs.settle(FEE_MAIL_JOB, { timeoutMs: 60_000 });
    const [reminder] = await t.outbox('lindiwe.alpha@example.test');
    expect(reminder!.subject).toMatch(/^School fees reminder: account SF\d{5}$/);
    expect(reminder!.text).toContain('past its due date');
    // The same day again: the job is not queued twice.
    await call('accountant', 'POST', '/api/school/finance/reminders/run');
    await t.jobs.settle(FEE_MAIL_JOB, { timeoutMs: 60_000 });
    expect((await t.outbox('lindiwe.alpha@example.test')).filter((m) => m.tag === 'fee-reminder')).toHaveLength(1);

    const statements = await call('admin', 'POST', '/api/school/finance/statements/run');
    expect(statements.json().queued).toBe(2);
    await t.jobs.settle(FEE_MAIL_JOB, { timeoutMs: 60_000 });
    const [statement] = await t.outbox('kavitha.alpha@example.test');
    expect(statement!.subject).toMatch(/^Statement: account SF\d{5}$/);
    expect(statement!.text).toMatch(/Credit|Balance owing/);
  });

  it('keeps the family lines on the party column only', async () => {
    const rows = rowsOf<{ n: string }>(
      await t.database.db.execute(
        sql`SELECT count(*) AS n FROM ledger_entries WHERE party_id IS NOT NULL AND account_code NOT IN ('school_fees_receivable', 'school_family_credit')`,
      ),
    );
    expect(Number(rows[0]!.n)).toBe(0);
    expect(
      (
        await t.database.db
          .select()
          .from(ledgerEntries)
          .where(sql`${ledgerEntries.partyId} is not null`)
      ).length,
    ).toBeGreaterThan(0);
  });
});
