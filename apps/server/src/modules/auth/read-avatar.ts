import type { AppDeps } from '../../platform/http/app-types.ts';
import { notFound } from '../../platform/http/errors.ts';
import { readAvatarFile } from './avatar-files.ts';
import type { TSessionUser } from '../../platform/auth/guards.ts';
import { shareOrganization } from '../../platform/tenancy/organizations.ts';

/**
 * A user's picture, for the owner, members of an organisation they share, and platform operators.
 * Anyone else gets the same 404 as for a user without a picture: no one learns who exists. A school
 * that asked to link an account shares nothing with it until its holder accepts (membership).
 */
export async function readAvatar(deps: Pick<AppDeps, 'config' | 'database'>, viewer: TSessionUser, ownerId: string) {
  const allowed =
    viewer.id === ownerId ||
    (viewer.role === 'platform_admin' && viewer.status === 'active') ||
    (await shareOrganization(deps.database.db, viewer.id, ownerId));
  if (!allowed) throw notFound('No picture here.');
  const file = await readAvatarFile(deps.config, ownerId);
  if (!file) throw notFound('No picture here.');
  return file;
}
