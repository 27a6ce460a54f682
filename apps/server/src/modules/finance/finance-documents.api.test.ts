import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.ts';
import {
  auditEvents,
  feeSmsReminders,
  guardians,
  notifications,
  smsMessages,
  smsOptOuts,
} from '../../platform/db/schema/index.ts';
import { uploadTestFile } from '../../test/factories/applications.ts';
import { subscribeSchool } from '../../test/factories/communication.ts';
import { pdfTexts } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findUnbalancedJournals, partyBalanceOf } from '../ledger/index.ts';
import { INVOICE_RUN_JOB } from './use-cases/run-invoices.ts';
import { sendFeeSms, FEE_SMS_JOB } from './use-cases/send-fee-sms.ts';
import { createFinanceSchool, freePort, structureBody, type TFinanceSchool } from './test-fixtures.ts';

/**
 * Fee exemptions (a parent's application decided by the school; automatic categories), invoice
 * PDFs (a tax invoice only for a VAT-registered school), payout statements and SMS reminders, on
 * the ledger: every journal balanced, each family's balance the sum of its lines.
 */
describe('fee exemptions, fee documents and SMS reminders (API)', () => {
  let t: TestApp;
  let s: TFinanceSchool;
  const YEAR = 2026;

  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}`, PAYMENT_PROVIDER: 'sandbox' });
    await t.app.listen({ port, host: '127.0.0.1' });
    await t.jobs.start();
    s = await createFinanceSchool(t, 'Delta Primary');
    for (const grade of ['3', '5', '7']) {
      const body = structureBody(YEAR, grade);
      // The optional bus is a standard-rated supply; tuition and the levy are exempt educational services.
      body.items[2] = { ...body.items[2]!, vatApplicable: true } as (typeof body.items)[number];
      await call('accountant', 'POST', '/api/school/finance/structures', body);
    }
    await call('accountant', 'POST', '/api/school/finance/invoice-runs', { year: YEAR, term: 1 });
    await t.jobs.settle(INVOICE_RUN_JOB, { timeoutMs: 60_000 });
  }, 180_000);
  afterAll(() => t.close());

  const call = (who: keyof TFinanceSchool['cookies'], method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: s.cookies[who] }, ...(payload ? { payload } : {}) });
  const accountOf = async (guardian: string) =>
    (
      (await call('accountant', 'GET', '/api/school/finance/accounts')).json().accounts as {
        id: string;
        accountNumber: string;
        guardian: { name: string };
        balanceCents: number;
      }[]
    ).find((a) => a.guardian.name.startsWith(guardian))!;
  const invoicesOf = async (learnerId: string) =>
    (await call('accountant', 'GET', `/api/school/finance/invoices?learnerId=${learnerId}&year=${YEAR}`)).json()
      .invoices as { id: string; number: string; totalCents: number; creditedCents: number }[];

  async function expectLedgerHolds(accountId: string, balance: number) {
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);
    expect(await partyBalanceOf(t.database.db, accountId)).toBe(balance);
  }

  it('a parent applies for a partial exemption with a document; the accountant grants 50 %: the balance drops through credit notes, the parent is told', async () => {
    const document = await uploadTestFile(t.database.db, t.config, s.users.parent!, 'payslip.pdf');
    const form = (await call('parent', 'GET', '/api/school/my-finance/exemptions')).json();
    expect(form.publicSchool).toBe(true);
    // Their three children, each with the year's compulsory fees (tuition R21 500 and the levy R1 200).
    expect(form.learners).toHaveLength(3);
    expect(form.learners[0].annualFeesCents).toBe(22_700_00);

    // Without a document the application is refused; for another family's child too.
    const bare = await call('parent', 'POST', '/api/school/my-finance/exemptions', {
      learnerId: s.learners.eldest.id,
      year: YEAR,
      requestedExtent: 'partial',
      annualIncomeCents: 180_000_00,
      dependants: 3,
      documentIds: [],
    });
    expect(bare.statusCode).toBe(400);
    const other = await call('parent', 'POST', '/api/school/my-finance/exemptions', {
      learnerId: s.learners.naidooChild.id,
      year: YEAR,
      requestedExtent: 'full',
      annualIncomeCents: 0,
      dependants: 1,
      documentIds: [document.id],
    });
    expect(other.statusCode).toBe(400);

    const applied = await call('parent', 'POST', '/api/school/my-finance/exemptions', {
      learnerId: s.learners.eldest.id,
      year: YEAR,
      requestedExtent: 'partial',
      annualIncomeCents: 180_000_00,
      dependants: 3,
      notes: 'Lost overtime this year.',
      documentIds: [document.id],
    });
    expect(applied.statusCode).toBe(201);
    const application = applied.json().application;
    expect(application).toMatchObject({
      status: 'pending',
      annualFeesCents: 22_700_00,
      // R22 700 of fees against R180 000 of income: 12,6 %.
      feesToIncomeBps: 1261,
      documents: [{ id: document.id, name: 'payslip.pdf' }],
    });
    // One pending application per learner and year.
    const again = await call('parent', 'POST', '/api/school/my-finance/exemptions', {
      learnerId: s.learners.eldest.id,
      year: YEAR,
      requestedExtent: 'full',
      annualIncomeCents: 180_000_00,
      dependants: 3,
      documentIds: [document.id],
    });
    expect(again.statusCode).toBe(409);

    // The accountant reads the list and the parent's private document; the parent cannot decide.
    const pending = (await call('accountant', 'GET', '/api/school/finance/exemption-applications')).json();
    expect(pending.applications.map((a: { id: string }) => a.id)).toEqual([application.id]);
    const file = await call(
      'accountant',
      'GET',
      `/api/school/finance/exemption-applications/${application.id}/documents/${document.id}`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (
        await call('parent', 'POST', `/api/school/finance/exemption-applications/${application.id}/decision`, {
          decision: 'granted',
          extent: 'full',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);

    const dube = await accountOf('Lindiwe');
    const before = dube.balanceCents;
    // Term 1 of the eldest: tuition 3 × R2 150 and the levy R400 (no exemption discount yet).
    const eldestInvoices = await invoicesOf(s.learners.eldest.id);
    expect(eldestInvoices.length).toBeGreaterThan(0);

    const decided = await call(
      'accountant',
      'POST',
      `/api/school/finance/exemption-applications/${application.id}/decision`,
      {
        decision: 'granted',
        extent: 'partial',
        percentBps: 5000,
        reason: 'Granted by the governing body on 3 December 2026.',
      },
    );
    expect(decided.statusCode).toBe(200);
    expect(decided.json().application).toMatchObject({
      status: 'granted',
      decision: { extent: 'partial', percentBps: 5000, reason: 'Granted by the governing body on 3 December 2026.' },
    });
    // Half of the compulsory lines of the eldest's term 1 invoices is credited.
    const credited = (await invoicesOf(s.learners.eldest.id)).reduce((sum, i) => sum + i.creditedCents, 0);
    expect(credited).toBeGreaterThan(0);
    const after = await accountOf('Lindiwe');
    expect(after.balanceCents).toBe(before - credited);
    await expectLedgerHolds(after.id, after.balanceCents);
    // Deciding twice is refused; the parent sees the decision and was notified.
    expect(
      (
        await call('accountant', 'POST', `/api/school/finance/exemption-applications/${application.id}/decision`, {
          decision: 'declined',
          reason: 'Again',
        })
      ).statusCode,
    ).toBe(409);
    const mine = (await call('parent', 'GET', '/api/school/my-finance/exemptions')).json();
    expect(mine.applications[0]).toMatchObject({ status: 'granted' });
    const told = await t.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, s.users.parent!.id));
    expect(told.map((n) => n.title)).toContain('Fee exemption granted');
    const audit = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(sql`${auditEvents.action} like 'finance.exemption%'`);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'finance.exemption_applied',
        'finance.exemption_decided',
        'finance.exemption_application_granted',
        'finance.exemption_document_read',
      ]),
    );

    // The next term's invoices are issued with the 50 % exemption already off (the run reads the same row).
    await call('accountant', 'POST', '/api/school/finance/invoice-runs', { year: YEAR, term: 2 });
    await t.jobs.settle(INVOICE_RUN_JOB, { timeoutMs: 60_000 });
    const term2 = (await invoicesOf(s.learners.eldest.id)).filter((i) => i.creditedCents === 0);
    expect(term2.length).toBeGreaterThan(0);
    const detail = (await call('accountant', 'GET', `/api/school/finance/invoices/${term2[0]!.id}`)).json().invoice;
    expect(
      detail.lines.some((l: { discounts: { label: string }[] }) =>
        l.discounts.some((d) => d.label.startsWith('Fee exemption')),
      ),
    ).toBe(true);
    await expectLedgerHolds(after.id, (await accountOf('Lindiwe')).balanceCents);
  });

  it('declines an application with a reason, crediting nothing; an amount is granted as its share of the year', async () => {
    const document = await uploadTestFile(t.database.db, t.config, s.users.parent!, 'affidavit.pdf');
    const apply = async (learnerId: string) =>
      (
        await call('parent', 'POST', '/api/school/my-finance/exemptions', {
          learnerId,
          year: YEAR,
          requestedExtent: 'full',
          annualIncomeCents: 90_000_00,
          dependants: 4,
          documentIds: [document.id],
        })
      ).json().application;
    const first = await apply(s.learners.middle.id);
    const before = (await accountOf('Lindiwe')).balanceCents;
    const declined = await call('admin', 'POST', `/api/school/finance/exemption-applications/${first.id}/decision`, {
      decision: 'declined',
      reason: 'The income is above the threshold for these fees.',
    });
    expect(declined.json().application).toMatchObject({ status: 'declined', decision: { extent: null } });
    expect((await accountOf('Lindiwe')).balanceCents).toBe(before);

    const second = await apply(s.learners.middle.id);
    const granted = await call(
      'accountant',
      'POST',
      `/api/school/finance/exemption-applications/${second.id}/decision`,
      {
        decision: 'granted',
        extent: 'partial',
        amountCents: 5_675_00,
        reason: 'A quarter of the year’s fees.',
      },
    );
    // R5 675 of R22 700 is 25 %.
    expect(granted.json().application.decision).toMatchObject({ percentBps: 2500, amountCents: 5_675_00 });
    expect((await accountOf('Lindiwe')).balanceCents).toBeLessThan(before);
  });

  it('records an automatic exemption (a foster-care grant) in full with proof, no income test; only the categories the regulations name', async () => {
    const proof = await uploadTestFile(t.database.db, t.config, s.users.accountant!, 'court-order.pdf');
    const naidoo = await accountOf('Kavitha');
    const refused = await call(
      'accountant',
      'POST',
      `/api/school/finance/learners/${s.learners.naidooChild.id}/automatic-exemptions`,
      { year: YEAR, category: 'income', documentIds: [proof.id] },
    );
    expect(refused.statusCode).toBe(400);
    const noProof = await call(
      'accountant',
      'POST',
      `/api/school/finance/learners/${s.learners.naidooChild.id}/automatic-exemptions`,
      { year: YEAR, category: 'foster_care', documentIds: [] },
    );
    expect(noProof.statusCode).toBe(400);
    const recorded = await call(
      'accountant',
      'POST',
      `/api/school/finance/learners/${s.learners.naidooChild.id}/automatic-exemptions`,
      { year: YEAR, category: 'foster_care', documentIds: [proof.id], notes: 'Foster child grant, court order.' },
    );
    expect(recorded.statusCode).toBe(201);
    expect(recorded.json().exemption).toMatchObject({
      category: 'foster_care',
      decision: 'granted',
      extent: 'full',
      automatic: true,
    });
    // Every compulsory fee of the year's issued invoices is credited; only the optional bus would remain.
    const after = await accountOf('Kavitha');
    expect(after.balanceCents).toBeLessThan(naidoo.balanceCents);
    expect(after.balanceCents).toBe(0);
    await expectLedgerHolds(after.id, 0);
  });

  it('refuses exemptions at an independent school', async () => {
    const other = await createFinanceSchool(t, 'Epsilon College');
    await t.database.db.execute(sql`INSERT INTO applications (user_id, user_type, status, step_data, organization_id)
      VALUES (${other.users.admin!.id}, 'school_admin', 'approved', ${JSON.stringify({ '1': { schoolType: 'private' } })}::jsonb, ${other.org})`);
    const document = await uploadTestFile(t.database.db, t.config, other.users.parent!, 'payslip.pdf');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/school/my-finance/exemptions',
      headers: { cookie: other.cookies.parent },
      payload: {
        learnerId: other.learners.eldest.id,
        year: YEAR,
        requestedExtent: 'full',
        annualIncomeCents: 0,
        dependants: 2,
        documentIds: [document.id],
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/public schools only/);
    const form = await t.app.inject({
      method: 'GET',
      url: '/api/school/my-finance/exemptions',
      headers: { cookie: other.cookies.parent },
    });
    expect(form.json().publicSchool).toBe(false);
  });

  it('invoice PDFs: a plain Invoice, then a Tax Invoice with the VAT number and 15 % VAT on the standard-rated line once the school is VAT-registered; the parent downloads only their own', async () => {
    const [invoice] = await invoicesOf(s.learners.youngest.id);
    const plain = await call('accountant', 'GET', `/api/school/finance/invoices/${invoice!.id}/invoice.pdf`);
    expect(plain.headers['content-type']).toBe('application/pdf');
    const plainText = pdfTexts(plain.rawPayload);
    expect(plainText).toContain('Invoice');
    expect(plainText).not.toContain('Tax Invoice');
    expect(plainText).toContain(invoice!.number);

    const settings = (await call('accountant', 'GET', '/api/school/finance/settings')).json().settings;
    expect(
      (
        await call('admin', 'PUT', '/api/school/finance/settings', {
          ...settings,
          vatRegistered: true,
          vatNumber: '4123456789',
        })
      ).statusCode,
    ).toBe(200);
    // Optional bus for the youngest, billed in term 3.
    await call('accountant', 'PUT', `/api/school/finance/learners/${s.learners.youngest.id}/options`, {
      year: YEAR,
      itemIds: [
        (await call('accountant', 'GET', `/api/school/finance/structures?year=${YEAR}`))
          .json()
          .structures.find((x: { grade: string }) => x.grade === '3')
          .items.find((i: { kind: string }) => i.kind === 'optional').id,
      ],
    });
    await call('accountant', 'POST', '/api/school/finance/invoice-runs', { year: YEAR, term: 3 });
    await t.jobs.settle(INVOICE_RUN_JOB, { timeoutMs: 60_000 });
    let withBus = { id: '' };
    for (const inv of await invoicesOf(s.learners.youngest.id)) {
      const detail = (await call('accountant', 'GET', `/api/school/finance/invoices/${inv.id}`)).json().invoice;
      if (detail.lines.some((l: { description: string }) => l.description.startsWith('Bus transport'))) withBus = inv;
    }
    const tax = await call('parent', 'GET', `/api/school/my-finance/invoices/${withBus.id}/invoice.pdf`);
    expect(tax.statusCode).toBe(200);
    const text = pdfTexts(tax.rawPayload);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('VAT registration number: 4123456789');
    expect(text).toContain('Exempt');
    // The bus instalment R650 includes VAT of R650 × 15/115 = R84,78.
    expect(text, text.join(' | ')).toContain('R84,78');

    // The bus is later marked exempt for new invoices: the issued one reads as it was made.
    const grade3 = (await call('accountant', 'GET', `/api/school/finance/structures?year=${YEAR}`))
      .json()
      .structures.find((x: { grade: string }) => x.grade === '3');
    const unmarked = await call('accountant', 'PUT', `/api/school/finance/structures/${grade3.id}`, {
      year: YEAR,
      grade: '3',
      items: grade3.items.map((item: { vatApplicable: boolean }) => ({ ...item, vatApplicable: false })),
    });
    expect(unmarked.statusCode, unmarked.body).toBe(200);
    expect(unmarked.json().structure.items.some((i: { vatApplicable: boolean }) => i.vatApplicable)).toBe(false);
    const again = await call('parent', 'GET', `/api/school/my-finance/invoices/${withBus.id}/invoice.pdf`);
    expect(pdfTexts(again.rawPayload)).toEqual(text);

    // Another family's invoice is not found for this parent; the parent's list names their own invoices.
    const [naidooInvoice] = await invoicesOf(s.learners.naidooChild.id);
    expect(
      (await call('parent', 'GET', `/api/school/my-finance/invoices/${naidooInvoice!.id}/invoice.pdf`)).statusCode,
    ).toBe(404);
    const dube = await accountOf('Lindiwe');
    const listed = (await call('parent', 'GET', `/api/school/my-finance/accounts/${dube.id}/invoices`)).json();
    expect(listed.invoices.map((i: { id: string }) => i.id)).toContain(withBus.id);
  });

  it('a payout statement lists the online collections it paid out, each with its 5 % fee, and the net', async () => {
    const dube = await accountOf('Lindiwe');
    const started = await call('parent', 'POST', `/api/school/my-finance/accounts/${dube.id}/pay`, {
      amountCents: 1_000_00,
    });
    expect(started.statusCode).toBe(201);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      payload: {
        orderId: started.json().orderId,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
        name: 'Lindiwe Dube',
      },
    });
    expect(paid.statusCode).toBe(200);
    await call('parent', 'GET', `/api/school/my-finance/payments/${started.json().orderId}`);
    await t.database.db.execute(sql`INSERT INTO school_payout_accounts
      (organization_id, bank_name, branch_code, account_number, account_holder, account_type, status, expires_at, confirmed_at)
      VALUES (${s.org}, 'FNB', '250655', '62812345678', 'Delta Primary', 'current', 'confirmed', now(), now())`);
    const requested = await call('admin', 'POST', '/api/school/finance/payouts');
    expect(requested.statusCode, requested.body).toBe(201);
    const payout = requested.json().payout;
    expect(payout).toMatchObject({ amountCents: 950_00, feeCents: 12_00 });
    const pdf = await call('accountant', 'GET', `/api/school/finance/payouts/${payout.id}/statement.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfTexts(pdf.rawPayload);
    expect(text).toContain(dube.accountNumber);
    expect(text).toContain('R1 000,00');
    expect(text).toContain('-R50,00');
    expect(text).toContain('R938,00');
    expect(text).toContain('Immediate payout to FNB ****5678');
  });

  it('SMS reminders: only with an SMS package and account, once per reminder, never to a number that opted out', async () => {
    const db = t.database.db;
    // No SMS account: nothing is sent.
    expect(
      await sendFeeSms(db, t.config, { organizationId: s.org, date: todayInSouthAfrica(), scheduled: false }),
    ).toEqual({ sent: 0 });
    await subscribeSchool(db, s.users.admin!.id, s.org, 'enterprise');
    expect((await call('admin', 'PUT', '/api/school/sms-account', { provider: 'sandbox' })).statusCode).toBe(200);
    await db.update(guardians).set({ phone: '082 555 0101' }).where(eq(guardians.id, s.guardians.dube.id));
    // The accountant's run queues the SMS job beside the e-mails: the family in arrears is texted.
    expect((await call('accountant', 'POST', '/api/school/finance/reminders/run')).statusCode).toBe(202);
    await t.jobs.settle(FEE_SMS_JOB, { timeoutMs: 30_000 });
    const sent = await db.select().from(smsMessages).where(eq(smsMessages.organizationId, s.org));
    const dube = await accountOf('Lindiwe');
    expect(sent.map((m) => m.toPhone)).toEqual(['+27825550101']);
    expect(sent[0]!.body).toContain(dube.accountNumber);
    expect(sent[0]!.body).toContain('Reply STOP to opt out.');
    // Again (a retried job, a second click): the same reminder is not sent twice.
    expect(
      await sendFeeSms(db, t.config, { organizationId: s.org, date: todayInSouthAfrica(), scheduled: false }),
    ).toEqual({ sent: 0 });
    // The scheduled run texts on the school's reminder days (here 30 days after a due date: 1 February), once.
    expect(
      await sendFeeSms(db, t.config, { organizationId: s.org, date: '2026-03-03', scheduled: true }, [30]),
    ).toEqual({
      sent: 1,
    });
    expect(
      await sendFeeSms(db, t.config, { organizationId: s.org, date: '2026-03-03', scheduled: true }, [30]),
    ).toEqual({
      sent: 0,
    });
    // The number replied STOP: the next reminder is not sent, and is written down as refused.
    await db.insert(smsOptOuts).values({ organizationId: s.org, phone: '+27825550101', source: 'inbound' });
    expect(await sendFeeSms(db, t.config, { organizationId: s.org, date: '2026-03-08', scheduled: true }, [7])).toEqual(
      {
        sent: 0,
      },
    );
    const reminders = await db.select().from(feeSmsReminders).where(eq(feeSmsReminders.organizationId, s.org));
    expect(reminders.map((r) => `${r.reminderKey}:${r.status}`).sort()).toEqual([
      'day:2026-03-03:sent',
      'day:2026-03-08:opted_out',
      `run:${todayInSouthAfrica()}:sent`,
    ]);
    const rows = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from sms_messages where organization_id = ${s.org}`),
    );
    expect(rows[0]!.n).toBe(2);
  });
});
