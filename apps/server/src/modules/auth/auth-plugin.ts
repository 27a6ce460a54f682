import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { recordAudit } from '../../lib/audit.ts';
import { resolveAuthSecret } from './auth-secret.ts';
import { throttleAuthRequest } from './auth-throttle.ts';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, createAuth, type TAuth } from './create-auth.ts';
import { assertGuardsRunFirst } from './guards.ts';
import { createSessionLookup, type TSessionLookup } from './session-lookup.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Better Auth instance (modules/auth). Prefer the guards in modules/auth/guards.ts. */
    auth: TAuth;
    /** The guards' one-statement session check (session-lookup.ts); null: ask Better Auth. */
    sessionLookup: TSessionLookup | null;
  }
}

// Headers Fastify computes itself for the body it sends.
const SKIPPED_RESPONSE_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'set-cookie']);

/**
 * Better Auth mounted at /api/auth/* (its Fastify integration: the Fastify request becomes a Fetch
 * Request and the Fetch Response goes back through the reply). Registered with fastify-plugin so
 * `app.auth` is visible to every module. Rate limits run here, before Better Auth sees the request.
 * It also makes the guards' rule (guards.ts) hold for every route: a guard runs at onRequest.
 */
export const authPlugin = fp(
  async (app) => {
    // Every route registered after this one (every module's): guards run at onRequest (guards.ts).
    app.addHook('onRoute', (route) => assertGuardsRunFirst(route));
    const { config, database, mailer } = app.deps;
    const secret = await resolveAuthSecret(config, database.db);
    const auth = createAuth({ config, db: database.db, mailer, secret, log: app.log });
    app.decorate('auth', auth);
    app.decorate('sessionLookup', await createSessionLookup(auth, database.db));

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0]!.slice(AUTH_BASE_PATH.length) || '/';
      const throttle = await throttleAuthRequest(database.db, config, {
        method: request.method,
        path,
        ip: request.ip,
        body: request.body,
      });
      if (throttle.limited) {
        if (path === '/sign-in/email') {
          await recordAudit(database.db, { action: 'auth.sign_in_rate_limited', ip: request.ip });
        }
        return reply
          .status(429)
          .header('retry-after', String(throttle.retryAfterSeconds))
          .send({ code: 'RATE_LIMITED', message: throttle.message });
      }

      const headers = fromNodeHeaders(request.headers);
      headers.set(CLIENT_IP_HEADER, request.ip);
      let body: string | undefined;
      if (
        request.method !== 'GET' &&
        request.method !== 'HEAD' &&
        request.body !== undefined &&
        request.body !== null
      ) {
        // Fastify has parsed JSON and form bodies; Better Auth reads JSON.
        body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
        if (typeof request.body !== 'string') headers.set('content-type', 'application/json');
        headers.delete('content-length');
      }
      const response = await auth.handler(
        new Request(`${config.publicUrl}${request.url}`, { method: request.method, headers, body }),
      );
      await throttle.settle(response.status);

      let status = response.status;
      const text = withoutSessionToken(await response.text(), response.headers.get('content-type'));
      // The contract's status for "e-mail sign-in switched off" (AUTH_EMAIL_PASSWORD=false).
      if (status === 400 && text.includes('"EMAIL_PASSWORD_DISABLED"')) status = 403;
      reply.status(status);
      response.headers.forEach((value, key) => {
        if (!SKIPPED_RESPONSE_HEADERS.has(key)) reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(text.length > 0 ? text : undefined);
    };

    app.route({ method: ['GET', 'POST'], url: `${AUTH_BASE_PATH}/*`, handler });
  },
  { name: 'sekolo-auth' },
);

/**
 * D4: the session lives in the httpOnly cookie only. Better Auth also answers the raw session
 * token in JSON (for bearer clients we do not have); page scripts never need it, so it is dropped.
 */
function withoutSessionToken(text: string, contentType: string | null): string {
  if (!text || !contentType?.includes('application/json') || !text.includes('"token"')) return text;
  try {
    const data = JSON.parse(text) as unknown;
    if (!data || typeof data !== 'object' || Array.isArray(data)) return text;
    const record = data as { token?: unknown; session?: { token?: unknown } | null };
    delete record.token;
    if (record.session && typeof record.session === 'object') delete record.session.token;
    return JSON.stringify(record);
  } catch {
    return text;
  }
}
