import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { feeExemptionApplications, feeExemptions } from '../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedConsents } from './seed-consents.ts';
import { seedFeeExemptions } from './seed-fee-exemptions.ts';
import { seedFinance } from './seed-finance.ts';
import { seedSchool } from './seed-school.ts';

describe('demo fee exemptions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives Demo High one application waiting for a decision and one automatic exemption with its proof, once', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword: 'demo-password-2026' };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    await seedConsents(ctx);
    await seedFinance(ctx);
    await seedFeeExemptions(ctx);
    await seedFeeExemptions(ctx);
    const applications = await t.database.db.select().from(feeExemptionApplications);
    expect(applications).toHaveLength(1);
    expect(applications[0]).toMatchObject({ status: 'pending', requestedExtent: 'partial' });
    expect(applications[0]!.documentIds).toHaveLength(1);
    expect(applications[0]!.annualFeesCents).toBeGreaterThan(0);
    const automatic = await t.database.db.select().from(feeExemptions).where(eq(feeExemptions.automatic, true));
    expect(automatic).toHaveLength(1);
    expect(automatic[0]).toMatchObject({ category: 'social_grant', decision: 'granted', extent: 'full' });
    expect(automatic[0]!.documentIds).toHaveLength(1);
  }, 120_000);
});
