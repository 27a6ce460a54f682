import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedApplications } from './seed-applications.ts';
import { seedDirectory } from './seed-directory.ts';
import { seedMarketplace } from './seed-marketplace.ts';
import { seedSchoolSettings } from './seed-school-settings.ts';

describe('demo directory', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists every demo organisation with a tag line and town, across provinces, once however often it runs', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedApplications(ctx);
    await seedMarketplace(ctx);
    await seedSchoolSettings(ctx);
    expect(await seedDirectory(ctx)).toEqual([{ role: 'charity', email: 'charity@ubuntu-reading.sekolo.test' }]);
    await seedDirectory(ctx);
    const page = (await t.app.inject({ method: 'GET', url: '/api/directory?pageSize=60' })).json();
    const byName = Object.fromEntries(
      (page.items as { name: string; town: string; province: string; tagLine: string }[]).map((i) => [i.name, i]),
    );
    expect(Object.keys(byName).sort()).toEqual([
      'Berea School Outfitters',
      'Boland Education Consultants',
      'Demo High School',
      'Demo Supplies (Pty) Ltd',
      'Jacaranda Tutors',
      'Kirstenbosch Heights Primary School',
      'Menlyn Reading Clinic',
      'Soweto Science Academy',
      'Ubuntu Reading Trust',
      'Umgeni Valley High School',
    ]);
    for (const entry of Object.values(byName)) {
      expect(entry.tagLine, entry.name).not.toBe('');
      expect(entry.town, entry.name).not.toBe('');
    }
    expect(byName['Demo High School']).toMatchObject({ town: 'Pretoria', province: 'gauteng' });
    expect(byName['Berea School Outfitters']).toMatchObject({ town: 'Durban', province: 'kwazulu_natal' });
    expect(byName['Ubuntu Reading Trust']).toMatchObject({ town: 'Cape Town', province: 'western_cape' });
    const tutors = (await t.app.inject({ method: 'GET', url: '/api/directory?type=tutor&town=Pretoria' })).json();
    expect(tutors.items.map((i: { name: string }) => i.name)).toEqual(['Jacaranda Tutors', 'Menlyn Reading Clinic']);
  });
});
