import { generateId } from 'better-auth';
import { hashPassword } from 'better-auth/crypto';
import type { DbExecutor } from '../../platform/db/client.ts';
import { authAccounts, users } from '../../platform/db/schema/index.ts';

export type TNewUser = {
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  role: string;
  status: string;
  emailVerified: boolean;
  image?: string | null;
} & ({ password: string; passwordHash?: undefined } | { password?: undefined; passwordHash: string });

/**
 * A user with an e-mail/password login, written the way Better Auth writes one (its id format, a
 * 'credential' account whose accountId is the user id, its scrypt hash), for server code that
 * creates accounts without an HTTP request: admin:create, the demo seed, test factories.
 * Pass `passwordHash` to reuse one hash for many users (scrypt is deliberately slow).
 */
export async function createUserWithPassword(db: DbExecutor, input: TNewUser): Promise<string> {
  const id = generateId(32);
  const hash = input.passwordHash ?? (await hashPassword(input.password!));
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      email: input.email.trim().toLowerCase(),
      name: input.name,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      status: input.status,
      emailVerified: input.emailVerified,
      image: input.image ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(authAccounts).values({
      id: generateId(32),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: hash,
      createdAt: now,
      updatedAt: now,
    });
  });
  return id;
}
