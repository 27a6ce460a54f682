import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NEWSLETTER_SUBSCRIBED_MESSAGE, PUBLIC_FORM_MESSAGES } from '@sekolo/shared/schemas/public-forms';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createNewsletterSubscription, uniqueEmail } from '../../test/factories/public-site.ts';
import { newsletterSubscriptions } from '../../platform/db/schema/index.ts';
import { NEWSLETTER_LINK_MESSAGES } from './confirm-newsletter-subscription.ts';

let t: TestApp;
let ipCounter = 0;
/** Each test its own client address, so the per-address limit only bites where a test wants it. */
const freshIp = () => `198.51.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subscribe = (email: string, extra: Record<string, unknown> = {}, remoteAddress = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email, ...extra }, remoteAddress });
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token }, remoteAddress: freshIp() });
const unsubscribe = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token }, remoteAddress: freshIp() });

function linkToken(text: string, path: '/newsletter/confirm' | '/newsletter/unsubscribe') {
  const match = text.match(new RegExp(`http://localhost:3000${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return match[1]!;
}

const row = async (email: string) =>
  (await t.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0];

describe('subscribing to the newsletter', () => {
  it('stores a pending subscription and mails a confirm link and an unsubscribe link', async () => {
    const email = uniqueEmail('new');
    const res = await subscribe(email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: NEWSLETTER_SUBSCRIBED_MESSAGE });

    const [mail, ...others] = await t.outbox(email);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe('Please confirm your Sekolo newsletter subscription');
    const confirmToken = linkToken(mail!.text, '/newsletter/confirm');
    const unsubscribeToken = linkToken(mail!.text, '/newsletter/unsubscribe');
    expect(mail!.html).toContain(`/newsletter/confirm?token=${confirmToken}`);
    expect(mail!.html).toContain(`/newsletter/unsubscribe?token=${unsubscribeToken}`);

    const stored = await row(email);
    expect(stored).toMatchObject({ status: 'pending', source: 'footer', confirmedAt: null });
    // Only hashes are kept: the raw tokens appear nowhere in the row.
    expect(JSON.stringify(stored)).not.toContain(confirmToken);
    expect(JSON.stringify(stored)).not.toContain(unsubscribeToken);
    expect(stored!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stores the address trimmed and lower-cased, so case does not make a second subscription', async () => {
    const email = uniqueEmail('case');
    await subscribe(`  ${email.toUpperCase()} `);
    await subscribe(email);
    const rows = await t.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(rows).toHaveLength(1);
    expect(await t.outbox(email)).toHaveLength(2);
  });

  it('refuses an invalid or empty address with a clear message for the field', async () => {
    const invalid = await subscribe('not-an-email');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: PUBLIC_FORM_MESSAGES.emailInvalid,
      fields: { email: 'Please enter a valid email address' },
    });
    const empty = await subscribe('');
    expect(empty.json().error.fields.email).toBe(PUBLIC_FORM_MESSAGES.emailRequired);
  });

  it('answers an already confirmed address exactly like a new one, without a second mail', async () => {
    const { subscription } = await createNewsletterSubscription(t.database.db, { status: 'confirmed' });
    const res = await subscribe(subscription.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual((await subscribe(uniqueEmail('other'))).json());
    expect(await t.outbox(subscription.email)).toHaveLength(0);
    expect((await row(subscription.email))!.status).toBe('confirmed');
  });

  it('sends fresh links to a pending address and retires the old confirm link', async () => {
    const email = uniqueEmail('again');
    await subscribe(email);
    const firstToken = linkToken((await t.outbox(email))[0]!.text, '/newsletter/confirm');
    await subscribe(email);
    const mails = await t.outbox(email);
    expect(mails).toHaveLength(2);
    const newToken = linkToken(mails[0]!.text, '/newsletter/confirm');
    expect(newToken).not.toBe(firstToken);

    const old = await confirm(firstToken);
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe('NEWSLETTER_LINK_INVALID');
    expect((await confirm(newToken)).statusCode).toBe(200);
  });

  it('sends at most 3 confirmation mails an hour to one address, and still answers the same', async () => {
    const email = uniqueEmail('victim');
    for (let i = 0; i < 5; i++) {
      const res = await subscribe(email);
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toBe(NEWSLETTER_SUBSCRIBED_MESSAGE);
    }
    expect(await t.outbox(email)).toHaveLength(3);
  });

  it('refuses a submission whose honeypot field is filled, storing and sending nothing', async () => {
    const email = uniqueEmail('bot');
    const res = await subscribe(email, { website: 'https://spam.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('SUBMISSION_REJECTED');
    expect(await row(email)).toBeUndefined();
    expect(await t.outbox(email)).toHaveLength(0);
  });

  it('answers 429 with a clear message after 10 requests from one address in 10 minutes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await subscribe(uniqueEmail('burst'), {}, ip)).statusCode).toBe(202);
    const email = uniqueEmail('burst');
    const limited = await subscribe(email, {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.json().error.message).toMatch(
      /^Too many subscription requests from your network\. Please wait \d+ minutes? before trying again\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A sliding window (platform/rate-limits/rate-limit.ts): the rest of this 10 minutes, then the part of the next
    // after which the 11 hits of this one weigh little enough for one more (at most 10 * (1 - 9/11)).
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(Math.ceil(600 * (2 - 9 / 11)));
    expect(await row(email)).toBeUndefined();
    // Another network is not affected.
    expect((await subscribe(email)).statusCode).toBe(202);
  });
});

describe('confirming a subscription', () => {
  it('confirms with the token from the mail, and opening the link again changes nothing', async () => {
    const email = uniqueEmail('confirm');
    await subscribe(email);
    const token = linkToken((await t.outbox(email))[0]!.text, '/newsletter/confirm');

    const first = await confirm(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'confirmed', email, message: 'Your subscription is confirmed.' });
    const confirmedAt = (await row(email))!.confirmedAt;
    expect(confirmedAt).toBeInstanceOf(Date);

    const again = await confirm(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'confirmed', message: 'Your subscription was already confirmed.' });
    expect((await row(email))!.confirmedAt).toEqual(confirmedAt);
  });

  it('refuses an unknown token and an expired one with a message saying what to do', async () => {
    const unknown = await confirm('this-token-was-never-issued');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual({
      code: 'NEWSLETTER_LINK_INVALID',
      message: NEWSLETTER_LINK_MESSAGES.confirmUnknown,
    });

    const { subscription, confirmToken } = await createNewsletterSubscription(t.database.db, {
      confirmTokenExpiresAt: new Date(Date.now() - 1000),
    });
    const expired = await confirm(confirmToken);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toEqual({
      code: 'NEWSLETTER_LINK_EXPIRED',
      message: NEWSLETTER_LINK_MESSAGES.confirmExpired,
    });
    expect((await row(subscription.email))!.status).toBe('pending');

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      payload: {},
      remoteAddress: freshIp(),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.token).toMatch(/link is incomplete/);
  });
});

