import { expect, test, type Page } from '@playwright/test';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { waitForMail } from '../fixtures/outbox';

/**
 * School fees end to end on the demo school: its accountant sets up next year's fees for Grade 8
 * and copies this year's for the other grades, runs the invoices (twice: the second run adds
 * nothing), records an EFT payment and pays in a deposit from an imported bank statement; the
 * demo parent (Kabelo Mokoena's, who pays his fees) sees the statement and pays online in the
 * sandbox, and the balance and the debtors list follow every step.
 *
 * Its year is the spec's own: the first year after this one with no fees yet (next year on a fresh
 * server; the year after on a retry against the same server, whose first attempt set next year up).
 * The demo data and other specs work in this year. The steps share one account, so they run in order.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const ACCOUNTANT = 'accountant@demo-school.sekolo.test';
const THIS_YEAR = Number(todayInSouthAfrica().slice(0, 4));
/** Set by the first step: the first year after this one without fee structures. */
let YEAR = THIS_YEAR + 1;
const TODAY = todayInSouthAfrica();
/** A one-page PDF the uploads module recognises by its bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** '2026-12-02' → '02/12/2026', as the finance pages print days. */
const shortDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** 'R25 200,00' → 2520000; 'R50,00 credit' → -5000. */
function centsOf(text: string): number {
  const match = /(-?)R([\d ]+),(\d{2})( credit)?/.exec(text);
  if (!match) throw new Error(`No amount in "${text}"`);
  const cents = Number(match[2]!.replace(/ /g, '')) * 100 + Number(match[3]);
  return match[1] || match[4] ? -cents : cents;
}
const zar = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}R${String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${String(abs % 100).padStart(2, '0')}`;
};

function financeNav(page: Page) {
  return page.getByRole('navigation', { name: 'Finance' });
}

/** Opens a finance page from the finance menu, once its heading shows (the pages load as they are opened). */
async function openFinancePage(page: Page, link: string, heading = link) {
  await financeNav(page).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/**
 * The total the age analysis shows for the demo parent's family (what has fallen due unpaid): 0
 * when the family is not listed, which is what the list says of a family that owes nothing
 * overdue (its payments can clear what has fallen due). Read once the list has loaded: its
 * caption, or its empty state for a grade where nobody owes.
 */
async function debtorTotal(page: Page): Promise<number> {
  await page.goto('/dashboard/school/finance/debtors?grade=8');
  const table = page.getByTestId('age-analysis');
  await expect(table.or(page.getByText('No unpaid fees have fallen due in Grade 8'))).toBeVisible({ timeout: 15_000 });
  // One page holds the demo school's Grade 8 families: the family is on it when it owes.
  await expect(page.getByRole('navigation', { name: 'Pages of the age analysis' })).toHaveCount(0);
  const row = table.getByRole('row', { name: /Lindiwe Mokoena/ });
  if ((await row.count()) === 0) return 0;
  return centsOf(await row.getByRole('cell').last().innerText());
}

let accountant: Page;
let accountPath = '';
let balanceAfterSchool = 0;
let debtorsAfterSchool = 0;

test.afterAll(async () => {
  await accountant?.context().close();
});

test('the accountant sets up a structure, runs invoices, records an EFT payment and matches a bank statement', async ({
  browser,
  request,
}) => {
  await test.step('the accountant signs in and opens Finance', async () => {
    accountant = await (await browser.newContext()).newPage();
    await signIn(accountant, ACCOUNTANT, DEMO_PASSWORD);
    await accountant.goto('/dashboard');
    await accountant.waitForURL('**/dashboard/school');
    await accountant.getByRole('navigation', { name: 'School' }).getByRole('link', { name: 'Finance' }).click();
    await expect(accountant.getByRole('heading', { name: 'Finance', level: 1 })).toBeVisible();
    await expect(accountant.getByTestId('kpi-billed')).toHaveText(/^R[\d ]+,\d{2}$/);
    await expect(
      accountant.getByRole('img', { name: /^Bar chart of fees billed and collected per month/ }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(accountant);
    const answer = await accountant.request.get(`/api/school/finance/structures?year=${THIS_YEAR}`);
    expect(answer.ok()).toBe(true);
    const withFees: number[] = (await answer.json()).years;
    while (withFees.includes(YEAR)) YEAR++;
  });

  await test.step(`a new year's Grade 8 fees: tuition per term and a levy once`, async () => {
    await openFinancePage(accountant, 'Fee structures');
    await accountant.getByLabel('Year', { exact: true }).selectOption(String(YEAR));
    await expect(accountant.getByText(`No fee structures for ${YEAR} yet`)).toBeVisible();
    await accountant.getByRole('button', { name: 'Add a grade’s fees' }).click();
    const form = accountant.getByRole('form', { name: 'Add a grade’s fees' });
    await form.getByLabel('Grade').selectOption({ label: 'Grade 8' });
    // An amount that is no amount is refused with the server's own message, on its field.
    await form.getByLabel('Item', { exact: true }).fill('Tuition');
    await form.getByLabel('Year’s amount (R)').fill('lots');
    await form.getByRole('button', { name: 'Save fees' }).click();
    await expect(form.getByText('Enter an amount of at least R0,01.')).toBeVisible();
    await form.getByLabel('Year’s amount (R)').fill('24 000');
    await form.getByLabel('Instalments').selectOption({ label: 'Per term (4)' });
    await expect(form.getByText('4 × about R6 000,00')).toBeVisible();
    await form.getByRole('button', { name: 'Add an item' }).click();
    await form.getByLabel('Item', { exact: true }).nth(1).fill('Sports levy');
    await form.getByLabel('Kind').nth(1).selectOption({ label: 'Levy' });
    await form.getByLabel('Year’s amount (R)').nth(1).fill('1 200');
    await form.getByLabel('Instalments').nth(1).selectOption({ label: 'Once a year' });
    await form.getByRole('button', { name: 'Save fees' }).click();
    await expect(accountant.getByText(`The fees of Grade 8 for ${YEAR} are saved.`)).toBeVisible();
    const card = accountant.getByRole('region', { name: 'Grade 8' });
    await expect(card).toContainText('Compulsory fees for the year: R25 200,00');
    await expect(card.getByRole('row', { name: /Tuition/ })).toContainText('R6 000,00 each');
    await expectNoSeriousA11yViolations(accountant);
  });

  await test.step('the other grades start from this year’s fees; Grade 8 keeps its own', async () => {
    const copy = accountant.getByRole('form', { name: 'Copy another year’s fees' });
    await expect(copy.getByLabel('Copy from')).toHaveValue(String(YEAR - 1));
    await copy.getByLabel('Increase (%)').fill('6,5');
    await copy.getByRole('button', { name: `Copy to ${YEAR}` }).click();
    await expect(accountant.getByText(`12 grades’ fees copied to ${YEAR}; Grade 8 already had fees.`)).toBeVisible();
    await expect(accountant.getByRole('region', { name: 'Grade 9' })).toBeVisible();
    await expect(accountant.getByRole('region', { name: 'Grade 8' })).toContainText(
      'Compulsory fees for the year: R25 200,00',
    );
    // Every grade has fees now: nothing is left to add or copy.
    await expect(accountant.getByRole('button', { name: 'Add a grade’s fees' })).toBeHidden();
  });

  await test.step('the invoice run bills Grade 8 for the year, once however often it runs', async () => {
    await openFinancePage(accountant, 'Invoice run');
    const form = accountant.getByRole('form', { name: 'Start an invoice run' });
    await form.getByLabel('Year').selectOption(String(YEAR));
    await form.getByLabel('Grades').selectOption({ label: 'Grade 8' });
    await form.getByRole('button', { name: 'Start the invoice run' }).click();
    const status = accountant.getByTestId('invoice-run-status');
    await expect(status).toHaveText(/^Done\. \d+ invoices? created for \d+ learners?, R[\d ]+,\d{2} in all\.$/, {
      timeout: 30_000,
    });
    await expect(accountant.getByRole('progressbar', { name: 'Learners invoiced' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(accountant.getByTestId('invoice-run')).toContainText(`${YEAR}, the whole year, Grade 8`);
    await expectNoSeriousA11yViolations(accountant);
    // Again: nothing new.
    await form.getByRole('button', { name: 'Start the invoice run' }).click();
    await expect(status).toHaveText(
      /^Done\. No new invoices: every learner \(\d+\) was already invoiced for this period\.$/,
      {
        timeout: 30_000,
      },
    );
  });

  const debtorsBefore = await debtorTotal(accountant);
  let balance = 0;
  await test.step('Kabelo’s family account owes the year’s fees; the accountant records an EFT', async () => {
    await openFinancePage(accountant, 'Family accounts');
    await accountant.getByRole('searchbox', { name: 'Search accounts' }).fill('DHS-0001');
    const table = accountant.getByTestId('accounts-table');
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('link', { name: 'Lindiwe Mokoena' }).click();
    await expect(accountant.getByRole('heading', { name: 'Lindiwe Mokoena', level: 1 })).toBeVisible();
    accountPath = new URL(accountant.url()).pathname;
    await expect(accountant.getByText(/Kabelo Mokoena \(Grade 8, admission no\. DHS-0001\)/)).toBeVisible();
    const statement = accountant.getByTestId('statement');
    // One invoice per due date: the levy comes with the first term's tuition.
    await expect(
      statement.getByRole('row', {
        name: new RegExp(`Sports levy, Tuition \\(1 of 4\\) for Kabelo Mokoena, due \\d\\d/\\d\\d/${YEAR}`),
      }),
    ).toContainText('R7 200,00');
    await expect(
      statement.getByRole('row', {
        name: new RegExp(`Tuition \\(4 of 4\\) for Kabelo Mokoena, due \\d\\d/\\d\\d/${YEAR}`),
      }),
    ).toContainText('R6 000,00');
    balance = centsOf(await accountant.getByTestId('account-balance').innerText());
    expect(balance).toBeGreaterThanOrEqual(2_520_000);
    await expect(accountant.getByTestId('closing-balance')).toHaveText(zar(balance));

    await accountant.getByRole('button', { name: 'Record a payment' }).click();
    const form = accountant.getByRole('form', { name: 'Record a payment' });
    await expect(form.getByLabel('Method')).toHaveValue('eft');
    await form.getByLabel('Amount (R)').fill('1 000');
    await form.getByLabel('Received on').fill(TODAY);
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(form.getByText('Enter the payment reference.')).toBeVisible();
    await form.getByLabel('Reference').fill('MOKOENA DHS-0001 FEES');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(accountant.getByText(/^Payment of R1 000,00 recorded, receipt /)).toBeVisible();
    balance -= 100_000;
    await expect(accountant.getByTestId('account-balance')).toHaveText(zar(balance));
    await expect(accountant.getByTestId('account-payments')).toContainText('MOKOENA DHS-0001 FEES');
    // Kabelo's own fees: optional items, the start day, bursaries and exemptions.
    await accountant.getByText('Kabelo Mokoena (Grade 8): optional items, bursaries and exemptions').click();
    await expect(accountant.getByRole('heading', { name: 'Bursaries', level: 3 })).toBeVisible();
    await accountant.getByRole('button', { name: 'Add a bursary' }).click();
    await expect(accountant.getByRole('form', { name: 'Add a bursary for Kabelo Mokoena' })).toBeVisible();
    // A refused exemption application, with the parent's application attached: on record, audited, no money moves.
    await accountant.getByRole('button', { name: 'Record an exemption decision' }).click();
    const exemption = accountant.getByRole('form', { name: 'Record an exemption decision for Kabelo Mokoena' });
    await exemption.getByLabel('Category').selectOption({ label: 'Income below the threshold (means test)' });
    await exemption.getByLabel('Decision', { exact: true }).selectOption('refused');
    await exemption.getByLabel('Supporting document').setInputFiles({
      name: 'exemption-application.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect(exemption.getByText('exemption-application.pdf')).toBeVisible();
    await expectNoSeriousA11yViolations(accountant);
    await exemption.getByRole('button', { name: 'Record decision' }).click();
    await expect(exemption.getByText('Enter the reason.')).toBeVisible();
    await exemption
      .getByLabel('The governing body’s decision')
      .fill('SGB meeting of 28 November: household income above the threshold.');
    await exemption.getByRole('button', { name: 'Record decision' }).click();
    await expect(accountant.getByText('The exemption decision for Kabelo Mokoena is recorded.')).toBeVisible();
    await expect(accountant.getByText(/SGB meeting of 28 November.*1 supporting document/)).toBeVisible();
    await expect(accountant.getByTestId('account-balance')).toHaveText(zar(balance));
  });

  await test.step('a bank statement deposit is matched by the admission number and confirmed', async () => {
    await openFinancePage(accountant, 'Bank statement');
    const token = Math.random().toString(36).slice(2, 8).toUpperCase();
    const csv = [
      'Date,Description,Amount',
      `${TODAY},DEPOSIT DHS-0001 ${token},500.00`,
      `${TODAY},CASH DEPOSIT ${token},120.00`,
      `${TODAY},BANK CHARGES,-35.00`,
    ].join('\n');
    await accountant.getByLabel('Bank statement (CSV)').setInputFiles({
      name: 'statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await accountant.getByRole('button', { name: 'Import', exact: true }).click();
    const lines = accountant.getByTestId('bank-line');
    await expect(lines).toHaveCount(2);
    await expect(accountant.getByTestId('bank-lines-waiting')).toHaveText('2 of 2 lines to confirm or ignore.');
    const deposit = lines.filter({ hasText: token }).filter({ hasText: 'R500,00' });
    await expect(deposit).toContainText('Proposed: Lindiwe Mokoena');
    await expect(deposit).toContainText('(by admission number)');
    await expectNoSeriousA11yViolations(accountant);
    await deposit.getByRole('button', { name: `Confirm R500,00 on ${shortDate(TODAY)} to Lindiwe Mokoena` }).click();
    await expect(accountant.getByText(/^R500,00 paid in to Lindiwe Mokoena, receipt /)).toBeVisible();
    await expect(deposit).toContainText('Paid in');
    const cash = lines.filter({ hasText: 'R120,00' });
    await expect(cash).toContainText('No match');
    await cash.getByRole('button', { name: `Ignore R120,00 on ${shortDate(TODAY)}` }).click();
    await expect(cash).toContainText('Ignored');
    await expect(accountant.getByTestId('bank-lines-waiting')).toHaveText('Every line is dealt with.');
    balance -= 50_000;

    await accountant.goto(accountPath);
    await expect(accountant.getByTestId('account-balance')).toHaveText(zar(balance));
    balanceAfterSchool = balance;
  });

  await test.step('the debtors list and the overview follow the payments', async () => {
    // Paid oldest first: the R1 500 went to what had fallen due.
    debtorsAfterSchool = await debtorTotal(accountant);
    expect(debtorsAfterSchool).toBe(Math.max(0, debtorsBefore - 150_000));
    await expectNoSeriousA11yViolations(accountant);
    // The list is paged (the largest debt first); a page past the last says so and leads back.
    await accountant.goto('/dashboard/school/finance/debtors?page=999');
    await expect(accountant.getByText('There is no page 999')).toBeVisible();
    await accountant.getByRole('button', { name: 'Go to the first page' }).click();
    await expect(accountant.getByTestId('age-analysis')).toBeVisible();
    await expect(accountant.getByText(/^\d+ famil(y owes|ies owe); the totals are over all of them\.$/)).toBeVisible();
    expect(new URL(accountant.url()).searchParams.get('page')).toBeNull();
    await accountant.goto('/dashboard/school/finance/debtors');
    // Families with fees past due are reminded by e-mail, through the job queue.
    await accountant.getByRole('button', { name: 'Send reminders now' }).click();
    await expect(accountant.getByText(/^\d+ reminders? (is|are) being sent\.$/)).toBeVisible();
    const reminder = await waitForMail(request, DEMO.parent, (m) => m.tag === 'fee-reminder', 20_000);
    expect(reminder.text).toContain('is past its due date');
    await openFinancePage(accountant, 'Overview', 'Finance');
    await expect(accountant.getByTestId('recent-payments')).toContainText('Lindiwe Mokoena');
    await accountant.getByText('Show the figures').click();
    await expect(accountant.getByRole('table', { name: /Billed and collected per month/ })).toBeVisible();
  });

  await test.step('at 375 px the account page fits the screen', async () => {
    await accountant.setViewportSize({ width: 375, height: 800 });
    await accountant.goto(accountPath);
    await expect(accountant.getByTestId('account-balance')).toBeVisible();
    const overflow = await accountant.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(accountant);
  });
});

test('the parent sees the statement and pays online in the sandbox; the balance follows', async ({ page }) => {
  expect(balanceAfterSchool, 'the school’s steps ran first').toBeGreaterThan(0);
  await signIn(page, DEMO.parent, DEMO_PASSWORD);
  await page.goto('/dashboard/parent');
  const account = page.getByTestId('my-fee-account');
  await expect(account).toContainText('Demo High School');
  await expect(account.getByTestId('my-fee-balance')).toHaveText(zar(balanceAfterSchool));
  await expectNoSeriousA11yViolations(page);

  await account.getByRole('link', { name: 'View statement' }).click();
  await expect(page.getByRole('heading', { name: 'School fees statement', level: 1 })).toBeVisible();
  await expect(page.getByTestId('statement')).toContainText('R500,00');
  await expect(page.getByTestId('closing-balance')).toHaveText(zar(balanceAfterSchool));
  await expect(page.getByRole('link', { name: 'Statement PDF' })).toHaveAttribute('href', /statement\.pdf$/);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Pay now' }).click();
  const form = page.getByRole('form', { name: /^Pay towards account / });
  await form.getByLabel('Amount towards the account (R)').fill('1 000');
  // Spec 9, before paying: the parent pays R1 068,00, the school receives R950,00.
  await expect(form.getByTestId('pay-fee')).toHaveText('R68,00');
  await expect(form.getByTestId('pay-total')).toHaveText('R1 068,00');
  await expect(form.getByTestId('pay-school-receives')).toHaveText('R950,00');
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Pay R1 068,00' }).click();

  await page.waitForURL('**/payments/sandbox/**');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Lindiwe Mokoena');
  await page.getByRole('button', { name: 'Pay R1 068,00' }).click();

  await page.waitForURL('**/dashboard/parent/finance?order=*');
  await expect(page.getByTestId('payment-return')).toContainText('Payment received', { timeout: 20_000 });
  await expect(page.getByTestId('payment-return')).toContainText('R1 000,00 is on your account (you paid R1 068,00)');
  await expect(page.getByTestId('my-fee-balance')).toHaveText(zar(balanceAfterSchool - 100_000));
  await expectNoSeriousA11yViolations(page);

  // The school sees the online payment on the account.
  await accountant.goto(accountPath);
  await expect(accountant.getByTestId('account-balance')).toHaveText(zar(balanceAfterSchool - 100_000));
  await expect(accountant.getByTestId('account-payments')).toContainText('Online');
  expect(await debtorTotal(accountant)).toBe(Math.max(0, debtorsAfterSchool - 100_000));

  // The school receives the fee less 5 %: at least the R950,00 of this payment is held for it,
  // and paid out at once on request for R12.
  await openFinancePage(accountant, 'Payouts');
  const available = centsOf(await accountant.getByTestId('payout-available').innerText());
  expect(available).toBeGreaterThanOrEqual(95_000);
  await accountant.getByRole('button', { name: 'Pay out now' }).click();
  await expect(accountant.getByText(`Pay out ${zar(available)} now? The R12,00 fee comes off it`)).toBeVisible();
  await expectNoSeriousA11yViolations(accountant);
  await accountant.getByRole('button', { name: 'Pay out', exact: true }).click();
  await expect(accountant.getByText('The payout is on its way to the school’s bank account.')).toBeVisible();
  await expect(accountant.getByTestId('payout-available')).toHaveText('R0,00');
  await expect(accountant.getByTestId('payouts').getByRole('row').nth(1)).toContainText(zar(available - 1_200));
});

test('the parent applies for a fee exemption with a document, the accountant grants it, the balance drops; the parent downloads an invoice PDF', async ({
  page,
}) => {
  await signIn(page, DEMO.parent, DEMO_PASSWORD);
  await page.goto('/dashboard/parent/finance');
  const balanceBefore = centsOf(await page.getByTestId('my-fee-balance').first().innerText());

  await test.step('the parent applies for a partial exemption for Kabelo, with a payslip', async () => {
    await page.getByRole('button', { name: 'Apply for a fee exemption' }).click();
    const form = page.getByRole('form', { name: 'Apply for a fee exemption' });
    await form.getByLabel('Child').selectOption({ label: 'Kabelo Mokoena' });
    await form.getByLabel('Exemption asked for').selectOption('partial');
    await form.getByRole('button', { name: 'Send application' }).click();
    // The same schema as the server's: a document is required.
    await expect(form.getByText('Attach at least one supporting document')).toBeVisible();
    await form.getByLabel('Combined yearly income of the parents (R)').fill('96 000');
    await form.getByLabel('Number of dependants').fill('3');
    await form
      .getByLabel('Supporting document')
      .setInputFiles({ name: 'payslip.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(form.getByText('payslip.pdf')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect(page.getByText('Your application was sent to the school.')).toBeVisible();
    await expect(page.getByTestId('my-exemption-application').filter({ hasText: 'Kabelo Mokoena' })).toContainText(
      'Waiting for the school',
    );
  });

  await test.step('the accountant reads the application and grants 10 %', async () => {
    await accountant.goto('/dashboard/school/finance');
    await openFinancePage(accountant, 'Exemptions', 'Fee exemptions');
    const card = accountant.getByTestId('exemption-application').filter({ hasText: 'Kabelo Mokoena' });
    await expect(card).toContainText('R96 000,00');
    await expect(card.getByRole('link', { name: 'payslip.pdf' })).toBeVisible();
    const file = await accountant.request.get(
      (await card.getByRole('link', { name: 'payslip.pdf' }).getAttribute('href'))!,
    );
    expect(file.status()).toBe(200);
    await card.getByRole('button', { name: 'Decide on Kabelo Mokoena’s application' }).click();
    const decision = card.getByRole('form', { name: 'Decision on Kabelo Mokoena’s application' });
    await decision.getByLabel('Extent').selectOption('partial');
    await decision.getByLabel('Share exempted (%)').fill('10');
    await decision.getByLabel('Reason').fill('SGB finance committee, 3 December: 10 % of this year’s fees.');
    await expectNoSeriousA11yViolations(accountant);
    await decision.getByRole('button', { name: 'Record decision' }).click();
    await expect(accountant.getByText('Exemption granted; the parent was told.')).toBeVisible();
  });

  await test.step('the parent sees the decision and a lower balance, and downloads an invoice', async () => {
    await page.reload();
    await expect(page.getByTestId('my-exemption-application').filter({ hasText: 'Kabelo Mokoena' })).toContainText(
      'Granted',
    );
    const balanceAfter = centsOf(await page.getByTestId('my-fee-balance').first().innerText());
    expect(balanceAfter).toBeLessThan(balanceBefore);
    await page.getByRole('link', { name: 'View statement' }).first().click();
    await expect(page.getByRole('heading', { name: 'School fees statement', level: 1 })).toBeVisible();
    await expect(page.getByTestId('statement')).toContainText('Fee exemption');
    const link = page
      .getByTestId('my-invoices')
      .getByRole('link', { name: /^Download invoice / })
      .first();
    const pdf = await page.request.get((await link.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectNoSeriousA11yViolations(page);
  });
});
