import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { createUser } from '../../test/factories/accounts.ts';
import type { DatabaseHandle } from './client.ts';
import { MIGRATIONS_FOLDER } from './client.ts';
import { accountInvitations, auditEvents } from './schema/index.ts';

/**
 * Migration 0029 opens, for accounts invited before `account_invitations` existed, the invitations
 * their owners never took up: the school then shows them as invited and can invite them again.
 */
describe('migration 0029: open invitations read off the audit log', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('opens an invitation for each invited account never used, once', async () => {
    const { db } = database;
    const guardian = await createUser(db, { role: 'parent' });
    const teacher = await createUser(db, { role: 'teacher' });
    const learner = await createUser(db, { role: 'student' });
    const learnerWhoChose = await createUser(db, { role: 'student' });
    const staffWhoSignedIn = await createUser(db, { role: 'teacher' });
    const notInvited = await createUser(db, { role: 'parent' });
    const admin = await createUser(db, { role: 'school_admin' });
    await db.insert(auditEvents).values([
      {
        action: 'guardian.invited',
        actorUserId: admin.id,
        target: `user:${guardian.id}`,
        at: new Date('2026-03-02T08:00:00Z'),
      },
      // Invited twice: the invitation dates from the first.
      {
        action: 'guardian.invited',
        actorUserId: admin.id,
        target: `user:${guardian.id}`,
        at: new Date('2026-03-09T08:00:00Z'),
      },
      { action: 'staff.invited', actorUserId: admin.id, target: `user:${teacher.id}` },
      { action: 'learner.account_invited', actorUserId: admin.id, target: `user:${learner.id}` },
      { action: 'learner.account_invited', actorUserId: admin.id, target: `user:${learnerWhoChose.id}` },
      { action: 'auth.password_reset', actorUserId: learnerWhoChose.id, target: `user:${learnerWhoChose.id}` },
      { action: 'staff.invited', actorUserId: admin.id, target: `user:${staffWhoSignedIn.id}` },
      { action: 'auth.sign_in', actorUserId: staffWhoSignedIn.id, target: `user:${staffWhoSignedIn.id}` },
      // Another action on the account is not an invitation.
      { action: 'user.role_changed', actorUserId: admin.id, target: `user:${notInvited.id}` },
    ]);
    // A user whose invitation is already recorded keeps its row as it is.
    await db.insert(accountInvitations).values({ userId: teacher.id, invitedAt: new Date('2026-01-15T08:00:00Z') });

    const migration = fs.readFileSync(path.join(MIGRATIONS_FOLDER, '0029_invitations_from_audit.sql'), 'utf8');
    await db.execute(sql.raw(migration));
    await db.execute(sql.raw(migration));

    const open = await db
      .select({ userId: accountInvitations.userId, invitedAt: accountInvitations.invitedAt })
      .from(accountInvitations);
    const byUser = new Map(open.map((row) => [row.userId, row.invitedAt.toISOString()]));
    expect(new Set(byUser.keys())).toEqual(new Set([guardian.id, teacher.id, learner.id]));
    expect(byUser.get(guardian.id)).toBe('2026-03-02T08:00:00.000Z');
    expect(byUser.get(teacher.id)).toBe('2026-01-15T08:00:00.000Z');
  });
});
