import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { UPLOAD_MESSAGES } from '@sekolo/shared/schemas/uploads';
import { AppError } from '../../platform/http/errors.ts';
import { assertSafeStorageKey, type IFileStorage } from './storage.ts';

/**
 * Whether `error` says the bucket's service cannot be reached or is failing (refused or dropped
 * connections, timeouts, its 5xx), as opposed to an answer about the request (a missing key, a
 * refused access key), which stays a programming or configuration error.
 */
function isUnavailable(error: unknown): boolean {
  if (error instanceof S3ServiceException) return (error.$metadata.httpStatusCode ?? 0) >= 500;
  const code = (error as { code?: string }).code ?? '';
  const name = (error as { name?: string }).name ?? '';
  return (
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE)$/.test(code) ||
    /TimeoutError|RequestTimeout/.test(name)
  );
}

/** The service down: 503 with a message a user understands (nothing was stored), not a 500. */
async function available<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUnavailable(error)) {
      throw Object.assign(new AppError(503, 'STORAGE_UNAVAILABLE', UPLOAD_MESSAGES.storageUnavailable), {
        cause: error,
      });
    }
    throw error;
  }
}

export type TS3StorageOptions = {
  /** For S3-compatible services (MinIO, R2, Spaces…); AWS itself needs none. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Without them the SDK's default chain applies (environment, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
};

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}

/** Uploads in an S3-compatible bucket (production engine). The bucket must be private. */
export function createS3FileStorage(options: TS3StorageOptions): IFileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where the API requires them: many S3-compatible services reject the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A service that does not answer holds an upload for seconds, then the user hears it is down.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 2,
  });
  const Bucket = options.bucket;

  return {
    driver: 's3',

    async put(key, bytes, contentType) {
      assertSafeStorageKey(key);
      await available(() =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.length,
          }),
        ),
      );
    },

    async get(key) {
      assertSafeStorageKey(key);
      try {
        const result = await available(() => client.send(new GetObjectCommand({ Bucket, Key: key })));
        if (!result.Body) return null;
        const body =
          result.Body instanceof Readable ? result.Body : Readable.from(await result.Body.transformToByteArray());
        return { body, size: result.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertSafeStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      assertSafeStorageKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
  };
}
