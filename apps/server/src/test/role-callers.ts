import type { TRole } from '@sekolo/shared/constants/roles';
import { signIn } from './auth-helpers.ts';
import { createUser } from './factories/accounts.ts';
import type { TestApp } from './test-app.ts';

/** A signed-in caller of a route × role table: its cookie key, role, and whether it is a school member. */
export type TRoleCaller = [key: string, role: TRole, member: boolean];

/**
 * One signed-in user per role for a module's access table: each of `memberRoles` a member of the
 * school `schoolName` (key: the role), each of `outsiders` without it (key: `outsider_<role>`; a
 * business partner with a business of its own). Each signs in from its own address under
 * `ipPrefix` (e.g. '10.57'), so the sign-in limits never meet.
 */
export async function signInEveryRole(
  t: TestApp,
  options: { memberRoles: readonly TRole[]; outsiders: readonly TRole[]; schoolName: string; ipPrefix: string },
): Promise<{ cookies: Record<string, string>; callers: TRoleCaller[] }> {
  const cookies: Record<string, string> = {};
  const callers: TRoleCaller[] = [];
  let ip = 1;
  for (const role of options.memberRoles) {
    const user = await createUser(t.database.db, { role, organization: { name: options.schoolName, type: 'school' } });
    cookies[role] = (await signIn(t.app, user.email, user.password, { ip: `${options.ipPrefix}.0.${ip++}` })).cookie;
    callers.push([role, role, true]);
  }
  for (const role of options.outsiders) {
    const user = await createUser(t.database.db, {
      role,
      ...(role === 'business_partner' ? { organization: { name: 'Outside Tutors', type: 'business' as const } } : {}),
    });
    const key = `outsider_${role}`;
    cookies[key] = (await signIn(t.app, user.email, user.password, { ip: `${options.ipPrefix}.1.${ip++}` })).cookie;
    callers.push([key, role, false]);
  }
  return { cookies, callers };
}
