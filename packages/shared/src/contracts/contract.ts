import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API operation as both sides read it: the server validates the request and serialises the
 * answer with these schemas (a field the response schema does not name never leaves the server),
 * and the web client takes its URL, its request and its answer's type from the same object.
 *
 * `path` is the whole URL path with `:name` segments for `params`. `response` is the schema of the
 * success answer (sent with `status`, 200 unless said); `null` is an answer without a body (204).
 * An answer that is not one JSON document (`ndjson` lines, a `file` to download, an `event-stream` of
 * Server-Sent Events) names its kind in `answer`; the server sends it as it is.
 */
export type Contract = {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly status?: 200 | 201 | 202 | 204;
  readonly response: z.ZodType | null;
  readonly answer?: 'json' | 'ndjson' | 'file' | 'event-stream';
};

export function contract<const C extends Contract>(definition: C): C {
  return definition;
}

/**
 * A contract by its method and path alone, typed as the whole contract: for a page that calls the
 * operation but must not load the schemas (zod) at first paint. `typeof` of the contract is
 * imported as a type only; the method and path must be the contract's own. The server still checks
 * the request and shapes the answer by the whole contract.
 */
export function contractRef<C extends Contract>(method: C['method'], path: C['path']): C {
  return { method, path, response: null } as unknown as C;
}

/** What the caller sends: only the parts the contract has. */
export type RequestOf<C extends Contract> = (C['params'] extends z.ZodType
  ? { params: z.input<C['params']> }
  : { params?: never }) &
  (C['query'] extends z.ZodType ? { query: z.input<C['query']> } : { query?: never }) &
  (C['body'] extends z.ZodType ? { body: z.input<C['body']> } : { body?: never });

/** The success answer's type, as the client receives it. */
export type ResponseOf<C extends Contract> = C['response'] extends z.ZodType ? z.output<C['response']> : undefined;

/** The contract's path with its `:name` segments filled in, each encoded. */
export function pathOf(c: Pick<Contract, 'path'>, params?: Record<string, unknown>): string {
  return c.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`Missing path parameter ${name} for ${c.path}`);
    return encodeURIComponent(String(value));
  });
}

/** A query object as a search string ('' when nothing is set); undefined and null values are left out. */
export function searchOf(query?: Record<string, unknown>): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
