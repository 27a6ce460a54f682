import fp from 'fastify-plugin';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Contract } from '@sekolo/shared/contracts/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API contract the route answers to. */
    contract?: Contract;
  }
  interface FastifyInstance {
    /** Every /api route as registered, with its contract when it has one. */
    apiRoutes: { method: string; url: string; contract?: Contract }[];
  }
}

type Present<K extends string, S> = S extends z.ZodType ? { [key in K]: S } : { [key in K]?: undefined };

type SchemaOf<C extends Contract> = Present<'params', C['params']> &
  Present<'querystring', C['query']> &
  Present<'body', C['body']> &
  (C['response'] extends z.ZodType
    ? C['answer'] extends 'ndjson' | 'file' | 'event-stream'
      ? { response?: undefined }
      : { response: { [status in C['status'] extends number ? C['status'] : 200]: C['response'] } }
    : { response?: undefined });

/**
 * The route options a contract gives: method, URL (the contract's path under the plugin's
 * prefix), and the schemas Fastify validates the request and serialises the answer with. Spread
 * into `app.route({ ...fromContract(app, c), preHandler, handler })`; `config` adds to the
 * route's own settings.
 */
export function fromContract<const C extends Contract>(
  app: FastifyInstance,
  c: C,
  config: Omit<FastifyContextConfig, 'contract'> = {},
): { method: C['method']; url: string; schema: SchemaOf<C>; config: FastifyContextConfig & { contract: C } } {
  const prefix = app.prefix;
  if (!c.path.startsWith(prefix)) throw new Error(`${c.path} is not under the prefix ${prefix}`);
  const url = c.path.slice(prefix.length) || '/';
  const schema: Record<string, unknown> = {};
  if (c.params) schema.params = c.params;
  if (c.query) schema.querystring = c.query;
  if (c.body) schema.body = c.body;
  if (c.response && (c.answer ?? 'json') === 'json') schema.response = { [c.status ?? 200]: c.response };
  return { method: c.method, url, schema: schema as SchemaOf<C>, config: { ...config, contract: c } };
}

/** Records every /api route and its contract, so a test can hold each to having one. */
export const apiRoutesPlugin = fp(async (app) => {
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.apiRoutes.push({ method, url: route.url, contract: route.config?.contract });
    }
  });
});
