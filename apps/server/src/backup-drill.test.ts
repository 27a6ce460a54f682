import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server.ts';
import { createTestServerConfig, type TestServerConfig } from './test/test-server-config.ts';
import { readBackup, requestBackup, restorePglite } from './platform/db/backup.ts';
import { rowsOf } from './platform/db/client.ts';

/**
 * The backup drill of the embedded default: a backup taken from the running server while
 * it writes, the data folder wiped, the backup restored, the server started again: every row and
 * file of the backup's moment is there, and nothing half-written. PostgreSQL is backed up with its
 * own tools (pg_dump, WAL archiving: docs/deploy.md), so this drill is the embedded engine's only.
 */
describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')(
  'backup drill: npm run backup from a running server, wipe, npm run restore',
  { timeout: 300_000 },
  () => {
    let t: TestServerConfig;
    const servers: RunningServer[] = [];
    afterAll(async () => {
      for (const s of servers) await s.stop().catch(() => undefined);
      await t?.cleanup();
    });

    it('restores every row and file of the moment it was taken, with writes going on meanwhile', async () => {
      t = await createTestServerConfig({ SEED: 'never' });
      const first = await startServer(t.config);
      servers.push(first);
      const db = first.app.deps.database.db;
      await db.execute(sql`CREATE TABLE drill_marks (n integer PRIMARY KEY, note text NOT NULL)`);
      // A private file beside the database, as an upload is stored.
      const upload = path.join(t.dataDir, 'uploads', 'drill', 'report-card.pdf');
      const bytes = randomBytes(64 * 1024);
      fs.mkdirSync(path.dirname(upload), { recursive: true });
      fs.writeFileSync(upload, bytes);

      // One writer, each row its own statement, numbered in order, until told to stop.
      let written = 0;
      let writing = true;
      let failed: unknown;
      const writer = (async () => {
        while (writing) {
          const n = written + 1;
          await db.execute(sql`INSERT INTO drill_marks (n, note) VALUES (${n}, ${`mark ${n}`})`);
          written = n;
          // As requests arrive, one after another: other work (the backup's request) runs between them.
          await new Promise((resolve) => setImmediate(resolve));
        }
      })().catch((error: unknown) => {
        failed = error;
      });
      const until = async (enough: () => boolean) => {
        const deadline = Date.now() + 60_000;
        while (!enough()) {
          if (failed) throw failed;
          if (Date.now() > deadline) throw new Error(`the writer is stuck at ${written} rows`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      await until(() => written >= 20);
      const before = written;
      const folder = await requestBackup(t.dataDir, path.join(path.dirname(t.dataDir), 'backups'));
      const after = written;
      await until(() => written >= after + 20);
      writing = false;
      await writer;
      expect(folder, 'the running server took the backup through its control socket').not.toBeNull();
      const manifest = readBackup(folder!);
      expect(manifest.files.map((f) => f.path)).toContain('uploads/drill/report-card.pdf');
      await first.stop();

      // The data folder is lost.
      fs.rmSync(t.dataDir, { recursive: true, force: true });
      const { movedAside } = await restorePglite(folder!, t.dataDir, (pgdata, dump) =>
        PGlite.create({ dataDir: pgdata, loadDataDir: dump }),
      );
      expect(movedAside).toBeNull();

      const second = await startServer(t.config);
      servers.push(second);
      const [marks] = rowsOf<{ count: number; max: number | null }>(
        await second.app.deps.database.db.execute(
          sql`SELECT count(*)::int AS count, max(n)::int AS max FROM drill_marks`,
        ),
      );
      // Every row up to one moment between the request and its answer, none missing in between.
      expect(marks!.count).toBe(marks!.max);
      expect(marks!.count).toBeGreaterThanOrEqual(before);
      expect(marks!.count).toBeLessThanOrEqual(after);
      expect(marks!.count).toBeLessThan(written);
      expect(fs.readFileSync(upload).equals(bytes)).toBe(true);
      // The restored server answers as before.
      const health = await second.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    });
  },
);
