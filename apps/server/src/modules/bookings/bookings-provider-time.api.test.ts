import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { bookingSessions, bookings } from '../../platform/db/schema/bookings.ts';
import { notifications, outboxMessages } from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createSeller } from '../../test/factories/marketplace.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { deliverPendingNotifications } from '../notifications/index.ts';
import { sendReminders } from './manage.ts';
import { at, bookingRequests, workingDay } from './test-fixtures.ts';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 8 * 60, endMinute: 20 * 60 }));

/** An iCalendar file's properties (RFC 5545: lines unfolded), name → values, parameters kept apart. */
function parseIcs(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  // Folded at 75 octets.
  expect(text.split('\r\n').every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true);
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const props: { name: string; params: string; value: string }[] = [];
  for (const line of lines) {
    const match = /^([A-Z-]+)((?:;[^:]*)?):(.*)$/.exec(line);
    expect(match, line).not.toBeNull();
    props.push({ name: match![1]!, params: match![2]!, value: match![3]! });
  }
  const one = (name: string) => props.find((p) => p.name === name);
  expect(props[0]).toMatchObject({ name: 'BEGIN', value: 'VCALENDAR' });
  expect(props.at(-1)).toMatchObject({ name: 'END', value: 'VCALENDAR' });
  return { props, one, value: (name: string) => one(name)?.value };
}
const icsStamp = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace('.000', '');

