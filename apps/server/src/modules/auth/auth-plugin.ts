import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fromNodeHeaders } from 'better-auth/node';
import { recordAudit } from '../../platform/audit/audit.ts';
import { notFound } from '../../platform/http/errors.ts';
import { resolveAuthSecret } from './auth-secret.ts';
import { AUTH_PATH_HEADER, canonicalAuthPath, throttleAuthRequest } from './auth-throttle.ts';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, createAuth, type TAuth } from './create-auth.ts';
import { assertGuardsRunFirst } from '../../platform/auth/guards.ts';
import { createSessionLookup } from '../../platform/auth/session-lookup.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Better Auth instance (modules/auth). Prefer the guards in platform/auth/guards.ts. */
    auth: TAuth;
    /** Account work done after the answer (a password reset request); idle() waits for it. */
    authTasks: TAuthTasks;
  }
}

export type TAuthTasks = {
  run(task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
};

function createAuthTasks(log: FastifyBaseLogger): TAuthTasks {
  const pending = new Set<Promise<unknown>>();
  return {
    run(task) {
      const running = task()
        .catch((error: unknown) => log.error({ err: error, module: 'auth' }, 'background account task failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

/** The answer to every accepted sign-up, whether or not the address had an account. */
export const SIGN_UP_ANSWER = {
  status: true,
  message: 'Thank you. Please check your email to continue.',
};

/** Better Auth's answer to a password reset request, whether or not the address has an account. */
export const RESET_REQUESTED_ANSWER = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};

/**
 * A reset request whose answer cannot depend on the address: a well-formed e-mail and, if any, a
 * path on this site to come back to. Such requests are answered at once and run after the answer.
 */
function isPlainResetRequest(body: unknown): body is { email: string; redirectTo?: string } {
  if (!body || typeof body !== 'object') return false;
  const { email, redirectTo } = body as Record<string, unknown>;
  if (typeof email !== 'string' || !z.email().safeParse(email).success) return false;
  return redirectTo === undefined || isSitePath(redirectTo);
}

function isSitePath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value);
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
    app.decorate('readSession', (headers: Headers) =>
      auth.api.getSession({
        headers,
        // Guards only read; /api/auth/get-session (called by the web app) slides the expiry.
        query: { disableRefresh: true },
      }),
    );
    const tasks = createAuthTasks(app.log);
    app.decorate('authTasks', tasks);
    app.addHook('onClose', async () => tasks.idle());

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      // Only the plain spelling of an endpoint reaches Better Auth: the limits below count it by
      // that name, and any other spelling of the same endpoint would slip past them.
      const path = canonicalAuthPath(request.url, AUTH_BASE_PATH);
      if (path === null) throw notFound(`No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
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
      headers.set(AUTH_PATH_HEADER, path);
      let body: string | undefined;
      if (
        request.method !== 'GET' &&
        request.method !== 'HEAD' &&
        request.body !== undefined &&
        request.body !== null
      ) {
        // Fastify has parsed the JSON body (the only type these routes take); Better Auth reads it again as text.
        body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
        if (typeof request.body !== 'string') headers.set('content-type', 'application/json');
        headers.delete('content-length');
      }
      const authRequest = new Request(`${config.publicUrl}${request.url}`, { method: request.method, headers, body });

      if (request.method === 'POST' && path === '/request-password-reset') {
        const resetBody = request.body as Record<string, unknown> | undefined;
        if (
          resetBody &&
          typeof resetBody === 'object' &&
          resetBody.redirectTo !== undefined &&
          !isSitePath(resetBody.redirectTo)
        ) {
          return reply
            .status(400)
            .send({ code: 'VALIDATION_ERROR', message: 'redirectTo must be a path on this site.' });
        }
        if (isPlainResetRequest(resetBody)) {
          // Looking the address up, storing a token and mailing the link take longer for an address
          // with an account than for one without: done after the answer, the answer's timing says
          // nothing about the address. Its text is the one Better Auth gives either way.
          // It starts once the answer has gone, so none of its work delays the answer either.
          const answered = new Promise<void>((resolve) => {
            const go = () => setImmediate(resolve);
            reply.raw.once('finish', go);
            reply.raw.once('close', go);
          });
          tasks.run(async () => {
            await answered;
            const response = await auth.handler(authRequest);
            if (!response.ok) {
              app.log.warn({ status: response.status, module: 'auth' }, 'password reset request refused');
            }
          });
          return reply.status(200).send(RESET_REQUESTED_ANSWER);
        }
      }

      const response = await auth.handler(authRequest);
      await throttle.settle(response.status);

      let status = response.status;
      let text = withoutSessionToken(await response.text(), response.headers.get('content-type'));
      // A new address and one that has an account get the same answer, word for word (Better
      // Auth's own differs in the made-up user it returns for the latter).
      if (path === '/sign-up/email' && status === 200) text = JSON.stringify(SIGN_UP_ANSWER);
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
 * The session lives in the httpOnly cookie only. Better Auth also answers the raw session
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
