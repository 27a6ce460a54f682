import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { events, eventTicketOrders, eventTickets, organizations } from '../platform/db/schema/index.ts';
import { balanceOf, findUnbalancedJournals } from '../modules/ledger/index.ts';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedEvents } from './seed-events.ts';
import { seedSchool } from './seed-school.ts';

describe('demo events', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-seed-events-'));
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
  }, 300_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives Demo High a term of events with tickets sold, the demo parent’s among them, some checked in, once', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    await seedEvents(ctx);
    await seedEvents(ctx);
    const db = t.database.db;
    const rows = await db.select().from(events);
    expect(rows.map((e) => [e.title, e.audience, e.status]).sort()).toEqual([
      ['Fun run', 'public', 'published'],
      ['Grade 8 parents’ evening', 'grades', 'published'],
      ['Heritage Day concert', 'school', 'published'],
      ['Inter-house athletics', 'school', 'published'],
      ['Market day', 'public', 'cancelled'],
      ['Matric dance', 'grades', 'published'],
    ]);
    expect(await db.select().from(eventTicketOrders)).toHaveLength(6);
    const tickets = await db.select().from(eventTickets);
    expect(tickets).toHaveLength(11);
    expect(tickets.every((x) => x.status === 'valid')).toBe(true);
    expect(tickets.filter((x) => x.checkedInAt)).toHaveLength(3);
    const [school] = await db.select().from(organizations).where(eq(organizations.slug, 'demo-high-school'));
    // Fun run: R90 and R150 of tickets, less the 5 % commission.
    expect(await balanceOf(db, 'organization_payable', school!.id)).toBe(22_800);
    expect(await findUnbalancedJournals(db)).toEqual([]);

    const parent = await signIn(t.app, 'parent@demo-school.sekolo.test', demoPassword, { ip: '10.7.56.1' });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/events/my-tickets',
      headers: { cookie: parent.cookie },
    });
    expect(
      mine
        .json()
        .tickets.map((x: { event: { title: string } }) => x.event.title)
        .sort(),
    ).toEqual([
      'Fun run',
      'Fun run',
      'Grade 8 parents’ evening',
      'Heritage Day concert',
      'Heritage Day concert',
      'Inter-house athletics',
    ]);
    const admin = await signIn(t.app, 'admin@demo-school.sekolo.test', demoPassword, { ip: '10.7.56.2' });
    const list = await t.app.inject({ method: 'GET', url: '/api/school/events', headers: { cookie: admin.cookie } });
    const run = list.json().events.find((e: { title: string }) => e.title === 'Fun run');
    expect(run).toMatchObject({ sold: 5, revenueCents: 24_000, schoolReceivesCents: 22_800 });
    expect(run.ticketTypes.map((x: { name: string; priceCents: number }) => [x.name, x.priceCents])).toEqual([
      ['Adult', 6_000],
      ['Child', 3_000],
    ]);
    const publicPage = await t.app.inject({ method: 'GET', url: '/api/events/schools/demo-high-school' });
    expect(publicPage.json().events.map((e: { title: string }) => e.title)).toEqual(['Fun run']);
  });
});
