import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, SCHOOL_STAFF_ROLES, type TRole } from '@sekolo/shared/constants/roles';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { routeTable } from '../../test/route-table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.ts';
import { uploadTestFile } from '../../test/factories/applications.ts';
import { INVOICE_RUN_JOB } from './use-cases/run-invoices.ts';
import { createFinanceSchool, structureBody, type TFinanceSchool } from './test-fixtures.ts';

/**
 * Every finance route against every role of spec 6, and a second school that sees nothing of the
 * first. Reading the school's finances takes view_financials; changing them takes view_financials
 * and manage_payments or manage_settings (the accountant, the school admin); the parent's routes
 * take manage_payments and answer only the caller's own family accounts. Outsiders get 403, the
 * signed-out 401. Bravo's admin, accountant and parent, given Alpha's ids, get 404 (or 400 naming
 * the field for an id in a body), and Bravo's lists name nothing of Alpha.
 */

const MEMBER_ROLES = [
  'school_admin',
  'teacher',
  'student',
  'parent',
  ...SCHOOL_STAFF_ROLES,
  'ai_assistant',
] as const satisfies readonly TRole[];
const OUTSIDERS = ['customer', 'platform_admin', 'business_partner', 'charity'] as const satisfies readonly TRole[];
const FINANCE_ROUTE = /^[A-Z]+ \/api\/school\/(finance|my-finance)\//;

type TRule = 'view' | 'manage' | 'guardian';
const allows = (rule: TRule, role: TRole) =>
  rule === 'view'
    ? hasPermission(role, 'view_financials')
    : rule === 'manage'
      ? hasPermission(role, 'view_financials') &&
        (hasPermission(role, 'manage_payments') || hasPermission(role, 'manage_settings'))
      : hasPermission(role, 'manage_payments');

