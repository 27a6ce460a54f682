import { eq } from 'drizzle-orm';
import { ADMISSION_MESSAGES as M } from '@sekolo/shared/schemas/admissions';
import type { Database } from '../../../platform/db/client.ts';
import { users } from '../../../platform/db/schema/index.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { AppError, conflict, isUniqueViolation } from '../../../platform/http/errors.ts';
import { checkNewPassword, createUserWithPassword } from '../../auth/index.ts';

/**
 * A parent account for a family applying to a school (the register screen offers no parent role:
 * spec 6 leaves parent accounts to schools, and this is the school's own admissions page). The
 * account is active and belongs to no school until one enrols a child of theirs; like every
 * account it signs in once its address is verified (the link mailed here).
 */
export async function createGuardianAccount(
  db: Database,
  input: { firstName: string; lastName: string; email: string; password: string; schoolSlug?: string },
  ip: string,
  sendVerification: (email: string, callbackURL: string) => Promise<void>,
): Promise<void> {
  const problem = checkNewPassword(input.password);
  if (problem) throw new AppError(400, 'VALIDATION_ERROR', problem.message, { password: problem.message });
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken) throw conflict(M.emailTaken);
  try {
    const id = await createUserWithPassword(db, {
      email: input.email,
      name: `${input.firstName} ${input.lastName}`,
      firstName: input.firstName,
      lastName: input.lastName,
      role: 'parent',
      status: 'active',
      emailVerified: false,
      password: input.password,
    });
    await recordAudit(db, {
      action: 'auth.sign_up',
      actorUserId: id,
      target: `user:${id}`,
      ip,
      details: { role: 'parent', via: 'admissions' },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.emailTaken);
    throw error;
  }
  // Sign-in needs a verified address, as for every account; the link brings them back to the school.
  await sendVerification(input.email, input.schoolSlug ? `/schools/${input.schoolSlug}/admissions` : '/verification');
}
