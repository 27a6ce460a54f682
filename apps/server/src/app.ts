import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TConfig } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { crossSiteRequestsPlugin } from './plugins/cross-site-requests.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { registerModules } from './modules/index.ts';
import { loggerOptions } from './lib/logger.ts';

export type AppDeps = {
  config: TConfig;
  database: DatabaseHandle;
  mailer: Mailer;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type App = FastifyInstance;

export async function buildApp(deps: AppDeps, options: { logger?: FastifyServerOptions['logger'] } = {}) {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(deps.config),
    trustProxy: deps.config.TRUST_PROXY,
    // In-flight requests finish on close; new ones get 503 meanwhile.
    return503OnClosing: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);

  // Security headers on every answer. helmet's middleware is built once, here: @fastify/helmet
  // built it again for each request (parsing the CSP directives every time), a measurable part of
  // a register read's server time (issue 6's bench).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // React Router writes its hydration context inline.
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        // The PayFast checkout is a form the browser posts to PayFast (issue 5, D14).
        formAction: [
          "'self'",
          ...(deps.config.PAYMENT_PROVIDER === 'payfast' ? [new URL(deps.config.PAYFAST_PROCESS_URL).origin] : []),
        ],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: deps.config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  // External plugins first, then ours (fastify/demo).
  await app.register(cookie);
  await app.register(errorHandlerPlugin);
  await app.register(crossSiteRequestsPlugin);

  app.get('/api/health', async () => {
    const started = Date.now();
    await deps.database.db.execute('select 1' as never);
    return { status: 'ok', database: deps.database.engine, databaseLatencyMs: Date.now() - started };
  });

  await registerModules(app);
  await app.register(webAppPlugin, { webDist: deps.config.webDist });
  return app;
}
