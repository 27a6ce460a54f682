import type { TConfig } from '../../platform/config/env.ts';
import { createLocalFileStorage } from './local-storage.ts';
import { createS3FileStorage } from './s3-storage.ts';
import { localUploadsDir, type IFileStorage } from './storage.ts';

/** The storage STORAGE_DRIVER names: a folder in DATA_DIR, or an S3-compatible bucket. */
export function createFileStorage(config: TConfig): IFileStorage {
  if (config.STORAGE_DRIVER === 's3') {
    return createS3FileStorage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET!,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalFileStorage(localUploadsDir(config));
}