describe('finance routes: every role, and a second school', () => {
  let t: TestApp;
  let alpha: TFinanceSchool;
  let bravo: TFinanceSchool;
  const cookies: Record<string, string> = {};
  const id: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    await t.jobs.start();
    alpha = await createFinanceSchool(t, 'Alpha Academy');
    bravo = await createFinanceSchool(t, 'Bravo College');
    const db = t.database.db;
    let ip = 1;
    for (const role of MEMBER_ROLES) {
      const user = await createUser(db, { role, organization: { name: 'Alpha Academy', type: 'school' } });
      cookies[role] = (await signIn(t.app, user.email, user.password, { ip: `10.77.0.${ip++}` })).cookie;
    }
    for (const role of OUTSIDERS) {
      const user = await createUser(db, {
        role,
        ...(role === 'business_partner' ? { organization: { name: 'Outside Tutors', type: 'business' as const } } : {}),
      });
      cookies[`outsider_${role}`] = (await signIn(t.app, user.email, user.password, { ip: `10.77.1.${ip++}` })).cookie;
    }
    const as = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    // Alpha's books: a structure, a run, a payment, a bursary, a bank import.
    const a = alpha.cookies.accountant;
    id.structure = (
      await as(a, 'POST', '/api/school/finance/structures', structureBody(2026, '5'))
    ).json().structure.id;
    await as(a, 'POST', '/api/school/finance/structures', structureBody(2026, '3'));
    await as(a, 'POST', '/api/school/finance/structures', structureBody(2026, '7'));
    id.run = (await as(a, 'POST', '/api/school/finance/invoice-runs', { year: 2026, term: 1 })).json().run.id;
    await t.jobs.settle(INVOICE_RUN_JOB, { timeoutMs: 60_000 });
    const accounts = (await as(a, 'GET', '/api/school/finance/accounts')).json().accounts as {
      id: string;
      accountNumber: string;
      guardian: { name: string };
    }[];
    const dube = accounts.find((x) => x.guardian.name.startsWith('Lindiwe'))!;
    id.account = dube.id;
    id.learner = alpha.learners.middle.id;
    id.invoice = (await as(a, 'GET', `/api/school/finance/invoices?accountId=${dube.id}`)).json().invoices[0].id;
    id.payment = (
      await as(a, 'POST', '/api/school/finance/payments', {
        accountId: dube.id,
        method: 'eft',
        amountCents: 100_00,
        reference: 'Alpha EFT',
        receivedOn: '2026-02-02',
      })
    ).json().payment.id;
    id.bursary = (
      await as(a, 'POST', `/api/school/finance/learners/${id.learner}/bursaries`, {
        year: 2026,
        name: 'Alpha bursary',
        kind: 'percent',
        percentBps: 1000,
      })
    ).json().bursary.id;
    const imported = (
      await as(a, 'POST', '/api/school/finance/bank-imports', {
        csv: `Date,Description,Amount\n2026-02-03,DEPOSIT ${dube.accountNumber},10.00\n2026-02-04,OTHER ${dube.accountNumber},12.00\n`,
      })
    ).json().import;
    id.import = imported.id;
    id.line = imported.lines[0].id;
    id.line2 = imported.lines[1].id;
    id.order = (
      await as(alpha.cookies.parent, 'POST', `/api/school/my-finance/accounts/${dube.id}/pay`, { amountCents: 50_00 })
    ).json().orderId;
    // A parent's exemption application with a document, the accountant's proof, and a payout.
    const payslip = await uploadTestFile(db, t.config, alpha.users.parent!, 'payslip.pdf');
    id.document = payslip.id;
    id.application = (
      await as(alpha.cookies.parent, 'POST', '/api/school/my-finance/exemptions', {
        learnerId: alpha.learners.eldest.id,
        year: 2026,
        requestedExtent: 'full',
        annualIncomeCents: 60_000_00,
        dependants: 2,
        documentIds: [payslip.id],
      })
    ).json().application.id;
    id.proof = (await uploadTestFile(db, t.config, alpha.users.accountant!, 'grant-letter.pdf')).id;
    id.payout = rowsOf<{ id: string }>(
      await db.execute(sql`INSERT INTO fee_payouts (organization_id, schedule, amount_cents, fee_cents)
        VALUES (${alpha.org}, 'immediate', 0, 1200) RETURNING id`),
    )[0]!.id;
    // Bravo's own books.
    await as(bravo.cookies.accountant, 'POST', '/api/school/finance/structures', structureBody(2026, '5'));
    // Two schools, their members signed in and a term billed: slow on a busy machine.
  }, 180_000);
  afterAll(() => t.close());

  const YEAR = 2026;
  /** Each finance route: who may call it, and a request that an allowed caller may make (every role, one after another). */
  const ROUTES: Record<string, { rule: TRule; url: () => string; payload?: (n: number) => object }> = {
    'GET /api/school/finance/structures': { rule: 'view', url: () => `/api/school/finance/structures?year=${YEAR}` },
    'POST /api/school/finance/structures': {
      rule: 'manage',
      url: () => '/api/school/finance/structures',
      payload: (n) => structureBody(2030 + n, '10'),
    },
    'POST /api/school/finance/structures/copy': {
      rule: 'manage',
      url: () => '/api/school/finance/structures/copy',
      payload: (n) => ({ fromYear: YEAR, toYear: 2040 + n }),
    },
    'GET /api/school/finance/structures/:structureId': {
      rule: 'view',
      url: () => `/api/school/finance/structures/${id.structure}`,
    },
    'PUT /api/school/finance/structures/:structureId': {
      rule: 'manage',
      url: () => `/api/school/finance/structures/${id.structure}`,
      payload: () => structureBody(YEAR, '5'),
    },
    'DELETE /api/school/finance/structures/:structureId': {
      rule: 'manage',
      url: () => `/api/school/finance/structures/${id.structure}`,
    },
    'GET /api/school/finance/settings': { rule: 'view', url: () => '/api/school/finance/settings' },
    'PUT /api/school/finance/settings': {
      rule: 'manage',
      url: () => '/api/school/finance/settings',
      payload: () => ({
        siblingSecondBps: 500,
        siblingThirdPlusBps: 1000,
        reminderDays: [7],
        vatRegistered: false,
        vatNumber: '',
      }),
    },
    'GET /api/school/finance/accounts': { rule: 'view', url: () => '/api/school/finance/accounts' },
    'GET /api/school/finance/accounts/:accountId': {
      rule: 'view',
      url: () => `/api/school/finance/accounts/${id.account}`,
    },
    'GET /api/school/finance/accounts/:accountId/statement': {
      rule: 'view',
      url: () => `/api/school/finance/accounts/${id.account}/statement`,
    },
    'GET /api/school/finance/accounts/:accountId/statement.pdf': {
      rule: 'view',
      url: () => `/api/school/finance/accounts/${id.account}/statement.pdf`,
    },
    'GET /api/school/finance/learners/:learnerId': {
      rule: 'view',
      url: () => `/api/school/finance/learners/${id.learner}`,
    },
    'PUT /api/school/finance/learners/:learnerId/options': {
      rule: 'manage',
      url: () => `/api/school/finance/learners/${id.learner}/options`,
      payload: () => ({ year: YEAR, itemIds: [] }),
    },
    'POST /api/school/finance/learners/:learnerId/bursaries': {
      rule: 'manage',
      url: () => `/api/school/finance/learners/${id.learner}/bursaries`,
      payload: () => ({ year: 2031, name: 'Sport bursary', kind: 'amount', amountCents: 1_000_00 }),
    },
    'DELETE /api/school/finance/learners/:learnerId/bursaries/:bursaryId': {
      rule: 'manage',
      url: () => `/api/school/finance/learners/${id.learner}/bursaries/${id.bursary}`,
    },
    'POST /api/school/finance/learners/:learnerId/exemptions': {
      rule: 'manage',
      url: () => `/api/school/finance/learners/${id.learner}/exemptions`,
      payload: () => ({
        year: 2031,
        category: 'income',
        decision: 'refused',
        decisionNotes: 'Income above the threshold.',
        decidedOn: '2026-03-01',
      }),
    },
    'POST /api/school/finance/invoice-runs': {
      rule: 'manage',
      url: () => '/api/school/finance/invoice-runs',
      payload: () => ({ year: 2031 }),
    },
    'GET /api/school/finance/invoice-runs': { rule: 'view', url: () => '/api/school/finance/invoice-runs' },
    'GET /api/school/finance/invoice-runs/:runId': {
      rule: 'view',
      url: () => `/api/school/finance/invoice-runs/${id.run}`,
    },
    'GET /api/school/finance/invoices': { rule: 'view', url: () => '/api/school/finance/invoices' },
    'GET /api/school/finance/invoices/:invoiceId': {
      rule: 'view',
      url: () => `/api/school/finance/invoices/${id.invoice}`,
    },
    'POST /api/school/finance/invoices/:invoiceId/credit-notes': {
      rule: 'manage',
      url: () => `/api/school/finance/invoices/${id.invoice}/credit-notes`,
      payload: () => ({ amountCents: 1_00, reason: 'Rounding' }),
    },
    'POST /api/school/finance/invoices/:invoiceId/cancel': {
      rule: 'manage',
      url: () => `/api/school/finance/invoices/${id.invoice}/cancel`,
      payload: () => ({ reason: 'Cancelled' }),
    },
    'POST /api/school/finance/payments': {
      rule: 'manage',
      url: () => '/api/school/finance/payments',
      payload: () => ({
        accountId: id.account,
        method: 'cash',
        amountCents: 10_00,
        reference: 'Cash',
        receivedOn: '2026-02-10',
      }),
    },
    'GET /api/school/finance/payments': { rule: 'view', url: () => '/api/school/finance/payments' },
    'GET /api/school/finance/payments/:paymentId/receipt.pdf': {
      rule: 'view',
      url: () => `/api/school/finance/payments/${id.payment}/receipt.pdf`,
    },
    'POST /api/school/finance/bank-imports': {
      rule: 'manage',
      url: () => '/api/school/finance/bank-imports',
      payload: () => ({ csv: 'Date,Amount\n2026-02-01,5.00\n' }),
    },
    'GET /api/school/finance/bank-imports/:importId': {
      rule: 'manage',
      url: () => `/api/school/finance/bank-imports/${id.import}`,
    },
    'POST /api/school/finance/bank-imports/:importId/lines/:lineId/confirm': {
      rule: 'manage',
      url: () => `/api/school/finance/bank-imports/${id.import}/lines/${id.line}/confirm`,
      payload: () => ({ accountId: id.account }),
    },
    'POST /api/school/finance/bank-imports/:importId/lines/:lineId/ignore': {
      rule: 'manage',
      url: () => `/api/school/finance/bank-imports/${id.import}/lines/${id.line2}/ignore`,
    },
    'GET /api/school/finance/age-analysis': { rule: 'view', url: () => '/api/school/finance/age-analysis' },
    'GET /api/school/finance/age-analysis.csv': { rule: 'view', url: () => '/api/school/finance/age-analysis.csv' },
    'GET /api/school/finance/exports/transactions.csv': {
      rule: 'view',
      url: () => '/api/school/finance/exports/transactions.csv',
    },
    'GET /api/school/finance/exports/journal.csv': {
      rule: 'view',
      url: () => '/api/school/finance/exports/journal.csv?format=xero',
    },
    'GET /api/school/finance/dashboard': { rule: 'view', url: () => '/api/school/finance/dashboard' },
    'POST /api/school/finance/reminders/run': { rule: 'manage', url: () => '/api/school/finance/reminders/run' },
    'POST /api/school/finance/statements/run': { rule: 'manage', url: () => '/api/school/finance/statements/run' },
    'GET /api/school/finance/payouts': { rule: 'view', url: () => '/api/school/finance/payouts' },
    // Nothing is held for Alpha: an allowed caller hears 409, a refused one 403.
    'POST /api/school/finance/payouts': { rule: 'manage', url: () => '/api/school/finance/payouts' },
    'GET /api/school/my-finance/accounts': { rule: 'guardian', url: () => '/api/school/my-finance/accounts' },
    'GET /api/school/my-finance/accounts/:accountId/statement': {
      rule: 'guardian',
      url: () => `/api/school/my-finance/accounts/${id.account}/statement`,
    },
    'GET /api/school/my-finance/accounts/:accountId/statement.pdf': {
      rule: 'guardian',
      url: () => `/api/school/my-finance/accounts/${id.account}/statement.pdf`,
    },
    'POST /api/school/my-finance/accounts/:accountId/pay': {
      rule: 'guardian',
      url: () => `/api/school/my-finance/accounts/${id.account}/pay`,
      payload: () => ({ amountCents: 100_00 }),
    },
    'GET /api/school/my-finance/payments/:orderId': {
      rule: 'guardian',
      url: () => `/api/school/my-finance/payments/${id.order}`,
    },
    'GET /api/school/my-finance/receipts/:paymentId': {
      rule: 'guardian',
      url: () => `/api/school/my-finance/receipts/${id.payment}`,
    },
    'GET /api/school/finance/exemption-applications': {
      rule: 'view',
      url: () => '/api/school/finance/exemption-applications?status=all',
    },
    // The first allowed caller declines it; the next hear 409.
    'POST /api/school/finance/exemption-applications/:applicationId/decision': {
      rule: 'manage',
      url: () => `/api/school/finance/exemption-applications/${id.application}/decision`,
      payload: () => ({ decision: 'declined', reason: 'Income above the threshold.' }),
    },
    'GET /api/school/finance/exemption-applications/:applicationId/documents/:uploadId': {
      rule: 'view',
      url: () => `/api/school/finance/exemption-applications/${id.application}/documents/${id.document}`,
    },
    'POST /api/school/finance/learners/:learnerId/automatic-exemptions': {
      rule: 'manage',
      url: () => `/api/school/finance/learners/${id.learner}/automatic-exemptions`,
      payload: () => ({ year: 2031, category: 'social_grant', documentIds: [id.proof] }),
    },
    'GET /api/school/my-finance/exemptions': { rule: 'guardian', url: () => '/api/school/my-finance/exemptions' },
    // Callers who are not the learner's guardian hear 400 (choose one of your own children).
    'POST /api/school/my-finance/exemptions': {
      rule: 'guardian',
      url: () => '/api/school/my-finance/exemptions',
      payload: () => ({
        learnerId: alpha.learners.middle.id,
        year: 2026,
        requestedExtent: 'full',
        annualIncomeCents: 0,
        dependants: 1,
        documentIds: [id.document],
      }),
    },
    'GET /api/school/finance/invoices/:invoiceId/invoice.pdf': {
      rule: 'view',
      url: () => `/api/school/finance/invoices/${id.invoice}/invoice.pdf`,
    },
    'GET /api/school/my-finance/invoices/:invoiceId/invoice.pdf': {
      rule: 'guardian',
      url: () => `/api/school/my-finance/invoices/${id.invoice}/invoice.pdf`,
    },
    'GET /api/school/my-finance/accounts/:accountId/invoices': {
      rule: 'guardian',
      url: () => `/api/school/my-finance/accounts/${id.account}/invoices`,
    },
    'GET /api/school/finance/payouts/:payoutId/statement.pdf': {
      rule: 'view',
      url: () => `/api/school/finance/payouts/${id.payout}/statement.pdf`,
    },
  };

  it('every finance route is in the table', () => {
    const served = routeTable(t.app, '/api/school/').filter((r) => FINANCE_ROUTE.test(r));
    expect({
      missing: served.filter((r) => !(r in ROUTES)),
      extra: Object.keys(ROUTES).filter((r) => !served.includes(r)),
    }).toEqual({ missing: [], extra: [] });
  });

  it('lets exactly the roles of each rule through; outsiders 403, signed out 401', async () => {
    // The matrix at a glance.
    expect(MEMBER_ROLES.filter((r) => allows('manage', r))).toEqual(['school_admin', 'accountant']);
    expect(MEMBER_ROLES.filter((r) => allows('view', r))).toEqual([
      'school_admin',
      'accountant',
      'payroll_admin',
      'school_shop_manager',
    ]);
    expect(MEMBER_ROLES.filter((r) => allows('guardian', r))).toEqual(['parent', 'accountant']);
    const wrong: string[] = [];
    let n = 0;
    for (const [route, c] of Object.entries(ROUTES)) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
      // Deletes and one-off acts run last for the allowed roles, after every refusal has been checked.
      const callers = [
        ...OUTSIDERS.map((r) => `outsider_${r}`),
        ...MEMBER_ROLES.filter((r) => !allows(c.rule, r)),
        ...MEMBER_ROLES.filter((r) => allows(c.rule, r)),
        'signed_out',
      ];
      for (const who of callers) {
        n++;
        const response = await t.app.inject({
          method,
          url: c.url(),
          headers: who === 'signed_out' ? {} : { cookie: cookies[who]! },
          ...(c.payload ? { payload: c.payload(n) } : {}),
        });
        const role = who as TRole;
        const expected =
          who === 'signed_out' ? [401] : who.startsWith('outsider_') || !allows(c.rule, role) ? [403] : null;
        if (expected && !expected.includes(response.statusCode))
          wrong.push(`${route} as ${who}: ${response.statusCode}`);
        // Allowed: anything but a refusal (a second delete of the same thing may say 404 or 409, a parent not the account's guardian 404).
        if (!expected && [401, 403, 500].includes(response.statusCode))
          wrong.push(`${route} as ${who}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("Bravo's admin, accountant and parent reach nothing of Alpha by id", async () => {
    const wrong: string[] = [];
    for (const [route, c] of Object.entries(ROUTES)) {
      if (
        !/:[a-zA-Z]+Id/.test(route) &&
        !route.endsWith('/payments') &&
        route !== 'PUT /api/school/finance/learners/:learnerId/options'
      )
        continue;
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
      for (const who of ['admin', 'accountant', 'parent'] as const) {
        if (!allows(c.rule, who === 'admin' ? 'school_admin' : who)) continue;
        if (route === 'GET /api/school/finance/payments') continue;
        const response = await t.app.inject({
          method,
          url: c.url(),
          headers: { cookie: bravo.cookies[who] },
          ...(c.payload ? { payload: c.payload(999) } : {}),
        });
        const expected = route === 'POST /api/school/finance/payments' ? 400 : 404;
        if (response.statusCode !== expected)
          wrong.push(`${route} as Bravo ${who}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("Bravo's lists and exports hold nothing of Alpha", async () => {
    const lists = [
      '/api/school/finance/structures?year=2026',
      '/api/school/finance/accounts',
      '/api/school/finance/invoices',
      '/api/school/finance/invoice-runs',
      '/api/school/finance/payments',
      '/api/school/finance/age-analysis',
      '/api/school/finance/age-analysis.csv',
      '/api/school/finance/exports/transactions.csv',
      '/api/school/finance/exports/journal.csv',
      '/api/school/finance/dashboard',
      '/api/school/finance/payouts',
      '/api/school/finance/exemption-applications?status=all',
    ];
    const wrong: string[] = [];
    for (const url of lists) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: bravo.cookies.accountant } });
      if (response.statusCode !== 200) wrong.push(`${url}: ${response.statusCode}`);
      if (/alpha/i.test(response.body)) wrong.push(`${url} names Alpha`);
      for (const alphaId of Object.values(id))
        if (response.body.includes(alphaId)) wrong.push(`${url} holds Alpha's id ${alphaId}`);
    }
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/school/my-finance/accounts',
      headers: { cookie: bravo.cookies.parent },
    });
    expect(mine.body).toMatch(/Bravo/);
    if (/alpha/i.test(mine.body)) wrong.push('the Bravo parent sees Alpha');
    const myExemptions = await t.app.inject({
      method: 'GET',
      url: '/api/school/my-finance/exemptions',
      headers: { cookie: bravo.cookies.parent },
    });
    if (/alpha/i.test(myExemptions.body) || myExemptions.body.includes(id.application!))
      wrong.push('the Bravo parent sees Alpha’s exemptions');
    expect(wrong).toEqual([]);
  });
});