describe('bookings: one-to-one time and group classes apart in the database; invites attached; the provider told (API)', () => {
  let t: TestApp;
  let tutor: Awaited<ReturnType<typeof createSeller>>;
  let r: ReturnType<typeof bookingRequests>;
  const ids = { lesson: '', group: '' };
  const day = workingDay(4);
  const nextDay = workingDay(1, day);
  const db = () => t.database.db;
  const customer = async () => {
    const user = await createUser(t.database.db, { role: 'parent' });
    return { user, cookie: (await signIn(t.app, user.email, user.password)).cookie };
  };
  const mailsTo = async (email: string, tag: string) =>
    (await db().select().from(outboxMessages).where(eq(outboxMessages.tag, tag))).filter(
      (m) => m.to === email.toLowerCase(),
    );
  const inviteOf = (mail: typeof outboxMessages.$inferSelect) => {
    expect(mail.attachments).toHaveLength(1);
    const [file] = mail.attachments!;
    expect(file!.filename).toMatch(/^booking-BK-[0-9A-Z]+\.ics$/);
    return { file: file!, ics: parseIcs(Buffer.from(file!.content, 'base64').toString('utf8')) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    r = bookingRequests(t);
    tutor = await createSeller(t, { name: 'Sipho Science Tutoring', partnerTypes: ['tutor'], tier: 'free' });
    await r.send('PUT', '/api/bookings/own/availability', tutor.cookie, { weekly: EVERY_DAY });
    let res = await r.send('POST', '/api/bookings/own/services', tutor.cookie, {
      title: 'Physical Sciences lesson',
      category: 'tutoring',
      durationMinutes: 60,
      priceCents: 40_000,
      location: 'Braamfontein, Johannesburg',
      noticeHours: 24,
    });
    ids.lesson = res.json().service.id;
    res = await r.send('POST', '/api/bookings/own/services', tutor.cookie, {
      title: 'Chemistry revision class',
      kind: 'group',
      seatLimit: 5,
      durationMinutes: 120,
      priceCents: 12_000,
      online: true,
      meetingUrl: 'https://meet.example.test/chemistry',
    });
    ids.group = res.json().service.id;
  }, 600_000);
  afterAll(() => t.close());

  it('a lesson and a group class of one provider racing for the same time: exactly one wins, each time', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, customer));
    const clocks = ['08:00', '10:00', '12:00', '14:00'];
    // For each time at once: a customer books the lesson and the provider schedules the class over it.
    const answers = await Promise.all(
      clocks.flatMap((clock, i) => [
        r.send('POST', `/api/bookings/services/${ids.lesson}/book`, people[i]!.cookie, { startsAt: at(day, clock) }),
        r.send('POST', `/api/bookings/own/services/${ids.group}/sessions`, tutor.cookie, { startsAt: at(day, clock) }),
      ]),
    );
    for (let i = 0; i < clocks.length; i++) {
      const pair = [answers[2 * i]!.statusCode, answers[2 * i + 1]!.statusCode].sort();
      expect(pair, clocks[i]).toEqual([201, 409]);
    }
    // Whatever the order, no active lesson overlaps a scheduled class.
    const overlaps = await db().execute(sql`
      select count(*)::int as n from ${bookings} b join ${bookingSessions} s
        on s.organization_id = b.organization_id and s.status = 'scheduled'
       and tstzrange(s.starts_at, s.ends_at) && tstzrange(b.starts_at, b.ends_at)
      where b.session_id is null and b.status in ('held', 'confirmed')`);
    const rows = (overlaps as unknown as { rows?: { n: number }[] }).rows ?? (overlaps as unknown as { n: number }[]);
    expect(rows[0]!.n).toBe(0);
  });

  it('the database itself refuses a lesson over a class and a class over a lesson (23P01), and frees the time on cancel', async () => {
    const person = await customer();
    const [session] = await db()
      .insert(bookingSessions)
      .values({
        serviceId: ids.group,
        organizationId: tutor.organizationId,
        startsAt: new Date(at(nextDay, '09:00')),
        endsAt: new Date(at(nextDay, '11:00')),
        seatLimit: 5,
      })
      .returning();
    const lesson = (startsAt: string, reference: string) => ({
      reference,
      organizationId: tutor.organizationId,
      serviceId: ids.lesson,
      customerUserId: person.user.id,
      startsAt: new Date(at(nextDay, startsAt)),
      endsAt: new Date(new Date(at(nextDay, startsAt)).getTime() + 3_600_000),
      status: 'confirmed' as const,
      priceCents: 40_000,
      commissionBps: 800,
      commissionCents: 3_200,
    });
    const codeOf = async (work: Promise<unknown>) =>
      work.then(
        () => 'ok',
        (error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code,
      );
    // Past the application's checks, straight into the table: refused by the constraint.
    expect(await codeOf(db().insert(bookings).values(lesson('10:00', 'BK-DBTEST0001')))).toBe('23P01');
    const [early] = await db().insert(bookings).values(lesson('08:00', 'BK-DBTEST0002')).returning();
    // Moving the lesson into the class is refused too.
    expect(
      await codeOf(
        db()
          .update(bookings)
          .set({ startsAt: new Date(at(nextDay, '08:30')), endsAt: new Date(at(nextDay, '09:30')) })
          .where(eq(bookings.id, early!.id)),
      ),
    ).toBe('23P01');
    // A class over the lesson is refused; once the lesson is cancelled, the time is free for it.
    const classAt = (clock: string) => ({
      serviceId: ids.group,
      organizationId: tutor.organizationId,
      startsAt: new Date(at(nextDay, clock)),
      endsAt: new Date(new Date(at(nextDay, clock)).getTime() + 2 * 3_600_000),
      seatLimit: 5,
    });
    expect(await codeOf(db().insert(bookingSessions).values(classAt('07:00')))).toBe('23P01');
    await db().update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, early!.id));
    const [second] = await db().insert(bookingSessions).values(classAt('07:00')).returning();
    expect(second).toBeDefined();
    // A cancelled class frees its time for a lesson.
    await db().update(bookingSessions).set({ status: 'cancelled' }).where(eq(bookingSessions.id, session!.id));
    expect(await codeOf(db().insert(bookings).values(lesson('10:00', 'BK-DBTEST0003')))).toBe('ok');
  });

  it('the paid customer’s mail carries the invite (REQUEST); a reschedule sends the moved one, a cancel the CANCEL; the provider is told of each', async () => {
    const parent = await customer();
    let res = await r.send('POST', `/api/bookings/services/${ids.lesson}/book`, parent.cookie, {
      startsAt: at(day, '16:00'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, orderId, reference } = res.json();
    await r.pay(orderId);

    const [confirmed] = await mailsTo(parent.user.email, 'booking-confirmed');
    const first = inviteOf(confirmed!);
    expect(first.file.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(first.ics.value('METHOD')).toBe('REQUEST');
    expect(first.ics.value('UID')).toBe(`${bookingId}@sekolo`);
    expect(first.ics.value('SEQUENCE')).toBe('0');
    expect(first.ics.value('DTSTART')).toBe(icsStamp(at(day, '16:00')));
    expect(first.ics.value('DTEND')).toBe(icsStamp(at(day, '17:00')));
    expect(first.ics.value('DTSTART')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(first.ics.value('X-WR-TIMEZONE')).toBe('Africa/Johannesburg');
    expect(first.ics.value('DESCRIPTION')).toContain('16:00 (South African time');
    expect(first.ics.value('LOCATION')).toBe('Braamfontein\\, Johannesburg');
    expect(first.ics.value('ORGANIZER')).toBe(`mailto:${tutor.user.email}`);
    expect(first.ics.one('ATTENDEE')?.value).toBe(`mailto:${parent.user.email}`);
    expect(first.ics.value('SUMMARY')).toBe('Physical Sciences lesson with Sipho Science Tutoring');

    res = await r.send('POST', `/api/bookings/mine/${bookingId}/reschedule`, parent.cookie, {
      startsAt: at(day, '18:00'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [moved] = await mailsTo(parent.user.email, 'booking-rescheduled');
    expect(moved!.text).toContain('18:00');
    const second = inviteOf(moved!);
    expect(second.ics.value('METHOD')).toBe('REQUEST');
    expect(second.ics.value('UID')).toBe(`${bookingId}@sekolo`);
    expect(second.ics.value('SEQUENCE')).toBe('1');
    expect(second.ics.value('DTSTART')).toBe(icsStamp(at(day, '18:00')));

    res = await r.send('POST', `/api/bookings/mine/${bookingId}/cancel`, parent.cookie, { reason: 'Sick' });
    expect(res.statusCode, res.body).toBe(200);
    const [cancelled] = await mailsTo(parent.user.email, 'booking-cancelled');
    const third = inviteOf(cancelled!);
    expect(third.file.contentType).toContain('method=CANCEL');
    expect(third.ics.value('METHOD')).toBe('CANCEL');
    expect(third.ics.value('STATUS')).toBe('CANCELLED');
    expect(third.ics.value('UID')).toBe(`${bookingId}@sekolo`);
    expect(third.ics.value('SEQUENCE')).toBe('2');
    // The download says the same as the last invite.
    const download = await r.send('GET', `/api/bookings/mine/${bookingId}/calendar.ics`, parent.cookie);
    expect(parseIcs(download.body).value('SEQUENCE')).toBe('2');

    // The provider: in the app, one notification per event, and by e-mail once delivered.
    const told = await db()
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, tutor.user.id), sql`${notifications.eventKey} like ${`booking:${bookingId}:%`}`),
      );
    expect(told.map((n) => n.title).sort()).toEqual([
      'Booking cancelled: Physical Sciences lesson',
      'Booking moved: Physical Sciences lesson',
      'New booking: Physical Sciences lesson',
    ]);
    expect(told.every((n) => n.link === '/dashboard/business/bookings')).toBe(true);
    expect(told.find((n) => n.title.startsWith('New'))!.body).toContain(reference);
    await deliverPendingNotifications(db(), t.app.deps.mailer, t.app.deps.config);
    const providerMail = await mailsTo(tutor.user.email, 'notification-order');
    expect(providerMail.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        'New booking: Physical Sciences lesson',
        'Booking moved: Physical Sciences lesson',
        'Booking cancelled: Physical Sciences lesson',
      ]),
    );
  });

  it('a seat bought in a group class: the invite carries the join link, the provider is told of the seat', async () => {
    const parent = await customer();
    let res = await r.send('POST', `/api/bookings/own/services/${ids.group}/sessions`, tutor.cookie, {
      startsAt: at(workingDay(2, nextDay), '18:00'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const sessionId = res.json().service.sessions.at(-1).id;
    res = await r.send('POST', `/api/bookings/services/${ids.group}/book`, parent.cookie, { sessionId });
    expect(res.statusCode, res.body).toBe(201);
    await r.pay(res.json().orderId);
    const [confirmed] = await mailsTo(parent.user.email, 'booking-confirmed');
    expect(inviteOf(confirmed!).ics.value('DESCRIPTION')).toContain('Join: https://meet.example.test/chemistry');
    const [told] = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, tutor.user.id),
          eq(notifications.eventKey, `booking:${res.json().bookingId}:confirmed`),
        ),
      );
    expect(told!.body).toContain('seat 1');
  });

  it('the reminder a day before reaches the customer and the provider, once, however often the job runs', async () => {
    const parent = await customer();
    const soon = new Date(Date.now() + 20 * 3_600_000);
    const [row] = await db()
      .insert(bookings)
      .values({
        reference: 'BK-REMINDME1',
        organizationId: tutor.organizationId,
        serviceId: ids.lesson,
        customerUserId: parent.user.id,
        startsAt: soon,
        endsAt: new Date(soon.getTime() + 3_600_000),
        status: 'confirmed',
        priceCents: 40_000,
        commissionBps: 800,
        commissionCents: 3_200,
      })
      .returning();
    const deps = { mailer: t.app.deps.mailer, publicUrl: t.app.deps.config.publicUrl, jobs: t.app.deps.jobs };
    expect(await sendReminders(db(), deps)).toBeGreaterThanOrEqual(1);
    expect(await sendReminders(db(), deps)).toBe(0);
    await Promise.all([sendReminders(db(), deps), sendReminders(db(), deps)]);
    expect(await mailsTo(parent.user.email, 'booking-reminder')).toHaveLength(1);
    const told = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, tutor.user.id),
          sql`${notifications.eventKey} like ${`booking:${row!.id}:reminder:%`}`,
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe('Tomorrow: Physical Sciences lesson');
    expect(told[0]!.body).toContain('BK-REMINDME1');
    const active = await db()
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.id, row!.id), inArray(bookings.status, ['confirmed'])));
    expect(active).toHaveLength(1);
  });
});
