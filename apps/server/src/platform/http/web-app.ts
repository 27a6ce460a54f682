import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic, { type SendOptions } from '@fastify/static';
import { inlineScriptHashes } from './content-security-policy.ts';

type Options = {
  webDist: string;
  /** The Content-Security-Policy that lets exactly these inline scripts run. */
  contentSecurityPolicy: (scriptHashes: readonly string[]) => string;
};

const SPA_FALLBACK = '__spa-fallback.html';

/**
 * Serves the built web app: hashed assets with a long cache, prerendered public pages as their own
 * HTML, and every other path from the SPA fallback (the client router decides, e.g. /not-found).
 * Each HTML file goes with a CSP naming the hashes of its own inline scripts (React Router's
 * context and route modules, React's streaming helpers, the deferred module loader), read from
 * the build when the server starts, so the policy follows whatever the build emits.
 */
export const webAppPlugin = fp<Options>(async (app, { webDist, contentSecurityPolicy }) => {
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

  // Each built page's policy, by its path in the build; read again if the file changes (a new
  // build under a running server).
  const policies = new Map<string, { mtimeMs: number; policy: string }>();
  const policyFor = (relative: string): string => {
    const file = path.join(webDist, relative);
    const { mtimeMs } = fs.statSync(file);
    const known = policies.get(relative);
    if (known && known.mtimeMs === mtimeMs) return known.policy;
    const policy = contentSecurityPolicy(inlineScriptHashes(fs.readFileSync(file, 'utf8')));
    policies.set(relative, { mtimeMs, policy });
    return policy;
  };
  if (built) for (const relative of htmlFilesIn(webDist)) policyFor(relative);
  const sendHtml = (reply: FastifyReply, relative: string, options: SendOptions) => {
    reply.header('content-security-policy', policyFor(relative));
    return reply.sendFile(relative, options);
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
        .send(
          '<!doctype html><title>Sekolo</title><p>The web app is not built yet. Run <code>npm run build</code> or <code>npm start</code>.</p>',
        );
    }
    const relative = path.normalize(urlPath).replace(/^([/\\])+/, '');
    if (relative.startsWith('..')) return reply.status(400).send({ error: { code: 'BAD_PATH', message: 'Bad path.' } });

    if (relative && isFile(path.join(webDist, relative))) {
      const immutable = relative.startsWith('assets/');
      const options = { immutable, maxAge: immutable ? '365d' : '1h', cacheControl: true };
      return relative.endsWith('.html') ? sendHtml(reply, relative, options) : reply.sendFile(relative, options);
    }
    const prerendered = path.join(relative, 'index.html');
    if (isFile(path.join(webDist, prerendered)) && !relative.startsWith(SPA_FALLBACK)) {
      reply.header('cache-control', 'no-cache');
      return sendHtml(reply, prerendered, { cacheControl: false });
    }
    if (path.extname(relative)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    reply.header('cache-control', 'no-cache');
    return sendHtml(reply, isFile(path.join(webDist, SPA_FALLBACK)) ? SPA_FALLBACK : 'index.html', {
      cacheControl: false,
    });
  });
});

/** Every .html file of the build, as paths relative to it. */
function htmlFilesIn(root: string, dir = root): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...htmlFilesIn(root, file));
    else if (entry.name.endsWith('.html')) files.push(path.relative(root, file));
  }
  return files;
}
