import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres, reportsOf, rowsOf } from './client.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const socketDir = '/var/run/postgresql';
const port = adminUrl ? new URL(adminUrl).port || '5432' : '5432';
const hasSocket = fs.existsSync(path.join(socketDir, `.s.PGSQL.${port}`));

/** DATABASE_URL may name PostgreSQL's Unix socket (README: the cheaper way on one machine). */
describe.runIf(process.env.TEST_DB_ENGINE === 'postgres' && adminUrl && hasSocket)('openPostgres', () => {
  it('connects through a Unix socket named by a percent-encoded folder', async () => {
    const tcp = new URL(adminUrl!);
    const url = `postgres://${tcp.username || 'postgres'}@${encodeURIComponent(socketDir)}:${port}${tcp.pathname}`;
    const handle = await openPostgres(url, { max: 1 });
    try {
      const [row] = rowsOf<{ addr: string | null; one: number }>(
        await handle.db.execute(sql`select inet_server_addr() as addr, 1 as one`),
      );
      // A Unix-socket connection has no server address; over TCP it would be 127.0.0.1.
      expect(row).toEqual({ addr: null, one: 1 });
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(process.env.TEST_DB_ENGINE === 'postgres' && adminUrl)('openPostgres with a replica for reports', () => {
  it('sends reports to the replica and everything else to the primary, and reads the replica lag', async () => {
    const url = new URL(adminUrl!);
    const primary = url.pathname.slice(1);
    // A second database of the same server stands in for the replica: which one answers is visible.
    const replica = `${primary}_reports_${process.pid}`;
    const admin = await openPostgres(adminUrl!, { max: 1 });
    await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${replica}`));
    await admin.db.execute(sql.raw(`CREATE DATABASE ${replica}`));
    const replicaUrl = new URL(adminUrl!);
    replicaUrl.pathname = `/${replica}`;
    const handle = await openPostgres(adminUrl!, { max: 2, replicaUrl: replicaUrl.toString() });
    try {
      const nameOf = async (db: typeof handle.db) =>
        rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`))[0]!.name;
      expect(await nameOf(handle.db)).toBe(primary);
      expect(await nameOf(reportsOf(handle))).toBe(replica);
      // Not in recovery: nothing to replay, so no lag.
      expect(await handle.replicaLagSeconds!()).toBe(0);
    } finally {
      await handle.close();
      await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${replica} WITH (FORCE)`));
      await admin.close();
    }
  });

  it('reads reports from the database itself when there is no replica', async () => {
    const handle = await openPostgres(adminUrl!, { max: 1 });
    try {
      expect(reportsOf(handle)).toBe(handle.db);
      expect(handle.replicaLagSeconds).toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});
