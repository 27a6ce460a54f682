import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { responseSerializerCompiler } from './platform/http/response-serializer.ts';
import type { App, AppDeps } from './platform/http/app-types.ts';
import { errorHandlerPlugin } from './platform/http/error-handler.ts';
import { crossSiteRequestsPlugin } from './platform/http/cross-site-requests.ts';
import { webAppPlugin } from './platform/http/web-app.ts';
import { registerModules } from './register-modules.ts';
import { apiRoutesPlugin, fromContract } from './platform/http/contract-route.ts';
import { healthContracts } from '@sekolo/shared/contracts/health';
import { contentSecurityPolicy } from './platform/http/content-security-policy.ts';
import { staticHeadersOf } from './platform/http/security-headers.ts';
import { loggerOptions, requestIdOptions } from './platform/http/logger.ts';
import { observabilityPlugin } from './platform/observability/observability.ts';
import { boundJsonDepth } from './platform/http/json-depth.ts';

export type { App, AppDeps };

export async function buildApp(deps: AppDeps, options: { logger?: FastifyServerOptions['logger'] } = {}) {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(deps.config),
    ...requestIdOptions(deps.config),
    trustProxy: deps.config.TRUST_PROXY,
    // In-flight requests finish on close; new ones get 503 meanwhile.
    return503OnClosing: true,
    bodyLimit: 1024 * 1024,
    // The web app's plugin loads the server build; on a busy machine that takes longer than the 10 s default.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('deps', deps);
  // Every JSON body, on every route, nests at most MAX_JSON_DEPTH levels (400 otherwise).
  boundJsonDepth(app);

  // Security headers on every answer: helmet's, which depend on nothing of the request, are
  // written down once here and set from that list (platform/http/security-headers.ts), not by
  // running helmet's chain of middlewares for each request.
  // The Content-Security-Policy is ours (platform/http/content-security-policy.ts): a built page's answer
  // (platform/http/web-app.ts) lets that page's own inline scripts run by their hashes, nothing else.
  const securityHeaders = staticHeadersOf(
    helmet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: deps.config.publicUrl.startsWith('https://'),
    }),
  );
  const csp = contentSecurityPolicy(deps.config);
  const defaultCsp = csp();
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    raw.setHeader('content-security-policy', defaultCsp);
    for (const [name, value] of securityHeaders) raw.setHeader(name, value);
    done();
  });
  // External plugins first, then ours (fastify/demo).
  await app.register(cookie);
  await app.register(errorHandlerPlugin);
  await app.register(crossSiteRequestsPlugin);
  await app.register(apiRoutesPlugin);
  // Request ids, per-route metrics (/metrics), liveness and readiness.
  await app.register(observabilityPlugin);

  app.route({
    ...fromContract(app, healthContracts.health),
    handler: async () => {
      const started = Date.now();
      await deps.database.db.execute('select 1' as never);
      return { status: 'ok' as const, database: deps.database.engine, databaseLatencyMs: Date.now() - started };
    },
  });

  await registerModules(app);
  await app.register(webAppPlugin, { webDist: deps.config.webDist, contentSecurityPolicy: csp });
  return app;
}
