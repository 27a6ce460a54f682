import { expect, test } from '@playwright/test';
import { fromOurPages } from '../fixtures/api';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';

/**
 * Register classes: a class made with the wrong grade is corrected and renamed, and one
 * made by mistake deleted, each asked or shown; a class with learners is not deleted, and says why.
 * The class is this test's own, deleted at the end whatever happens.
 */
test('the admin corrects a class’s grade and name, then deletes it; a class with learners is refused', async ({
  page,
}) => {
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  const mistaken = `10B-${tag}`;
  const corrected = `10C-${tag}`;
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  const created = await page.request.post('/api/school/classes', { headers: fromOurPages(), data: { name: mistaken, grade: '8' } });
  expect(created.status(), await created.text()).toBe(201);
  const classId = ((await created.json()) as { class: { id: string } }).class.id;

  try {
    await page.goto('/dashboard/school/classes');
    const row = page.getByRole('row', { name: new RegExp(mistaken) });
    await expect(row).toContainText('Grade 8');

    // Edit: the name takes the focus; another class's name is refused on the field.
    const edit = page.getByRole('button', { name: `Edit class ${mistaken}`, exact: true });
    await edit.click();
    const form = page.getByRole('form', { name: `Edit class ${mistaken}` });
    await expect(form.getByLabel('Class name')).toBeFocused();
    await form.getByLabel('Class name').fill('8a');
    await form.getByRole('button', { name: 'Save class' }).click();
    await expect(form.getByText('Your school already has a class with this name')).toBeVisible();

    // Grade 10 and its right name; focus goes back to the row's Edit button.
    await form.getByLabel('Class name').fill(corrected);
    await form.getByLabel('Grade').selectOption('10');
    await form.getByRole('button', { name: 'Save class' }).click();
    await expect(page.getByText(`Class ${corrected} saved`)).toBeVisible();
    await expect(form).toHaveCount(0);
    const row2 = page.getByRole('row', { name: new RegExp(corrected) });
    await expect(row2).toContainText('Grade 10');
    await expect(page.getByRole('button', { name: `Edit class ${corrected}`, exact: true })).toBeFocused();

    // A class with learners: asked, then refused with what to do; it stays.
    await page.getByRole('button', { name: 'Delete class 8A', exact: true }).click();
    const refusal = page.getByRole('group', { name: 'Delete class 8A', exact: true });
    await refusal.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText(/^8A still has \d+ learners?\. Move them to another class first/)).toBeVisible();
    await refusal.getByRole('button', { name: 'Keep' }).click();
    await expect(page.getByRole('row', { name: /\b8A\b/ })).toHaveCount(1);

    // The empty class: asked (Keep focused), then deleted.
    await page.getByRole('button', { name: `Delete class ${corrected}`, exact: true }).click();
    const question = page.getByRole('group', { name: `Delete class ${corrected}`, exact: true });
    await expect(question).toContainText(`Delete class ${corrected}? This cannot be undone.`);
    await expect(question.getByRole('button', { name: 'Keep' })).toBeFocused();
    await question.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText(`Class ${corrected} deleted`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(corrected) })).toHaveCount(0);

    // Recent activity on the dashboard.
    await page.goto('/dashboard/school');
    await expect(page.getByText(`Class ${corrected} deleted`)).toBeVisible();
    await expect(page.getByText(`Class ${mistaken} is now ${corrected} in Grade 10`)).toBeVisible();
  } finally {
    await page.request.delete(`/api/school/classes/${classId}`, { headers: fromOurPages() });
  }
});

/** A phone (375 px): each class is a card; its class teacher selector and actions fit the screen. */
test('on a phone the class teacher selector and the class actions fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  await page.goto('/dashboard/school/classes');
  const select = page.getByRole('combobox', { name: 'Class teacher of 8A', exact: true });
  await expect(select).toBeEnabled();
  for (const control of [
    select,
    page.getByRole('button', { name: 'Edit class 8A', exact: true }),
    page.getByRole('button', { name: 'Delete class 8A', exact: true }),
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  // Nothing of the list scrolls sideways.
  const table = page.getByRole('table', { name: 'Register classes' });
  const scrolls = await table.evaluate((element) => {
    const box = element.parentElement!;
    return box.scrollWidth > box.clientWidth;
  });
  expect(scrolls).toBe(false);
});