describe('unsubscribing', () => {
  it('unsubscribes with the link from the mail, idempotently, and the confirm link then stops working', async () => {
    const email = uniqueEmail('leave');
    await subscribe(email);
    const text = (await t.outbox(email))[0]!.text;
    await confirm(linkToken(text, '/newsletter/confirm'));

    const res = await unsubscribe(linkToken(text, '/newsletter/unsubscribe'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'unsubscribed', email, message: 'You have been unsubscribed.' });
    const stored = await row(email);
    expect(stored).toMatchObject({ status: 'unsubscribed' });
    expect(stored!.unsubscribedAt).toBeInstanceOf(Date);

    const again = await unsubscribe(linkToken(text, '/newsletter/unsubscribe'));
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('You were already unsubscribed.');
  });

  it('works for a subscription that was never confirmed', async () => {
    const { subscription, unsubscribeToken, confirmToken } = await createNewsletterSubscription(t.database.db);
    expect((await unsubscribe(unsubscribeToken)).statusCode).toBe(200);
    expect((await row(subscription.email))!.status).toBe('unsubscribed');
    const late = await confirm(confirmToken);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(NEWSLETTER_LINK_MESSAGES.confirmAfterUnsubscribe);
  });

  it('lets an unsubscribed address subscribe again through a new double opt-in', async () => {
    const { subscription } = await createNewsletterSubscription(t.database.db, { status: 'unsubscribed' });
    expect((await subscribe(subscription.email)).statusCode).toBe(202);
    expect((await row(subscription.email))!.status).toBe('pending');
    const token = linkToken((await t.outbox(subscription.email))[0]!.text, '/newsletter/confirm');
    expect((await confirm(token)).statusCode).toBe(200);
    expect(await row(subscription.email)).toMatchObject({ status: 'confirmed', unsubscribedAt: null });
  });

  it('refuses an unknown unsubscribe token with a way out', async () => {
    const res = await unsubscribe('no-such-token');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'NEWSLETTER_LINK_INVALID',
      message: NEWSLETTER_LINK_MESSAGES.unsubscribeUnknown,
    });
  });
});
