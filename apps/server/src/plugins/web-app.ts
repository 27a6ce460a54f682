import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

type Options = { webDist: string };

const SPA_FALLBACK = '__spa-fallback.html';

/**
 * Serves the built web app: hashed assets with a long cache, prerendered public pages as their own
 * HTML, and every other path from the SPA fallback (the client router decides, e.g. /not-found).
 */
export const webAppPlugin = fp<Options>(async (app, { webDist }) => {
  const built = fs.existsSync(path.join(webDist, 'index.html'));
  if (built) {
    // The build writes .br and .gz beside each text file (react-router.config.ts): sent when accepted.
    await app.register(fastifyStatic, { root: webDist, serve: false, preCompressed: true });
  }

  const isFile = (file: string) => {
    try {
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  };

  app.get('/*', async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (urlPath.startsWith('/api/')) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No such endpoint: GET ${urlPath}` } });
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/html')
        .send('<!doctype html><title>Sekolo</title><p>The web app is not built yet. Run <code>npm run build</code> or <code>npm start</code>.</p>');
    }
    const relative = path.normalize(urlPath).replace(/^([/\\])+/, '');
    if (relative.startsWith('..')) return reply.status(400).send({ error: { code: 'BAD_PATH', message: 'Bad path.' } });

    if (relative && isFile(path.join(webDist, relative))) {
      const immutable = relative.startsWith('assets/');
      return reply.sendFile(relative, { immutable, maxAge: immutable ? '365d' : '1h', cacheControl: true });
    }
    const prerendered = path.join(relative, 'index.html');
    if (isFile(path.join(webDist, prerendered)) && !relative.startsWith(SPA_FALLBACK)) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile(prerendered, { cacheControl: false });
    }
    if (path.extname(relative)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(isFile(path.join(webDist, SPA_FALLBACK)) ? SPA_FALLBACK : 'index.html', { cacheControl: false });
  });
});
