import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { trustedOrigins } from '../config/trusted-origins.ts';
import { AppError } from './errors.ts';
import { runDeferredGuard } from '../auth/guards.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The media types this route reads its body in (`multipart/form-data` for an upload); a body of
     * any other type is refused with 415 before it is read. Without it: `application/json` only.
     */
    bodyTypes?: readonly string[];
    /**
     * Called by another server, never from a browser (a payment provider's notification): there is
     * no Origin to check, and the route proves who is calling by itself (a signature, the
     * provider's addresses). Only such routes set it; cross-site-requests.test.ts lists them.
     */
    serverToServer?: true;
  }
}

export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const JSON_BODY: readonly string[] = ['application/json'];
export const FORM_BODY = 'application/x-www-form-urlencoded';
export const MULTIPART_BODY = 'multipart/form-data';

/**
 * Whether a state-changing request comes from a page of ours. A browser sends Origin with every
 * POST, PUT, PATCH and DELETE, from our pages and from any other site's, and no page can forge it,
 * so it decides when present. It may be missing (or "null") only where the browser still says, in
 * Sec-Fetch-Site (which no page can forge either), that the request is same-origin. A request with
 * neither comes from no browser we serve: the API has only the web app for a client (sessions live
 * in a cookie), so it is refused too rather than trusted, and a tool that calls the API sends
 * the Origin of the address it calls, as a browser would.
 *
 * Origins are compared with the configured addresses (platform/config/trusted-origins.ts), never with Host or
 * X-Forwarded-Host: behind a proxy (TRUST_PROXY) those say what the proxy forwarded, and no header
 * a caller sends can widen the list.
 */
export function fromTrustedPage(request: Pick<FastifyRequest, 'headers'>, trusted: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return trusted.has(origin.toLowerCase());
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/** The media type of the request's body (`application/json`), '' for a body without one, null without a body. */
export function bodyTypeOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const { headers } = request;
  const contentType = headers['content-type'];
  if (contentType !== undefined) return contentType.split(';')[0]!.trim().toLowerCase();
  const hasBody =
    (headers['content-length'] !== undefined && headers['content-length'] !== '0') ||
    headers['transfer-encoding'] !== undefined;
  return hasBody ? '' : null;
}

/**
 * Refuses cross-site requests on every route, so a page of another site (a sibling subdomain
 * included) cannot act as the signed-in user through the session cookie the browser attaches:
 * - a state-changing request not from our own pages (fromTrustedPage): 403 CROSS_SITE_REQUEST, at
 *   onRequest, before any route's guard;
 * - a body of a type the route does not declare (route config `bodyTypes`, JSON by default): 415
 *   UNSUPPORTED_MEDIA_TYPE, before the body is read. A plain HTML form of another site can only
 *   send form, multipart or text bodies, so the JSON routes read none of them.
 * Better Auth's /api/auth/* gets the same checks, on top of its own (same trusted origins); its
 * OAuth callbacks are GETs and pass. Routes called by another server opt out of the Origin check
 * with route config `serverToServer` (a payment provider's notification).
 */
export const crossSiteRequestsPlugin = fp(
  async (app) => {
    const { config } = app.deps;
    const trusted = new Set(trustedOrigins(config).map((address) => new URL(address).origin));
    const crossSiteMessage = `This request did not come from a Sekolo page, so it was refused. Open Sekolo at ${config.publicUrl} and try again.`;

    // A callback hook, not an async one: it answers most requests (every GET) at once, and an
    // async hook costs each request a promise and a turn of the microtask queue.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!STATE_CHANGING_METHODS.has(request.method)) return done();
      const route = request.routeOptions;
      if (!route.config.serverToServer && !fromTrustedPage(request, trusted)) {
        // The headers that decided, and the route's pattern: nothing that names a person.
        request.log.warn(
          {
            origin: request.headers.origin ?? null,
            secFetchSite: request.headers['sec-fetch-site'] ?? null,
            route: `${request.method} ${route.url ?? '(no route)'}`,
          },
          'cross-site request refused',
        );
        return done(new AppError(403, 'CROSS_SITE_REQUEST', crossSiteMessage));
      }
      done();
    });

    // After the route's guard (onRequest), before the body is read: a caller the guard refuses gets
    // its 401 or 403 whatever the body, as for a body Fastify cannot parse (error-handler.ts).
    app.addHook('preParsing', (request, reply, payload, done) => {
      if (!STATE_CHANGING_METHODS.has(request.method)) return done(null, payload);
      const type = bodyTypeOf(request);
      const accepted = request.routeOptions.config.bodyTypes ?? JSON_BODY;
      if (type === null || accepted.includes(type)) return done(null, payload);
      const refusal = new AppError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `This address takes a body of type ${accepted.join(' or ')} only.`,
      );
      runDeferredGuard(request, reply).then(
        () => done(refusal),
        (guardRefusal: Error) => done(guardRefusal),
      );
    });
  },
  { name: 'sekolo-cross-site-requests' },
);
