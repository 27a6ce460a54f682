import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { consumeRateLimit, rateLimitedError } from '../rate-limits/rate-limit.ts';
import { AppError, badRequest } from './errors.ts';

/** How many pictures one person may upload in a quarter of an hour (a listing's or a campaign's gallery). */
export const IMAGE_UPLOAD_RATE_LIMIT = { limit: 120, windowMs: 15 * 60 * 1000 } as const;

/**
 * A preHandler that counts a picture upload against the uploader (`<name>:<user id>`) and refuses
 * past the limit with 429 and Retry-After.
 */
export function limitImageUploads(db: Database, name: string, userIdOf: (request: FastifyRequest) => Promise<string>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await consumeRateLimit(db, {
      key: `${name}:${await userIdOf(request)}`,
      ...IMAGE_UPLOAD_RATE_LIMIT,
    });
    if (!result.allowed) {
      reply.header('retry-after', String(result.retryAfterSeconds));
      throw rateLimitedError(result.retryAfterSeconds, 'uploads');
    }
  };
}

/**
 * The picture of a multipart upload: the bytes of its `file` part, the `alt` text and a `caption`
 * (empty when not sent). Not multipart, no file, or larger than the upload limit: the caller's
 * messages, as 400 or 413.
 */
export async function readImageUpload(
  request: FastifyRequest,
  messages: { imageType: string; imageTooLarge: string },
): Promise<{ bytes: Buffer; alt: string; caption: string }> {
  if (!request.isMultipart()) throw badRequest(messages.imageType);
  let bytes: Buffer | null = null;
  let alt = '';
  let caption = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await (part as MultipartFile).toBuffer();
        if (part.fieldname === 'file' && !bytes) bytes = buffer;
      } else if (part.fieldname === 'alt') {
        alt = String(part.value ?? '');
      } else if (part.fieldname === 'caption') {
        caption = String(part.value ?? '');
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'FILE_TOO_LARGE', messages.imageTooLarge);
    throw error;
  }
  if (!bytes) throw badRequest(messages.imageType, { file: messages.imageType });
  return { bytes, alt, caption };
}
