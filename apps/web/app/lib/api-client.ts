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
    throw new ApiError(0, 'NETWORK_ERROR', 'We could not reach Sekolo. Check your connection and try again.');
  }
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    // Our API answers { error: { code, message } }; Better Auth's endpoints answer { code, message }.
    const body = data as
      | {
          error?: { code?: string; message?: string; fields?: Record<string, string> };
          code?: string;
          message?: string;
        }
      | undefined;
    const error = body?.error ?? (body?.message ? { code: body.code, message: body.message } : undefined);
    throw new ApiError(
      response.status,
      error?.code ?? 'HTTP_' + response.status,
      error?.message ??
        (response.status === 429
          ? 'Too many attempts. Please wait a few minutes before trying again.'
          : 'Something went wrong. Please try again.'),
      error?.fields,
    );
  }
  return data as T;
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
