import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryCopies, libraryHolds, libraryTitles } from '../platform/db/schema/index.ts';
import { sendOverdueReminders } from '../modules/library/index.ts';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedFamily } from './seed-family.ts';
import { DEMO_LIBRARIAN, DEMO_TITLES, seedLibrary } from './seed-library.ts';
import { seedSchool } from './seed-school.ts';

describe('demo library', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-seed-library-'));
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
  }, 300_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stocks Demo High’s library, lends to the demo learner and others, and signs the librarian in, once', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    await seedFamily(ctx);
    expect(await seedLibrary(ctx)).toEqual([{ role: 'librarian', email: DEMO_LIBRARIAN.email }]);
    await seedLibrary(ctx);
    const db = t.database.db;
    expect(await db.select().from(libraryTitles)).toHaveLength(DEMO_TITLES.length);
    expect(DEMO_TITLES.length).toBeGreaterThanOrEqual(40);
    const copies = await db.select().from(libraryCopies);
    expect(copies).toHaveLength(DEMO_TITLES.reduce((sum, title) => sum + title.copies, 0));
    expect(copies.map((c) => c.barcode)).toContain('LIB-000001');
    expect(new Set(copies.map((c) => c.barcode)).size).toBe(copies.length);
    expect(await db.select().from(libraryHolds)).toHaveLength(1);

    const librarian = (await signIn(t.app, DEMO_LIBRARIAN.email, demoPassword, { ip: '10.55.0.1' })).cookie;
    const overdue = await t.app.inject({
      method: 'GET',
      url: '/api/school/library/loans?status=overdue',
      headers: { cookie: librarian },
    });
    expect(
      overdue
        .json()
        .loans.map((l: { title: string }) => l.title)
        .sort(),
    ).toEqual(['Cry, the Beloved Country', 'Kringe in ’n Bos', 'Things Fall Apart']);
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/school/library/titles?language=isizulu',
      headers: { cookie: librarian },
    });
    expect(search.json().titles.map((x: { title: string }) => x.title)).toContain('Inkinsela yaseMgungundlovu');

    // The demo learner sees his two loans; his parent sees them on the parent dashboard.
    const learner = (await signIn(t.app, 'learner@demo-school.sekolo.test', demoPassword, { ip: '10.55.0.2' })).cookie;
    const mine = await t.app.inject({ method: 'GET', url: '/api/library/mine', headers: { cookie: learner } });
    expect(mine.json().loans.map((l: { title: string; overdue: boolean }) => [l.title, l.overdue])).toEqual([
      ['Cry, the Beloved Country', true],
      ['Spud', false],
    ]);
    const parent = (await signIn(t.app, 'parent@demo-school.sekolo.test', demoPassword, { ip: '10.55.0.3' })).cookie;
    const children = await t.app.inject({ method: 'GET', url: '/api/library/children', headers: { cookie: parent } });
    expect(children.json().children[0].loans).toHaveLength(2);

    // The morning's reminders reach Kabelo's parent once.
    expect(await sendOverdueReminders(db, { mailer: t.mailer, publicUrl: t.config.publicUrl })).toBe(3);
    expect(await sendOverdueReminders(db, { mailer: t.mailer, publicUrl: t.config.publicUrl })).toBe(0);
    const mail = (await t.outbox('parent@demo-school.sekolo.test')).filter((m) => m.tag === 'library-overdue');
    expect(mail.map((m) => m.subject)).toEqual(['Demo High School library: overdue book “Cry, the Beloved Country”']);
  });
});
