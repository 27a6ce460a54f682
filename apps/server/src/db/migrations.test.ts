import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './client.ts';

type TJournal = { entries: { idx: number; tag: string }[] };

/** A copy of the migrations folder whose journal ends with `lastTag`: the database as it was then. */
function migrationsUpTo(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as TJournal;
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

// The migrations that move existing rows, run on rows written before them (the database engine
// does not matter here: PGlite is PostgreSQL's own code; the PostgreSQL project skips it).
describe.runIf(process.env.TEST_DB_ENGINE !== 'postgres')('migrations of existing rows', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('0025 names each correction’s mark by its learner and day, as the mark id it named', async () => {
    const client = await PGlite.create();
    const db = drizzle({ client });
    const before = migrationsUpTo('0024_marks_keep_who_marked');
    folders.push(before);
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      INSERT INTO organizations (id, name, slug, type) VALUES ('00000000-0000-4000-8000-000000000001', 'Old Marks Primary', 'old-marks', 'school');
      INSERT INTO register_classes (id, organization_id, name, grade)
        VALUES ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', '3A', 3);
      INSERT INTO learners (id, organization_id, register_class_id, first_name, last_name, date_of_birth, gender, grade, admission_number)
        VALUES ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', 'Ama', 'One', '2018-01-01', 'female', 3, 'OM1'),
               ('00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', 'Bo', 'Two', '2018-01-01', 'male', 3, 'OM2');
      INSERT INTO attendance_records (id, organization_id, register_class_id, learner_id, date, status, marked_by)
        VALUES ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003', '2026-03-02', 'absent', 'teacher-1'),
               ('00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000004', '2026-03-02', 'late', 'teacher-1'),
               ('00000000-0000-4000-8000-00000000000c', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003', '2026-03-03', 'present', 'teacher-1');
      INSERT INTO attendance_changes (organization_id, record_id, old_status, old_reason, new_status, new_reason, changed_by, changed_at)
        VALUES ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000a', 'present', '', 'late', '', 'teacher-1', '2026-03-02T08:00:00Z'),
               ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000a', 'late', '', 'absent', 'Sick', 'teacher-1', '2026-03-02T09:00:00Z'),
               ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000b', 'present', '', 'late', '', 'teacher-1', '2026-03-02T08:30:00Z');
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const changes = await client.query(
      `SELECT learner_id, date::text, new_status FROM attendance_changes ORDER BY changed_at`,
    );
    expect(changes.rows).toEqual([
      { learner_id: '00000000-0000-4000-8000-000000000003', date: '2026-03-02', new_status: 'late' },
      { learner_id: '00000000-0000-4000-8000-000000000004', date: '2026-03-02', new_status: 'late' },
      { learner_id: '00000000-0000-4000-8000-000000000003', date: '2026-03-02', new_status: 'absent' },
    ]);
    // The marks keep their rows, keyed by learner and day; a mark's deletion takes its history.
    const marks = await client.query(
      `SELECT learner_id, date::text, status FROM attendance_records ORDER BY date, status`,
    );
    expect(marks.rows).toHaveLength(3);
    await client.query(
      `DELETE FROM attendance_records WHERE learner_id = '00000000-0000-4000-8000-000000000003' AND date = '2026-03-02'`,
    );
    expect((await client.query(`SELECT new_status FROM attendance_changes`)).rows).toEqual([{ new_status: 'late' }]);
    await client.close();
  });
});
