import { and, asc, between, eq, gt, inArray, sql } from 'drizzle-orm';
import { rowsOf, type DatabaseHandle } from '../db/client.ts';
import { realtimeEvents } from '../db/schema/index.ts';
import { REALTIME_CHANNEL } from './publish.ts';

/** An event as it goes out on a stream. */
export type TStreamedEvent = { id: number; type: string; data: unknown };

/** One open event stream of a user (a browser tab). */
export type TRealtimeListener = {
  userId: string;
  send(event: TStreamedEvent): void;
};

/** At most this many missed events are sent to a stream that reconnects; more, and it is told to reload. */
export const REPLAY_LIMIT = 500;

/**
 * This process's open event streams, by user, fed by the NOTIFYs of every process (publish.ts).
 * A notification names a range of event ids; the hub reads the rows of that range that belong to
 * users with a stream open here and sends each to that user's streams only. Notifications that
 * arrive while a read is running are merged into the next read, so a burst costs a few queries.
 */
export class RealtimeHub {
  private readonly listeners = new Map<string, Set<TRealtimeListener>>();
  private pending: { low: number; high: number } | null = null;
  private reading: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly closers = new Set<() => void>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: { warn(details: Record<string, unknown>, message: string): void },
  ) {}

  async start(): Promise<void> {
    if (!this.database.listen) throw new Error('The database handle cannot LISTEN: realtime needs it.');
    this.unlisten = await this.database.listen(REALTIME_CHANNEL, (payload) => this.notified(payload));
  }

  /** Ends every open stream (the server is closing) and stops listening. */
  async stop(): Promise<void> {
    for (const close of [...this.closers]) close();
    this.closers.clear();
    this.listeners.clear();
    await this.unlisten?.();
    this.unlisten = null;
    await this.reading;
  }

  /** How many streams are open here (for tests and the log). */
  get streamCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  /**
   * Adds a stream; `close` ends it when the server stops. Answers the function that removes it
   * (on disconnect).
   */
  add(listener: TRealtimeListener, close: () => void): () => void {
    let set = this.listeners.get(listener.userId);
    if (!set) this.listeners.set(listener.userId, (set = new Set()));
    set.add(listener);
    this.closers.add(close);
    return () => {
      this.closers.delete(close);
      const current = this.listeners.get(listener.userId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(listener.userId);
    };
  }

  /**
   * The user's events after `afterId`, oldest first, at most REPLAY_LIMIT; `complete` is false
   * when there were more (or when some may already have been removed), and the stream must reload.
   */
  async missedEvents(userId: string, afterId: number): Promise<{ events: TStreamedEvent[]; complete: boolean }> {
    const { db } = this.database;
    const rows = await db
      .select({ id: realtimeEvents.id, type: realtimeEvents.type, data: realtimeEvents.data })
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.userId, userId), gt(realtimeEvents.id, afterId)))
      .orderBy(asc(realtimeEvents.id))
      .limit(REPLAY_LIMIT + 1);
    // The oldest id still kept (with none kept, the next id to come): events between `afterId` and
    // it were removed by the retention sweep, and some may have been this user's.
    const [oldest] = rowsOf<{ id: string }>(
      await db.execute(sql`select coalesce((select min(id) from realtime_events),
        coalesce(pg_sequence_last_value('realtime_events_id_seq'::regclass), 0) + 1)::text as id`),
    );
    const removedSince = afterId > 0 && Number(oldest?.id ?? 0) > afterId + 1;
    return { events: rows.slice(0, REPLAY_LIMIT), complete: rows.length <= REPLAY_LIMIT && !removedSince };
  }

  /** The newest event id of anyone (0 when none): where a fresh stream starts counting. */
  async currentId(): Promise<number> {
    const [row] = await this.database.db
      .select({ id: sql<string | null>`max(${realtimeEvents.id})::text` })
      .from(realtimeEvents);
    return row?.id ? Number(row.id) : 0;
  }

  private notified(payload: string): void {
    const match = /^(\d+)-(\d+)$/.exec(payload);
    if (!match) return;
    const low = Number(match[1]);
    const high = Number(match[2]);
    this.pending = this.pending
      ? { low: Math.min(this.pending.low, low), high: Math.max(this.pending.high, high) }
      : { low, high };
    if (!this.reading) this.reading = this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending) {
        const range = this.pending;
        this.pending = null;
        await this.deliver(range).catch((error: Error & { code?: string }) =>
          this.log.warn(
            { code: error.code },
            'Realtime events could not be read; their streams get them on reconnect.',
          ),
        );
      }
    } finally {
      this.reading = null;
    }
  }

  private async deliver({ low, high }: { low: number; high: number }): Promise<void> {
    const users = [...this.listeners.keys()];
    if (users.length === 0) return;
    const rows = await this.database.db
      .select({
        id: realtimeEvents.id,
        userId: realtimeEvents.userId,
        type: realtimeEvents.type,
        data: realtimeEvents.data,
      })
      .from(realtimeEvents)
      .where(
        and(
          between(realtimeEvents.id, low, high),
          // A long list of users is cheaper to filter here than to send.
          users.length <= 1000 ? inArray(realtimeEvents.userId, users) : undefined,
        ),
      )
      .orderBy(asc(realtimeEvents.id));
    for (const row of rows) {
      const set = this.listeners.get(row.userId);
      if (!set) continue;
      for (const listener of set) listener.send({ id: row.id, type: row.type, data: row.data });
    }
  }
}
