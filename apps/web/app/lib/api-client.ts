import { pathOf, searchOf, type Contract, type RequestOf, type ResponseOf } from '@sekolo/shared/contracts/contract';
import {
  isKnownErrorCode,
  type AuthErrorCode,
  type ErrorCode,
  type FrameworkErrorCode,
} from '@sekolo/shared/contracts/error-codes';

/**
 * The code of an ApiError: the API's (shared list), the accounts endpoints', or the client's own
 * for a request that got no readable answer (NETWORK_ERROR, BAD_RESPONSE), was cancelled (ABORTED)
 * or a sign-in provider that did not answer (NO_REDIRECT).
 */
export type ApiErrorCode =
  ErrorCode | AuthErrorCode | FrameworkErrorCode | 'NETWORK_ERROR' | 'BAD_RESPONSE' | 'ABORTED' | 'NO_REDIRECT';

/**
 * The one way the web app talks to /api: JSON in, JSON out, errors as ApiError with the server's
 * message and code. Callers decide by `code`; `status` is the HTTP status (0 when there was no
 * answer), kept for logs.
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ApiErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Refused because someone else saved what the request changes since it was read (a register's
 * marks, a learner's record): the caller reads it again and merges.
 */
export function isSavedMeanwhile(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'SAVED_MEANWHILE';
}

const NO_ANSWER_CODES: ReadonlySet<ApiErrorCode> = new Set(['NETWORK_ERROR', 'BAD_RESPONSE', 'ABORTED', 'NO_REDIRECT']);
const SERVER_FAULT_CODES: ReadonlySet<ApiErrorCode> = new Set(['INTERNAL_ERROR', 'TRY_AGAIN']);

/**
 * The server's refusal of the request itself (not our fault, not the network's): its message is
 * written for the person and worth showing as it is.
 */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && !NO_ANSWER_CODES.has(error.code) && !SERVER_FAULT_CODES.has(error.code);
}

/** Our side failed (a 5xx): its message is a general one. */
export function isServerFault(error: unknown): boolean {
  return error instanceof ApiError && SERVER_FAULT_CODES.has(error.code);
}

/** The request got no readable answer (offline, the connection dropped, an answer cut short). */
export function isNoAnswer(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'NETWORK_ERROR' || error.code === 'BAD_RESPONSE');
}

type RequestOptions = Omit<RequestInit, 'body'> & { body?: unknown };

const NETWORK_ERROR_MESSAGE = 'We could not reach Sekolo. Check your connection and try again.';

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body, headers, ...rest } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        accept: 'application/json',
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) throw apiErrorOf(response.status, data);
  return data as T;
}

/**
 * The code of an answer without one the web knows (a proxy's error page, an accounts error the web
 * does not tell apart): the general code of its status.
 */
function codeOfStatus(status: number): ApiErrorCode {
  if (status >= 500) return 'INTERNAL_ERROR';
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'FILE_TOO_LARGE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'BAD_REQUEST';
  }
}

const DEFAULT_MESSAGES: Partial<Record<ApiErrorCode, string>> = {
  RATE_LIMITED: 'Too many attempts. Please wait a few minutes before trying again.',
};

/**
 * The ApiError of an answer that is not 2xx, from its body (JSON, or nothing readable). An answer
 * without a message gets `fallbackMessage`'s for its code, or a general one.
 */
export function apiErrorOf(
  status: number,
  data: unknown,
  fallbackMessage: (code: ApiErrorCode) => string | undefined = (code) => DEFAULT_MESSAGES[code],
): ApiError {
  // Our API answers { error: { code, message } }; Better Auth's endpoints answer { code, message }.
  const body = data as
    | {
        error?: { code?: string; message?: string; fields?: Record<string, string> };
        code?: string;
        message?: string;
      }
    | undefined;
  const error = body?.error ?? (body?.message ? { code: body.code, message: body.message } : undefined);
  const sent = error?.code;
  const code: ApiErrorCode =
    isKnownErrorCode(sent) || (typeof sent === 'string' && sent.startsWith('FST_ERR_'))
      ? (sent as ApiErrorCode)
      : codeOfStatus(status);
  return new ApiError(
    status,
    code,
    error?.message ?? fallbackMessage(code) ?? 'Something went wrong. Please try again.',
    error?.fields,
  );
}

/**
 * POST `body` to an endpoint that answers one JSON object a line as its work goes on
 * (application/x-ndjson): `onLine` hears each line as it arrives. A refusal before the first line
 * (401, 400) throws ApiError as apiRequest does; the lines themselves say how the work ended.
 */
export async function apiPostLines<TLine>(path: string, body: unknown, onLine: (line: TLine) => void): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/x-ndjson', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    throw apiErrorOf(response.status, text ? safeJson(text) : undefined);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pending += value;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) onLine(JSON.parse(line) as TLine);
    }
  } catch (error) {
    if (error instanceof SyntaxError) throw new ApiError(0, 'BAD_RESPONSE', 'Something went wrong. Please try again.');
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  if (pending.trim()) onLine(JSON.parse(pending) as TLine);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

type CallOptions = Omit<RequestOptions, 'body' | 'method'>;

/**
 * Calls the operation a contract describes: its URL from the contract's path, params and query,
 * its answer typed by the contract's response schema. A contract without params, query or body
 * is called without a request.
 */
export function call<C extends Contract>(
  c: C,
  ...[request, options]: object extends RequestOf<C>
    ? [request?: RequestOf<C>, options?: CallOptions]
    : [request: RequestOf<C>, options?: CallOptions]
): Promise<ResponseOf<C>> {
  const { params, query, body } = (request ?? {}) as { params?: object; query?: object; body?: unknown };
  const url = pathOf(c, params as Record<string, unknown>) + searchOf(query as Record<string, unknown>);
  return apiRequest<ResponseOf<C>>(url, { ...options, method: c.method, body });
}

/** The URL of a contract's operation, for a link or a download (`answer: 'file'`). */
export function urlOf<C extends Contract>(c: C, request?: Pick<RequestOf<C>, 'params' | 'query'>): string {
  const { params, query } = (request ?? {}) as { params?: object; query?: object };
  return pathOf(c, params as Record<string, unknown>) + searchOf(query as Record<string, unknown>);
}

/**
 * Sends `form` (multipart/form-data) to a contract's operation: an upload, whose parts the route
 * reads itself, so the contract names no body.
 */
export function callWithForm<C extends Contract>(
  c: C,
  form: FormData,
  request?: Pick<RequestOf<C>, 'params' | 'query'>,
): Promise<ResponseOf<C>> {
  return apiRequest<ResponseOf<C>>(urlOf(c, request), { method: c.method, body: form });
}
