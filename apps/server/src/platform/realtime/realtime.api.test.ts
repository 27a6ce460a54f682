import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { App } from '../http/app-types.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { createSecondTestApp, createTestApp, type TestApp } from '../../test/test-app.ts';
import { publishToUsers } from './publish.ts';
import { purgeRealtimeEvents } from './retention.ts';

type TEvent = { id: string; event: string; data: unknown };

/** A browser's EventSource, reduced: reads a stream's events as they arrive. */
async function openStream(baseUrl: string, cookie: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/realtime/stream`, {
    headers: { cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const events: TEvent[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  let lastId = '';
  const reading = (async () => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) lastId = line.slice(4);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (data) events.push({ id: lastId, event, data: JSON.parse(data) });
          for (const wake of waiters.splice(0)) wake();
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    response,
    events,
    get lastId() {
      return lastId;
    },
    /** Waits until an event matches `test` (or fails after `ms`). */
    async next(test: (event: TEvent) => boolean, ms = 5000): Promise<TEvent> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = events.find(test);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such event within ${ms} ms; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('the realtime event stream', () => {
  let t: TestApp;
  let base: string;
  let ada: TCreatedUser;
  let ben: TCreatedUser;
  const cookie: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
    ada = await createUser(t.database.db, { firstName: 'Ada', lastName: 'Mbeki' });
    ben = await createUser(t.database.db, { firstName: 'Ben', lastName: 'Sithole' });
    cookie.ada = (await signIn(t.app, ada.email, ada.password)).cookie;
    cookie.ben = (await signIn(t.app, ben.email, ben.password)).cookie;
  });
  afterAll(() => t?.close());

  it('needs a session, and is a stream nothing buffers', async () => {
    expect((await fetch(`${base}/api/realtime/stream`)).status).toBe(401);
    const stream = await openStream(base, cookie.ada!);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.response.headers.get('content-security-policy')).toContain("default-src 'self'");
    await stream.next((e) => e.event === 'ready');
    await stream.close();
  });

  it('sends each user their own events only', async () => {
    const adaStream = await openStream(base, cookie.ada!);
    const benStream = await openStream(base, cookie.ben!);
    await adaStream.next((e) => e.event === 'ready');
    await benStream.next((e) => e.event === 'ready');
    await publishToUsers(t.database.db, [ada.id], { type: 'test.private', data: { secret: 'for Ada' } });
    await publishToUsers(t.database.db, [ben.id], { type: 'test.private', data: { secret: 'for Ben' } });
    expect((await adaStream.next((e) => e.event === 'test.private')).data).toEqual({ secret: 'for Ada' });
    expect((await benStream.next((e) => e.event === 'test.private')).data).toEqual({ secret: 'for Ben' });
    await publishToUsers(t.database.db, [ada.id, ben.id], { type: 'test.both', data: { n: 1 } });
    await adaStream.next((e) => e.event === 'test.both');
    await benStream.next((e) => e.event === 'test.both');
    expect(adaStream.events.filter((e) => e.event.startsWith('test.')).map((e) => e.data)).toEqual([
      { secret: 'for Ada' },
      { n: 1 },
    ]);
    expect(benStream.events.filter((e) => e.event.startsWith('test.')).map((e) => e.data)).toEqual([
      { secret: 'for Ben' },
      { n: 1 },
    ]);
    await adaStream.close();
    await benStream.close();
  });

  it('sends nothing of a transaction that rolls back', async () => {
    const stream = await openStream(base, cookie.ada!);
    await stream.next((e) => e.event === 'ready');
    await t.database.db
      .transaction(async (tx) => {
        await publishToUsers(tx, [ada.id], { type: 'test.rolled-back', data: {} });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await publishToUsers(t.database.db, [ada.id], { type: 'test.after', data: {} });
    await stream.next((e) => e.event === 'test.after');
    expect(stream.events.map((e) => e.event)).not.toContain('test.rolled-back');
    await stream.close();
  });

  it('a browser that reconnects with Last-Event-ID gets what it missed, once', async () => {
    const first = await openStream(base, cookie.ada!);
    await publishToUsers(t.database.db, [ada.id], { type: 'test.seen', data: { n: 1 } });
    await first.next((e) => e.event === 'test.seen');
    const seenUpTo = first.lastId;
    await first.close();
    await publishToUsers(t.database.db, [ada.id], { type: 'test.missed', data: { n: 2 } });
    await publishToUsers(t.database.db, [ben.id], { type: 'test.missed', data: { n: 'Ben’s' } });
    await publishToUsers(t.database.db, [ada.id], { type: 'test.missed', data: { n: 3 } });
    const again = await openStream(base, cookie.ada!, seenUpTo);
    await again.next((e) => e.event === 'ready');
    expect(again.events.filter((e) => e.event.startsWith('test.')).map((e) => e.data)).toEqual([{ n: 2 }, { n: 3 }]);
    await again.close();
  });

  it('tells a browser away longer than events are kept to reload', async () => {
    const stream = await openStream(base, cookie.ben!);
    await stream.next((e) => e.event === 'ready');
    const since = stream.lastId;
    await stream.close();
    await publishToUsers(t.database.db, [ben.id], { type: 'test.old', data: {} });
    await purgeRealtimeEvents(t.database.db, new Date(Date.now() + 48 * 3600_000));
    const again = await openStream(base, cookie.ben!, since);
    await again.next((e) => e.event === 'ready');
    expect(again.events.map((e) => e.event)).toEqual(['reset', 'ready']);
    await again.close();
  });
});

/**
 * Two server processes on one PostgreSQL: each has its own pool and its own listening connection,
 * and knows nothing of the other's streams; an event published on one reaches a stream open on
 * the other through LISTEN/NOTIFY only.
 */
describe.runIf(process.env.TEST_DB_ENGINE === 'postgres')('two server processes on PostgreSQL', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof createSecondTestApp>>;
  let ada: TCreatedUser;
  let ben: TCreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    second = await createSecondTestApp(t);
    ada = await createUser(t.database.db, { firstName: 'Ada', lastName: 'Mbeki' });
    ben = await createUser(t.database.db, { firstName: 'Ben', lastName: 'Sithole' });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('delivers to each other’s clients through LISTEN/NOTIFY', async () => {
    const one = await listen(t.app);
    const two = await listen(second.app);
    const adaCookie = (await signIn(t.app, ada.email, ada.password)).cookie;
    const benCookie = (await signIn(second.app, ben.email, ben.password)).cookie;
    const adaOnOne = await openStream(one, adaCookie);
    const benOnTwo = await openStream(two, benCookie);
    await adaOnOne.next((e) => e.event === 'ready');
    await benOnTwo.next((e) => e.event === 'ready');
    expect([t.app.realtime.streamCount, second.app.realtime.streamCount]).toEqual([1, 1]);
    // Published through process one's pool, for Ben whose stream is on process two; and back.
    await publishToUsers(t.database.db, [ben.id], { type: 'test.hello', data: { from: 'Ada' } });
    await publishToUsers(second.database.db, [ada.id], { type: 'test.hello', data: { from: 'Ben' } });
    expect((await benOnTwo.next((e) => e.event === 'test.hello')).data).toEqual({ from: 'Ada' });
    expect((await adaOnOne.next((e) => e.event === 'test.hello')).data).toEqual({ from: 'Ben' });
    expect(adaOnOne.events.filter((e) => e.event === 'test.hello')).toHaveLength(1);
    await adaOnOne.close();
    await benOnTwo.close();
  });
});
