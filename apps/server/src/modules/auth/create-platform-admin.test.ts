import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { getMe, signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { auditEvents, users } from '../../platform/db/schema/index.ts';
import { AdminCreateError, createPlatformAdmin } from './create-platform-admin.ts';

describe('admin:create (createPlatformAdmin)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates a verified, active operator who can sign in and reach the console', async () => {
    const result = await createPlatformAdmin(t.database.db, {
      email: ' Ops@Example.test ',
      password: 'granite-owl-sunrise-31',
      name: 'Thabo Mokoena',
    });
    expect(result).toMatchObject({ email: 'ops@example.test', outcome: 'created' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, result.userId));
    expect(row).toMatchObject({
      role: 'platform_admin',
      status: 'active',
      emailVerified: true,
      firstName: 'Thabo',
      lastName: 'Mokoena',
    });

    const { response, cookie } = await signIn(t.app, 'ops@example.test', 'granite-owl-sunrise-31', { ip: '10.3.0.1' });
    expect(response.statusCode).toBe(200);
    expect((await getMe(t.app, cookie)).json()).toMatchObject({ role: 'platform_admin', dashboardPath: '/console' });
    expect((await t.app.inject({ url: '/api/admin/audit-events', headers: { cookie } })).statusCode).toBe(200);
  });

  it('is idempotent', async () => {
    const again = await createPlatformAdmin(t.database.db, {
      email: 'ops@example.test',
      password: 'granite-owl-sunrise-31',
    });
    expect(again.outcome).toBe('unchanged');
    expect(await t.database.db.select().from(users).where(eq(users.email, 'ops@example.test'))).toHaveLength(1);
  });

  it('promotes an existing account, keeps its password, and audits the role change', async () => {
    const person = await createUser(t.database.db, { role: 'customer', emailVerified: false });
    const result = await createPlatformAdmin(t.database.db, {
      email: person.email,
      password: 'ignored-for-existing-1',
    });
    expect(result).toMatchObject({ userId: person.id, outcome: 'promoted' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ role: 'platform_admin', status: 'active', emailVerified: true });
    expect((await signIn(t.app, person.email, person.password, { ip: '10.3.0.2' })).response.statusCode).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `user:${person.id}`));
    expect(audit).toMatchObject({
      action: 'user.role_changed',
      details: { fromRole: 'customer', toRole: 'platform_admin', reason: 'admin:create' },
    });
  });

  it('refuses weak or missing passwords and bad e-mails for a new operator', async () => {
    await expect(
      createPlatformAdmin(t.database.db, { email: 'new-ops@example.test', password: 'short' }),
    ).rejects.toThrow('Password must be at least 8 characters.');
    await expect(
      createPlatformAdmin(t.database.db, { email: 'new-ops@example.test', password: 'password1' }),
    ).rejects.toThrow('This password is too common. Please choose another.');
    await expect(createPlatformAdmin(t.database.db, { email: 'new-ops@example.test' })).rejects.toBeInstanceOf(
      AdminCreateError,
    );
    await expect(
      createPlatformAdmin(t.database.db, { email: 'not-an-email', password: 'granite-owl-sunrise-31' }),
    ).rejects.toBeInstanceOf(AdminCreateError);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'new-ops@example.test'))).toHaveLength(0);
  });
});
