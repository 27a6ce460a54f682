import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import fp from 'fastify-plugin';
import fastifyStatic, { type SendOptions } from '@fastify/static';
import { firstPaintHtml } from '@sekolo/shared/domain/first-paint-html';
import { inlineScriptHashes } from './content-security-policy.ts';

type Options = {
  webDist: string;
  /** The Content-Security-Policy that lets exactly these inline scripts run. */
  contentSecurityPolicy: (scriptHashes: readonly string[]) => string;
};

const SPA_FALLBACK = '__spa-fallback.html';

/**
 * Serves the built web app: hashed assets with a long cache, prerendered public pages as their own
 * HTML, and every other page rendered on request by the web app's server build (React Router's
 * request handler: pages with server data such as listings render in full, the signed-in areas
 * render their fallback and the browser does the rest), and React Router's own requests
 * (/__manifest for lazy route discovery, `.data` for loaders). A build without a server build
 * (ssr: false) has its SPA fallback instead.
 * Each HTML answer goes with a CSP naming the hashes of its own inline scripts (React Router's
 * context and route modules, React's streaming helpers, the deferred module loader): read from
 * the build's files when the server starts, and from a rendered page as it is sent.
 */
export const webAppPlugin = fp<Options>(async (app, { webDist, contentSecurityPolicy }) => {
  const built = fs.existsSync(path.join(webDist, 'index.html'));
  const render = built ? await serverRenderer(app, webDist, contentSecurityPolicy) : null;
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
    if (render && (!path.extname(relative) || relative.endsWith('.data'))) return render(request, reply);
    if (path.extname(relative)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    reply.header('cache-control', 'no-cache');
    return sendHtml(reply, isFile(path.join(webDist, SPA_FALLBACK)) ? SPA_FALLBACK : 'index.html', {
      cacheControl: false,
    });
  });
});

type Render = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * React Router's request handler over the web app's server build (beside the client build), or
 * null when the build has none. Loaders reach the API in-process through `context.api(path)`
 * (Fastify's inject, with the visitor's cookies), not over the network. A rendered page is sent
 * whole, made to paint as the prerendered pages do (firstPaintHtml: its CSS inlined, its scripts
 * started after the first frame): its CSP names its inline scripts' hashes, and it is compressed
 * when the browser accepts it.
 */
async function serverRenderer(
  app: FastifyInstance,
  webDist: string,
  contentSecurityPolicy: Options['contentSecurityPolicy'],
): Promise<Render | null> {
  const serverEntry = path.join(webDist, '..', 'server', 'index.js');
  if (!fs.existsSync(serverEntry)) return null;
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, 'production');
  // The build's stylesheets, read once each (their names carry their content's hash).
  const stylesheets = new Map<string, string>();
  const readCss = (href: string) => {
    let css = stylesheets.get(href);
    if (css === undefined) stylesheets.set(href, (css = fs.readFileSync(path.join(webDist, href), 'utf8')));
    return css;
  };
  return async (request, reply) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    }
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    const cookie = request.headers.cookie;
    const api = async (apiPath: string): Promise<Response> => {
      const answer = await app.inject({ method: 'GET', url: apiPath, headers: cookie ? { cookie } : {} });
      return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };
    const response = await handle(new Request(url, { method: request.method, headers }), { api });
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie' || name === 'content-length') continue;
      reply.header(name, value);
    }
    const setCookies = response.headers.getSetCookie();
    if (setCookies.length > 0) reply.header('set-cookie', setCookies);
    if (request.method === 'HEAD' || response.body === null) return reply.send();
    let body = Buffer.from(await response.arrayBuffer());
    const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
    if (html) {
      // As the prerendered pages: the CSS in the page, the scripts after the first paint.
      const page = firstPaintHtml(body.toString('utf8'), readCss);
      body = Buffer.from(page);
      reply.header('content-security-policy', contentSecurityPolicy(inlineScriptHashes(page)));
      reply.header('cache-control', 'no-cache');
    }
    return reply.send(compressed(request, reply, body));
  };
}

/** The body as brotli or gzip when the browser accepts one and the body is worth it. */
function compressed(request: FastifyRequest, reply: FastifyReply, body: Buffer): Buffer {
  if (body.length < 1024) return body;
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return gzipSync(body, { level: 6 });
  }
  return body;
}

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
