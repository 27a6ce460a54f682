import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  LEARNER_IMPORT_PROGRESS_TYPE,
  type TLearnerImportLine,
  type TLearnerImportProgress,
  type TLearnerImportReport,
} from '@sekolo/shared/schemas/school';
import { AppError } from '../../platform/http/errors.ts';

/** The client asked to hear the check's progress (Accept: application/x-ndjson). */
export function wantsImportProgress(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes(LEARNER_IMPORT_PROGRESS_TYPE);
}

/**
 * Answers at once and streams the work's progress, one JSON object a line (TLearnerImportLine):
 * the admin's screen shows "Checked 2 400 of 5 000 rows" on a slow connection, where one answer at
 * the end shows nothing for seconds. The lines are few (a progress line a 200 rows) and short.
 *
 * The stream rather than a job to poll: with WEB_CONCURRENCY > 1 each poll may reach another server
 * process, which knows nothing of a job held in memory; the stream stays with the process doing the
 * work and keeps no state once it ends.
 *
 * Once the 200 and its headers are out, a failure (a class full, an admission number taken meanwhile)
 * is the last line, `{ error }` in the API's error shape with its HTTP status.
 */
export function streamImportProgress(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (onProgress: (progress: TLearnerImportProgress) => void) => Promise<TLearnerImportReport>,
): FastifyReply {
  const lines = new PassThrough();
  // A client gone (the admin closed the tab) destroys the stream; the work finishes on its own.
  lines.on('error', () => {});
  const send = (line: TLearnerImportLine) => {
    if (!lines.destroyed && !lines.writableEnded) lines.write(`${JSON.stringify(line)}\n`);
  };
  void work((progress) => send({ progress }))
    .then((report) => send({ report }))
    .catch((error: unknown) => {
      if (error instanceof AppError) {
        send({
          error: {
            status: error.statusCode,
            code: error.code,
            message: error.message,
            ...(error.fields ? { fields: error.fields } : {}),
          },
        });
        return;
      }
      request.log.error({ err: error }, 'unhandled error');
      send({
        error: { status: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' },
      });
    })
    .finally(() => lines.end());
  return (
    reply
      .header('content-type', `${LEARNER_IMPORT_PROGRESS_TYPE}; charset=utf-8`)
      .header('cache-control', 'no-store')
      // A proxy that buffers answers (nginx) would hold every line back until the last.
      .header('x-accel-buffering', 'no')
      .send(lines)
  );
}
