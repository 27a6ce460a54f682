import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { NAME_MAX_LENGTH } from '@sekolo/shared/schemas/auth';
import type { Database } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { changeUserRole } from './change-user-role.ts';
import { createUserWithPassword } from './create-user-with-password.ts';
import { checkNewPassword } from './password-policy.ts';

export class AdminCreateError extends Error {
  override name = 'AdminCreateError';
}

export type TCreatePlatformAdminInput = { email: string; password?: string; name?: string };
export type TCreatePlatformAdminResult = {
  userId: string;
  email: string;
  outcome: 'created' | 'promoted' | 'unchanged';
};

/**
 * `npm run admin:create`: a platform operator. Creates the account (e-mail verified,
 * active) or, when the e-mail already has an account, promotes it and leaves its password alone.
 * Running it twice changes nothing the second time.
 */
export async function createPlatformAdmin(
  db: Database,
  input: TCreatePlatformAdminInput,
): Promise<TCreatePlatformAdminResult> {
  const email = z.email().safeParse(input.email.trim().toLowerCase());
  if (!email.success) throw new AdminCreateError('Please give a valid e-mail address with --email.');
  const name = input.name?.trim() || 'Platform Operator';
  if (name.length > NAME_MAX_LENGTH * 2) throw new AdminCreateError('The name is too long.');

  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.data));
  if (existing) {
    const result = await changeUserRole(db, {
      userId: existing.id,
      role: 'platform_admin',
      status: 'active',
      actorUserId: null,
      reason: 'admin:create',
    });
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, existing.id));
    return { userId: existing.id, email: email.data, outcome: result.changed ? 'promoted' : 'unchanged' };
  }

  if (!input.password) throw new AdminCreateError('A new operator needs a password: add --password.');
  const problem = checkNewPassword(input.password);
  if (problem) throw new AdminCreateError(problem.message);
  const [firstName = '', ...rest] = name.split(/\s+/);
  const userId = await createUserWithPassword(db, {
    email: email.data,
    password: input.password,
    name,
    firstName,
    lastName: rest.join(' '),
    role: 'platform_admin',
    status: 'active',
    emailVerified: true,
  });
  await recordAudit(db, {
    action: 'user.role_changed',
    target: `user:${userId}`,
    details: { fromRole: null, toRole: 'platform_admin', reason: 'admin:create' },
  });
  return { userId, email: email.data, outcome: 'created' };
}
