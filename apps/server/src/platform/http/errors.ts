import type { ErrorCode } from '@sekolo/shared/contracts/error-codes';

/** An error a user may see: its message is safe to show, its code (of the shared list) is stable for clients. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError(403, 'FORBIDDEN', message);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, 'UNAUTHORIZED', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
/** Someone else saved what the request changes since the caller read it: the caller reads it again and merges. */
export const savedMeanwhile = (message: string) => new AppError(409, 'SAVED_MEANWHILE', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'VALIDATION_ERROR', message, fields);

/**
 * The database's error of SQLSTATE `code` (e.g. 23505) in `error` or an error it wraps (drizzle puts
 * the driver's error in `cause`), with the constraint it names; or null.
 */
export function databaseError(error: unknown, code: string): { code: string; constraint?: string } | null {
  const seen = new Set<unknown>();
  for (let e = error; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    if ((e as { code?: string }).code === code) return e as { code: string; constraint?: string };
  }
  return null;
}

/**
 * Whether `error` is PostgreSQL's unique violation (23505): a concurrent insert that reached a
 * unique index first. Callers answer it as the conflict their own check would have found.
 */
export function isUniqueViolation(error: unknown): boolean {
  return databaseError(error, '23505') !== null;
}
