import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TConfig } from '../../platform/config/env.ts';

/**
 * Avatars on local disk, private (served by GET /api/me/avatar/:userId after an access check):
 * DATA_DIR/files/avatars/<userId>.<png|jpg|webp>. One file per user; a new upload replaces it.
 */
export const AVATAR_EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
export type TAvatarMime = keyof typeof AVATAR_EXTENSIONS;

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isSafeUserId(userId: string): boolean {
  return SAFE_ID.test(userId);
}

export function avatarDir(config: TConfig): string {
  return path.join(config.dataDir, 'files', 'avatars');
}

/** The only `image` value a user may store on their profile: their own avatar's URL. */
export function avatarUrlPattern(userId: string): RegExp {
  const escaped = userId.replace(/[^A-Za-z0-9_-]/g, '');
  return new RegExp(`^/api/me/avatar/${escaped}(\\?v=[0-9]+)?$`);
}

export function avatarUrl(userId: string, version: number): string {
  return `/api/me/avatar/${userId}?v=${version}`;
}

export async function writeAvatarFile(
  config: TConfig,
  userId: string,
  mime: TAvatarMime,
  bytes: Buffer,
): Promise<void> {
  if (!isSafeUserId(userId)) throw new Error('unsafe user id');
  const dir = avatarDir(config);
  await fs.mkdir(dir, { recursive: true });
  const target = path.join(dir, `${userId}.${AVATAR_EXTENSIONS[mime]}`);
  // Write then rename: a reader never sees half a picture.
  const temporary = path.join(dir, `.${userId}.${randomBytes(6).toString('hex')}.tmp`);
  await fs.writeFile(temporary, bytes, { mode: 0o600 });
  await fs.rename(temporary, target);
  for (const [otherMime, extension] of Object.entries(AVATAR_EXTENSIONS)) {
    if (otherMime !== mime) await fs.rm(path.join(dir, `${userId}.${extension}`), { force: true });
  }
}

export async function readAvatarFile(
  config: TConfig,
  userId: string,
): Promise<{ mime: TAvatarMime; bytes: Buffer } | null> {
  if (!isSafeUserId(userId)) return null;
  const dir = avatarDir(config);
  for (const [mime, extension] of Object.entries(AVATAR_EXTENSIONS) as [TAvatarMime, string][]) {
    try {
      return { mime, bytes: await fs.readFile(path.join(dir, `${userId}.${extension}`)) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return null;
}

export async function deleteAvatarFiles(config: TConfig, userId: string): Promise<void> {
  if (!isSafeUserId(userId)) return;
  for (const extension of Object.values(AVATAR_EXTENSIONS)) {
    await fs.rm(path.join(avatarDir(config), `${userId}.${extension}`), { force: true });
  }
}
