import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PUBLIC_FORM_MESSAGES } from '@sekolo/shared/schemas/public-forms';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildGeneralContactInput, buildSpecialistContactInput } from '../../test/factories/public-site.ts';
import { contactMessages } from '../../platform/db/schema/index.ts';
import { withOutboxRefusing } from '../../test/outbox-refusing.ts';

const TEAM = 'team@sekolo.test';
let t: TestApp;
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp({ TEAM_EMAIL: TEAM });
});
afterAll(() => t.close());

const send = (payload: Record<string, unknown>, remoteAddress = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });
const stored = async (email: string) =>
  t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
const teamMailAbout = async (email: string) => (await t.outbox(TEAM)).filter((m) => m.text.includes(email));

describe('the contact form', () => {
  it('stores the message, mails the team and sends the sender an acknowledgement', async () => {
    const input = buildGeneralContactInput();
    const res = await send(input);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/Your message has been sent/);

    const [row, ...others] = await stored(input.email);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({
      id: res.json().id,
      kind: 'general',
      name: input.name,
      phone: '+27821234567',
      subject: input.subject,
      message: input.message,
      status: 'new',
    });

    const [team] = await teamMailAbout(input.email);
    expect(team!.subject).toBe(`Contact form: ${input.subject}`);
    expect(team!.text).toContain(input.message);
    expect(team!.text).toContain('082 123 4567');
    expect(team!.text).toContain(row!.id);

    const [ack, ...moreAcks] = await t.outbox(input.email);
    expect(moreAcks).toHaveLength(0);
    expect(ack!.subject).toBe('We received your message');
    expect(ack!.text).toContain(`Hello ${input.name},`);
    expect(ack!.text).toContain(input.message);
  });

  it('stores the message only with its mails: when they cannot be stored, nothing is, and a retry stores it once', async () => {
    const input = buildGeneralContactInput();
    const ip = freshIp();
    const refused = await withOutboxRefusing(t.database.db, 'contact-ack', () => send(input, ip));
    expect(refused.statusCode).toBe(500);
    expect(await stored(input.email)).toHaveLength(0);
    expect(await teamMailAbout(input.email)).toHaveLength(0);

    expect((await send(input, ip)).statusCode).toBe(201);
    expect(await stored(input.email)).toHaveLength(1);
    expect(await teamMailAbout(input.email)).toHaveLength(1);
    expect(await t.outbox(input.email)).toHaveLength(1);
  });

  it('escapes what the visitor typed in the HTML of the mails', async () => {
    const input = buildGeneralContactInput({ message: '<script>alert("x")</script> please call me back' });
    expect((await send(input)).statusCode).toBe(201);
    const [team] = await teamMailAbout(input.email);
    expect(team!.html).not.toContain('<script>');
    expect(team!.html).toContain('&lt;script&gt;');
  });

  it('refuses missing fields and a malformed phone number with a message per field, storing nothing', async () => {
    const input = buildGeneralContactInput({ name: ' ', email: 'thandi@', phone: '12345', message: 'Hi' });
    const res = await send(input);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: PUBLIC_FORM_MESSAGES.nameRequired,
      email: PUBLIC_FORM_MESSAGES.emailInvalid,
      phone: PUBLIC_FORM_MESSAGES.phoneInvalid,
      message: PUBLIC_FORM_MESSAGES.messageTooShort,
    });
    expect(await stored('thandi@')).toHaveLength(0);
  });

  it('refuses a filled-in honeypot without storing or sending anything', async () => {
    const input = buildGeneralContactInput({ website: 'http://bot.example' });
    const res = await send(input);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('SUBMISSION_REJECTED');
    expect(await stored(input.email)).toHaveLength(0);
    expect(await t.outbox(input.email)).toHaveLength(0);
    expect(await teamMailAbout(input.email)).toHaveLength(0);
  });

  it('answers 429 after 10 messages in 10 minutes from one address, per form', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await send(buildGeneralContactInput(), ip)).statusCode).toBe(201);
    const input = buildGeneralContactInput();
    const limited = await send(input, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(
      /^Too many messages from your network\. Please wait \d+ minutes? before trying again\.$/,
    );
    expect(await stored(input.email)).toHaveLength(0);
    // The specialists form has its own allowance.
    expect((await send(buildSpecialistContactInput(), ip)).statusCode).toBe(201);
  });
});

describe('the contact specialists form', () => {
  it('stores the enquiry with school size, mails the team and acknowledges it', async () => {
    const input = buildSpecialistContactInput();
    const res = await send(input);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'specialists',
      message: expect.stringMatching(/specialist will contact you/),
    });

    const [row] = await stored(input.email);
    expect(row).toMatchObject({
      kind: 'specialists',
      organisation: 'Cape Schools Trust',
      schoolSize: '10001_to_50000',
      numberOfSchools: 14,
      phone: '+27215550199',
      subject: 'Custom solution enquiry',
    });

    const [team] = await teamMailAbout(input.email);
    expect(team!.subject).toBe('Custom solution enquiry: Cape Schools Trust');
    expect(team!.text).toContain('School size: 10,001 to 50,000 learners');
    expect(team!.text).toContain('Number of schools: 14');

    const [ack] = await t.outbox(input.email);
    expect(ack!.subject).toBe('We received your enquiry about a custom solution');
  });

  it('needs the school or group, its size and a phone number', async () => {
    const res = await send({ ...buildSpecialistContactInput(), organisation: '', schoolSize: undefined, phone: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      organisation: PUBLIC_FORM_MESSAGES.organisationRequired,
      schoolSize: PUBLIC_FORM_MESSAGES.schoolSizeRequired,
      phone: PUBLIC_FORM_MESSAGES.phoneRequired,
    });
  });
});
