import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createSeller } from '../../test/factories/marketplace.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { at, bookingRequests, workingDay } from './test-fixtures.ts';

const WEEKDAYS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 8 * 60, endMinute: 17 * 60 }));

describe('bookings: the customer and the provider talk about a booking in one conversation (API)', () => {
  let t: TestApp;
  let r: ReturnType<typeof bookingRequests>;
  let tutor: Awaited<ReturnType<typeof createSeller>>;
  let otherTutor: Awaited<ReturnType<typeof createSeller>>;
  let serviceId = '';
  const day = workingDay(4);

  const customer = async () => {
    const user = await createUser(t.database.db, { role: 'parent' });
    return { user, cookie: (await signIn(t.app, user.email, user.password)).cookie };
  };
  const about = (cookie: string, id: string) => r.send('POST', '/api/messages/about', cookie, { kind: 'booking', id });

  beforeAll(async () => {
    t = await createTestApp();
    r = bookingRequests(t);
    tutor = await createSeller(t, { name: 'Sipho Science Tutoring', partnerTypes: ['tutor'], tier: 'free' });
    otherTutor = await createSeller(t, { name: 'Lerato Languages', partnerTypes: ['tutor'], tier: 'free' });
    let res = await r.send('PUT', '/api/bookings/own/availability', tutor.cookie, {
      openOnPublicHolidays: false,
      weekly: WEEKDAYS,
      exceptions: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await r.send('POST', '/api/bookings/own/services', tutor.cookie, {
      title: 'Physical Sciences lesson (Grade 11)',
      category: 'tutoring',
      durationMinutes: 60,
      priceCents: 30_000,
      online: false,
      location: 'Rondebosch library, study room 2',
      noticeHours: 24,
    });
    expect(res.statusCode, res.body).toBe(201);
    serviceId = res.json().service.id;
  }, 600_000);
  afterAll(() => t.close());

  it('a paid booking opens one conversation for its customer and its provider; nobody else, and no unpaid hold', async () => {
    const parent = await customer();
    const held = await r.send('POST', `/api/bookings/services/${serviceId}/book`, parent.cookie, {
      startsAt: at(day, '14:00'),
    });
    expect(held.statusCode, held.body).toBe(201);
    const { bookingId, orderId } = held.json();
    // Not paid yet: no conversation about it (a hold may never become a booking).
    expect((await about(parent.cookie, bookingId)).statusCode).toBe(404);

    await r.pay(orderId);
    const byCustomer = await about(parent.cookie, bookingId);
    expect(byCustomer.statusCode, byCustomer.body).toBe(200);
    const byProvider = await about(tutor.cookie, bookingId);
    expect(byProvider.statusCode, byProvider.body).toBe(200);
    expect(byProvider.json().conversationId).toBe(byCustomer.json().conversationId);

    // Another provider, another parent and an unknown booking all get the same answer.
    expect((await about(otherTutor.cookie, bookingId)).statusCode).toBe(404);
    expect((await about((await customer()).cookie, bookingId)).statusCode).toBe(404);
    expect((await about(parent.cookie, randomUUID())).statusCode).toBe(404);

    const id = byCustomer.json().conversationId;
    const sent = await r.send('POST', `/api/messages/conversations/${id}/messages`, parent.cookie, {
      body: 'Could we go over electrostatics first, please?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const inbox = (await r.send('GET', '/api/messages/conversations', tutor.cookie)).json().conversations;
    const conversation = inbox.find((c: { id: string }) => c.id === id);
    expect(conversation).toMatchObject({
      about: { kind: 'booking', id: bookingId },
      unreadCount: 1,
      with: [{ userId: parent.user.id, side: 'customer' }],
    });
    expect(conversation.subject).toMatch(/^Booking BK-.+: Physical Sciences lesson \(Grade 11\)$/);
    // The other provider's inbox holds nothing of it.
    const theirs = (await r.send('GET', '/api/messages/conversations', otherTutor.cookie)).json().conversations;
    expect(theirs.some((c: { id: string }) => c.id === id)).toBe(false);
  });
});
