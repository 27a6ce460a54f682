import { expect, test } from '@playwright/test';
import { dayOfWeek, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

const COACH = 'coach@demo-school.sekolo.test';
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * Extramural activities (D25), end to end: the demo coach adds an activity that meets today, the
 * demo learner finds it on their Extramurals page and signs up, and the coach opens today's
 * session on their register and marks the learner present. The activity's name is the run's own,
 * so the spec passes on a retry too.
 */
test('a learner signs up for an activity and the coach marks them present', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const run = Math.random().toString(36).slice(2, 7);
  const name = `Orienteering ${run}`;
  const today = WEEKDAYS[dayOfWeek(todayInSouthAfrica())]!;

  // The coach adds the activity from the school's Extramurals page.
  await signIn(page, COACH, DEMO_PASSWORD);
  await page.goto('/dashboard/school');
  await page.getByRole('navigation').getByRole('link', { name: 'Extramurals' }).click();
  await page.waitForURL('**/dashboard/school/activities');
  await expect(page.getByRole('heading', { name: 'Extramurals', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('list', { name: 'Activities' })).toContainText('Rugby u/14');
  await page.getByRole('button', { name: 'Add activity' }).click();
  const form = page.getByRole('form', { name: 'New activity' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Coach').selectOption({ label: 'Bongani Khumalo (Coach)' });
  await form.getByLabel('Venue').fill('Sports Field');
  await form.getByLabel('Places').fill('12');
  await form.getByLabel(today, { exact: true }).check();
  await form.getByLabel(`${today} starts`).fill('14:30');
  await form.getByLabel(`${today} ends`).fill('16:00');
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Add activity' }).click();
  const listed = page.getByRole('list', { name: 'Activities' }).getByRole('listitem').filter({ hasText: name });
  await expect(listed).toContainText('0 of 12 places taken');
  await expect(listed).toContainText('Free');

  // The learner signs up on their Extramurals page.
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await signIn(learner, DEMO.learner, DEMO_PASSWORD);
  await learner.goto('/dashboard/student');
  await learner.getByRole('navigation').getByRole('link', { name: 'Extramurals' }).click();
  await learner.waitForURL('**/dashboard/student/extramurals');
  await expect(learner.getByRole('heading', { name: 'Extramurals', level: 1 })).toBeVisible({ timeout: 20_000 });
  const card = learner.getByRole('list', { name: 'Kabelo Mokoena: open to join' }).getByRole('listitem', { name });
  await expect(card).toContainText(`${today.slice(0, 3)} 14:30–16:00 · Sports Field`);
  await card.getByRole('button', { name: `Sign up Kabelo Mokoena for ${name}` }).click();
  await expect(learner.getByText(`Kabelo Mokoena is signed up for ${name}.`)).toBeVisible();
  const joined = learner.getByRole('list', { name: 'Kabelo Mokoena: signed up' }).getByRole('listitem', { name });
  await expect(joined).toContainText('Signed up');
  await expectNoSeriousA11yViolations(learner);
  await learnerContext.close();

  // The coach opens today's session on a phone and marks the learner present.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/school/activities/today');
  await expect(page.getByRole('heading', { name: 'Today’s sessions', level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { name: `${name} register`, level: 1 })).toBeVisible();
  const row = page.getByRole('group', { name: /Kabelo Mokoena/ });
  await row.getByText('Present', { exact: true }).click();
  await expect(page.getByText('Everyone is marked.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save register' }).click();
  await expect(page.getByText('Register saved.')).toBeVisible();

  // The activity's page counts it.
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const member = page.getByRole('row', { name: /Kabelo Mokoena/ });
  await expect(member.getByRole('cell').nth(2)).toHaveText('1');
  await expect(page.getByRole('list', { name: 'Sessions' })).toContainText('1 present, 0 absent, 0 excused');
});
