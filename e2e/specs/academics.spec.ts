import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

/** Pastes `text` into the focused element the way a spreadsheet's copy arrives (text/plain). */
async function pasteText(page: Page, text: string) {
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

/** The gradebook's cell of a task for a learner (its input is labelled "<task>, <learner>"). */
const cell = (page: Page, task: string, learner: string) => page.getByRole('textbox', { name: `${task}, ${learner}` });

test.describe('academics: the gradebook', () => {
  test('the demo teacher fills 8A English’s term 4 by keyboard and by paste, and releases the marks', async ({
    page,
  }) => {
    test.slow(); // a sign-in, autosaves, a reload, axe
    await signIn(page, DEMO.teacher, DEMO_PASSWORD);
    await page.goto('/dashboard/school/grades');
    await expect(page.getByRole('heading', { name: 'Gradebook', level: 1 })).toBeVisible();
    await page.getByLabel('Subject class').selectOption({ label: '8A English (Grade 8, 8 learners)' });
    await page.getByLabel('Year').selectOption('2026');
    await page.getByLabel('Term').selectOption('4');

    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: /Test 3/ })).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveCount(8);

    // Keyboard: type, Enter goes down a row, the arrows move across; AB and EX are marks too.
    await cell(page, 'Test 3', 'Karabo Khumalo').click();
    await page.keyboard.type('40');
    await page.keyboard.press('Enter');
    await expect(cell(page, 'Test 3', 'Pieter Khumalo')).toBeFocused();
    await page.keyboard.type('ab');
    await page.keyboard.press('Enter');
    await page.keyboard.type('35,5');
    await page.keyboard.press('ArrowUp');
    await expect(cell(page, 'Test 3', 'Pieter Khumalo')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(cell(page, 'November examination', 'Pieter Khumalo')).toBeFocused();
    await page.keyboard.type('EX');

    // A mark above the task's total is named and not saved.
    await cell(page, 'Test 3', 'Kabelo Mokoena').fill('51');
    await expect(cell(page, 'Test 3', 'Kabelo Mokoena')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('gradebook-save-state')).toContainText('1 cell is not a mark');
    await cell(page, 'Test 3', 'Kabelo Mokoena').fill('');

    // Paste: a block from a spreadsheet fills from the focused cell, two tasks across.
    await cell(page, 'Test 3', 'Kabelo Mokoena').focus();
    await pasteText(page, '45\t120\r\n30\t90\r\n25\t100\r\n');
    await expect(cell(page, 'Test 3', 'Kabelo Mokoena')).toHaveValue('45');
    await expect(cell(page, 'November examination', 'Kabelo Mokoena')).toHaveValue('120');
    await expect(cell(page, 'Test 3', 'Thandiwe Naidoo')).toHaveValue('30');
    await expect(cell(page, 'November examination', 'Johan Ndlovu')).toHaveValue('100');

    await expect(page.getByTestId('gradebook-save-state')).toHaveText('All marks saved', { timeout: 15_000 });
    // Karabo's term mark and level: 40 of 50 in the term's one SBA task.
    const karabo = table.getByRole('row', { name: /Khumalo, Karabo/ });
    await expect(karabo.getByRole('cell').nth(2)).toHaveText(/%$/);
    await expect(karabo).toContainText('(Outstanding achievement)');

    // The marks are stored: a reload shows them, the comma kept.
    await page.reload();
    await expect(cell(page, 'Test 3', 'Ayesha Mokoena')).toHaveValue('35,5');
    await expect(cell(page, 'Test 3', 'Pieter Khumalo')).toHaveValue('AB');
    await expect(cell(page, 'November examination', 'Pieter Khumalo')).toHaveValue('EX');
    await expect(cell(page, 'November examination', 'Kabelo Mokoena')).toHaveValue('120');
    await expectNoSeriousA11yViolations(page);

    // Release, then a change asks for its reason.
    await page.getByRole('button', { name: 'Release marks' }).click();
    await page.getByRole('button', { name: 'Release', exact: true }).click();
    await expect(page.getByText(/^Released to learners and parents on /)).toBeVisible();
    await cell(page, 'Test 3', 'Karabo Khumalo').fill('42');
    await expect(page.getByTestId('gradebook-save-state')).toHaveText('Changes not saved: give a reason and save');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The marks are released: give the reason for the change.')).toBeVisible();
    await page.getByLabel('Reason for changing released marks').fill('Remarked question 4 after moderation.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('gradebook-save-state')).toHaveText('All marks saved');
    await page.reload();
    await expect(cell(page, 'Test 3', 'Karabo Khumalo')).toHaveValue('42');
  });

  test('on a phone 375 px wide the grid scrolls sideways with the learner names in sight', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, DEMO.teacher, DEMO_PASSWORD);
    await page.goto('/dashboard/school/grades');
    await page.getByLabel('Subject class').selectOption({ label: '8A English (Grade 8, 8 learners)' });
    await page.getByLabel('Term').selectOption('4');
    await expect(page.getByRole('rowheader').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const name = page.getByRole('rowheader').first();
    const before = await name.boundingBox();
    await page.getByRole('table').evaluate((table) => {
      table.parentElement!.scrollLeft = 400;
    });
    const after = await name.boundingBox();
    expect(after?.x).toBe(before?.x);
  });
});
