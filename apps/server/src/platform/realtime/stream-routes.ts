import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import { realtimeContracts as api, REALTIME_READY, REALTIME_RESET } from '@sekolo/shared/contracts/realtime';
import { fromContract } from '../http/contract-route.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import {
  defineGuard,
  getSessionUser,
  getSessionUserAfresh,
  NO_PERMISSION_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
} from '../auth/guards.ts';
import { RealtimeHub, type TStreamedEvent } from './hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's open event streams (platform/realtime). */
    realtime: RealtimeHub;
  }
}

/** A comment line this often keeps proxies and the browser from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** The caller's session is read again this often: a stream ends soon after a sign-out or suspension. */
export const SESSION_RECHECK_MS = 60_000;
/** What a browser waits before reconnecting (the stream's `retry:`). */
const RETRY_MS = 3_000;

const signedInAndActive = defineGuard(async (request) => {
  const user = await getSessionUser(request);
  if (!user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  if (user.status !== 'active') throw forbidden(NO_PERMISSION_MESSAGE);
});

/** The starting hub: decorated on the app, started before it listens, stopped (every stream ended) as it closes. */
export const realtimePlugin = fp(async (app) => {
  const hub = new RealtimeHub(app.deps.database, { warn: (details, message) => app.log.warn(details, message) });
  await hub.start();
  app.decorate('realtime', hub);
  // Before the server waits for its connections to end: an open stream never ends by itself.
  app.addHook('preClose', async () => hub.stop());
});

function frame(event: { id?: number; type: string; data: unknown }): string {
  const id = event.id === undefined ? '' : `id: ${event.id}\n`;
  return `${id}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** GET /api/realtime/stream: the caller's own events as Server-Sent Events. */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(app, api.stream),
    onRequest: signedInAndActive,
    handler: async (request, reply) => {
      const user = (await getSessionUser(request))!;
      const header = request.headers['last-event-id'];
      const lastSeen = [typeof header === 'string' ? header : undefined, request.query.lastEventId]
        .map((value) => (value && /^\d{1,18}$/.test(value) ? Number(value) : undefined))
        .find((value) => value !== undefined);
      const hub = app.realtime;
      const raw = reply.raw;
      reply.hijack();
      // The security headers set at onRequest stay; these make the answer a stream nothing buffers.
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.socket?.setNoDelay(true);
      raw.socket?.setTimeout(0);
      let open = true;
      const sent = new Set<number>();
      let buffered: TStreamedEvent[] | null = [];
      const write = (event: TStreamedEvent) => {
        if (!open || sent.has(event.id)) return;
        sent.add(event.id);
        if (sent.size > 2 * 500) for (const id of [...sent].slice(0, 500)) sent.delete(id);
        raw.write(frame(event));
      };
      const close = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        clearInterval(recheck);
        remove();
        raw.end();
      };
      // Registered first, buffering, so an event published while the missed ones are read is not lost.
      const remove = hub.add(
        { userId: user.id, send: (event) => (buffered ? buffered.push(event) : write(event)) },
        close,
      );
      raw.on('close', close);
      const heartbeat = setInterval(() => open && raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const recheck = setInterval(() => {
        void getSessionUserAfresh(request)
          .then((fresh) => {
            if (!fresh || fresh.id !== user.id || fresh.status !== 'active') close();
          })
          .catch(() => undefined);
      }, SESSION_RECHECK_MS);
      try {
        raw.write(`retry: ${RETRY_MS}\n\n`);
        if (lastSeen !== undefined) {
          const missed = await hub.missedEvents(user.id, lastSeen);
          if (!missed.complete) raw.write(frame({ type: REALTIME_RESET, data: {} }));
          for (const event of missed.events) write(event);
          const newest = missed.events.at(-1)?.id ?? lastSeen;
          raw.write(frame({ id: newest, type: REALTIME_READY, data: {} }));
        } else {
          raw.write(frame({ id: await hub.currentId(), type: REALTIME_READY, data: {} }));
        }
        const waiting = buffered;
        buffered = null;
        for (const event of waiting.sort((a, b) => a.id - b.id)) write(event);
      } catch (error) {
        request.log.warn({ code: (error as { code?: string }).code }, 'A realtime stream could not start.');
        close();
      }
    },
  });
};
