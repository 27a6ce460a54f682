import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PUBLIC_FORM_MESSAGES } from '@sekolo/shared/schemas/public-forms';
import { addDays, formatLongDate, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildDemoBookingInput, futureWeekday } from '../../test/factories/public-site.ts';
import { demoBookings } from '../../platform/db/schema/index.ts';

const TEAM = 'demos@sekolo.test';
let t: TestApp;
let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp({ TEAM_EMAIL: TEAM });
});
afterAll(() => t.close());

const book = (payload: Record<string, unknown>, remoteAddress = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/demo-bookings', payload, remoteAddress });
const stored = async (email: string) => t.database.db.select().from(demoBookings).where(eq(demoBookings.email, email));

function nextSaturday(): string {
  let date = addDays(todayInSouthAfrica(), 1);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 6) date = addDays(date, 1);
  return date;
}

describe('booking a demo', () => {
  it('stores the request, mails the team and sends the requester the booking details', async () => {
    const input = buildDemoBookingInput({
      preferredDate: futureWeekday(3),
      preferredTime: '14:00',
      learnerCount: '1200',
    });
    const res = await book(input);
    expect(res.statusCode).toBe(201);
    const { booking } = res.json();
    expect(booking).toMatchObject({
      name: input.name,
      email: input.email,
      phone: '+27835550123',
      schoolName: input.schoolName,
      role: 'principal',
      learnerCount: 1200,
      preferredDate: input.preferredDate,
      preferredTime: '14:00',
      status: 'requested',
    });

    const [row] = await stored(input.email);
    expect(row).toMatchObject({
      id: booking.id,
      learnerCount: 1200,
      preferredDate: input.preferredDate,
      status: 'requested',
    });

    const slot = `${formatLongDate(input.preferredDate)}, 14:00 to 14:45 SAST`;
    const [team] = (await t.outbox(TEAM)).filter((m) => m.text.includes(input.email));
    expect(team!.subject).toBe(`Demo request: ${input.schoolName}, ${slot}`);
    expect(team!.text).toContain(booking.id);

    const [confirmation, ...others] = await t.outbox(input.email);
    expect(others).toHaveLength(0);
    expect(confirmation!.subject).toBe(`Your Sekolo demo request: ${slot}`);
    expect(confirmation!.text).toContain(`Preferred time: ${slot}`);
    expect(confirmation!.text).toContain('Learners: 1,200');
    expect(confirmation!.text).toContain('Role: Principal');
    expect(confirmation!.text).toContain('Phone: 083 555 0123');
  });

  it('refuses a date in the past, today and a weekend day', async () => {
    for (const [preferredDate, message] of [
      [addDays(todayInSouthAfrica(), -7), PUBLIC_FORM_MESSAGES.dateNotFuture],
      [todayInSouthAfrica(), PUBLIC_FORM_MESSAGES.dateNotFuture],
      [nextSaturday(), PUBLIC_FORM_MESSAGES.dateWeekend],
      [addDays(nextSaturday(), 1), PUBLIC_FORM_MESSAGES.dateWeekend],
      ['2026-02-30', PUBLIC_FORM_MESSAGES.dateRequired],
    ] as const) {
      const input = buildDemoBookingInput({ preferredDate });
      const res = await book(input);
      expect(res.statusCode, preferredDate).toBe(400);
      expect(res.json().error.fields.preferredDate, preferredDate).toBe(message);
      expect(await stored(input.email)).toHaveLength(0);
      expect(await t.outbox(input.email)).toHaveLength(0);
    }
  });

  it('refuses missing details with a message per field', async () => {
    const res = await book({
      name: '',
      email: 'x',
      phone: '555',
      schoolName: '',
      learnerCount: '',
      preferredTime: '07:00',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: PUBLIC_FORM_MESSAGES.nameRequired,
      email: PUBLIC_FORM_MESSAGES.emailInvalid,
      phone: PUBLIC_FORM_MESSAGES.phoneInvalid,
      schoolName: PUBLIC_FORM_MESSAGES.schoolNameRequired,
      role: PUBLIC_FORM_MESSAGES.roleRequired,
      learnerCount: PUBLIC_FORM_MESSAGES.learnerCountRequired,
      preferredDate: PUBLIC_FORM_MESSAGES.dateRequired,
      preferredTime: PUBLIC_FORM_MESSAGES.timeSlotRequired,
    });
  });

  it('refuses a filled-in honeypot', async () => {
    const input = buildDemoBookingInput({ website: 'x' });
    const res = await book(input);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('SUBMISSION_REJECTED');
    expect(await stored(input.email)).toHaveLength(0);
    expect(await t.outbox(input.email)).toHaveLength(0);
  });

  it('answers 429 after 10 bookings in 10 minutes from one address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await book(buildDemoBookingInput(), ip)).statusCode).toBe(201);
    const input = buildDemoBookingInput();
    const limited = await book(input, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.json().error.message).toMatch(/^Too many booking requests from your network\./);
    expect(await stored(input.email)).toHaveLength(0);
  });
});
