import { eq } from 'drizzle-orm';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from '@sekolo/shared/schemas/auth';
import type { AppDeps } from '../../platform/http/app-types.ts';
import { users } from '../../platform/db/schema/index.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { detectAllowedContentType } from '../../platform/lib/file-content-type.ts';
import { AVATAR_EXTENSIONS, avatarUrl, writeAvatarFile, type TAvatarMime } from './avatar-files.ts';

/**
 * Stores a user's picture (PNG, JPEG or WebP up to 2 MB, recognised by its bytes, not its name or
 * the browser's claim) and points their profile at it. Answers the new `image` URL.
 */
export async function uploadAvatar(
  deps: Pick<AppDeps, 'config' | 'database'>,
  input: { userId: string; bytes: Buffer },
) {
  if (input.bytes.length === 0) throw badRequest(AVATAR_MESSAGES.missing);
  if (input.bytes.length > AVATAR_MAX_BYTES) throw new AppError(413, 'FILE_TOO_LARGE', AVATAR_MESSAGES.tooLarge);
  const mime = await detectAllowedContentType(input.bytes, Object.keys(AVATAR_EXTENSIONS) as TAvatarMime[]);
  if (!mime) throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', AVATAR_MESSAGES.wrongType);
  await writeAvatarFile(deps.config, input.userId, mime, input.bytes);
  const image = avatarUrl(input.userId, Date.now());
  await deps.database.db.update(users).set({ image, updatedAt: new Date() }).where(eq(users.id, input.userId));
  return { image };
}
