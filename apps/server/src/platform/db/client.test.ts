import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf, openPostgres } from './client.ts';

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
