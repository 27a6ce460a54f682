import { pathOf, searchOf, type Contract, type RequestOf, type ResponseOf } from '@sekolo/shared/contracts/contract';

/** The one way the web app talks to /api: JSON in, JSON out, errors as ApiError with the server's message. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A 409 that names no field: someone else saved what the request changes since it was read (a
 * register's marks, a learner's record); the caller reads it again and merges. A 409 naming a field
 * (an admission number taken) is the field's own message.
 */
export function isSavedMeanwhile(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && !error.fields;
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

/** The ApiError of an answer that is not 2xx, from its body (JSON, or nothing readable). */
function apiErrorOf(status: number, data: unknown): ApiError {
  // Our API answers { error: { code, message } }; Better Auth's endpoints answer { code, message }.
  const body = data as
    | {
        error?: { code?: string; message?: string; fields?: Record<string, string> };
        code?: string;
        message?: string;
      }
    | undefined;
  const error = body?.error ?? (body?.message ? { code: body.code, message: body.message } : undefined);
  return new ApiError(
    status,
    error?.code ?? 'HTTP_' + status,
    error?.message ??
      (status === 429
        ? 'Too many attempts. Please wait a few minutes before trying again.'
        : 'Something went wrong. Please try again.'),
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
