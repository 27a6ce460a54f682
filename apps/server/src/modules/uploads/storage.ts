import type { Readable } from 'node:stream';
import path from 'node:path';
import type { TConfig } from '../../platform/config/env.ts';

/**
 * Where uploaded bytes live (a private local folder by default, an S3-compatible bucket in
 * production). Keys are ours (generateStorageKey), never a user's file name. Nothing here is
 * served statically: files leave only through GET /api/uploads/:id after an access check.
 */
export interface IFileStorage {
  readonly driver: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes as a stream, or null when there is no such object. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** e.g. `2026/11/3f1c…` (32 random hex digits): unguessable, spread over folders, safe as a path and S3 key. */
export const STORAGE_KEY_PATTERN = /^\d{4}\/\d{2}\/[0-9a-f]{32}$/;

export function generateStorageKey(now = new Date(), random: string): string {
  const year = String(now.getUTCFullYear());
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${year}/${month}/${random}`;
}

export function assertSafeStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}

export function localUploadsDir(config: Pick<TConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads');
}
