import { hashPassword } from 'better-auth/crypto';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../platform/db/client.ts';
import { rowsOf } from '../platform/db/client.ts';
import { organizations, registerClasses, systemSettings, users } from '../platform/db/schema/index.ts';
import { createUserWithPassword } from '../modules/auth/create-user-with-password.ts';
import { ensureOrganizationWithMember } from '../platform/tenancy/organizations.ts';

/**
 * The scale school (`npm run db:seed-scale`, used by `npm run bench`): one school with
 * 50 000 learners in register classes of 40, a guardian each, and a full school year of daily
 * attendance (about 10 million rows), built with set-based SQL (`generate_series`,
 * `INSERT ... SELECT`) rather than row by row. For the bulk load the attendance table's keys,
 * indexes and foreign keys are dropped and rebuilt afterwards from their own catalog definitions,
 * so the table ends exactly as the migrations made it and every constraint is checked again.
 */

/** Bump when the generated data changes: the bench rebuilds a database of another version. */
// 2: attendance record ids are time-ordered (migration 0019), written in the days' order.
// 3: learner_search_prefixes holds the rest of each list item (migration 0021), vacuumed with the rest.
// 4: every table it writes is left visible to all (commits are synchronous again).
// 5: the marks' pages keep room for corrections (fillfactor 85, migration 0025).
export const SCALE_SEED_VERSION = 5;
export const SCALE_SEED_SETTING = 'scale_seed';
export const SCALE_SCHOOL = { name: 'Scale Test High School', slug: 'scale-test-school', type: 'school' } as const;
export const SCALE_ADMIN_EMAIL = 'admin@scale-school.sekolo.test';
export const SCALE_ADMIN_PASSWORD = 'scale-school-password-2026';

export type TScaleOptions = {
  learners: number;
  classSize: number;
  /** The calendar year whose school days are marked (the DBE calendar of 2025 or 2026). */
  year: number;
  /** At most this many school days (from the start of the year); all by default. */
  maxDays?: number;
  adminEmail: string;
  adminPassword: string;
  /**
   * PostgreSQL only: drop and rebuild the attendance table's indexes and keys around the load,
   * with a large maintenance_work_mem. Needs a single-connection handle (session settings).
   */
  bulk: boolean;
};

export const DEFAULT_SCALE_OPTIONS: TScaleOptions = {
  learners: 50_000,
  classSize: 40,
  year: 2025,
  adminEmail: SCALE_ADMIN_EMAIL,
  adminPassword: SCALE_ADMIN_PASSWORD,
  bulk: true,
};

export type TScaleSummary = {
  version: number;
  organizationId: string;
  adminEmail: string;
  learners: number;
  classes: number;
  guardians: number;
  schoolDays: number;
  firstDay: string;
  lastDay: string;
  attendanceRecords: number;
  seconds: number;
};

// ------------------------------------------------------------------------------------ calendar
/** Public school terms (DBE) and public holidays that fall on school days. */
const CALENDARS: Record<number, { terms: [string, string][]; holidays: string[] }> = {
  2025: {
    terms: [
      ['2025-01-15', '2025-03-28'],
      ['2025-04-08', '2025-06-27'],
      ['2025-07-22', '2025-10-03'],
      ['2025-10-13', '2025-12-10'],
    ],
    holidays: ['2025-03-21', '2025-04-18', '2025-04-21', '2025-04-28', '2025-05-01', '2025-06-16', '2025-09-24'],
  },
  2026: {
    terms: [
      ['2026-01-14', '2026-03-27'],
      ['2026-04-08', '2026-06-26'],
      ['2026-07-21', '2026-10-02'],
      ['2026-10-13', '2026-12-09'],
    ],
    holidays: ['2026-04-03', '2026-04-06', '2026-04-27', '2026-05-01', '2026-06-16', '2026-08-10', '2026-09-24'],
  },
};

/** The school days of a year: weekdays inside a term that are not public holidays. */
export function schoolDays(year: number): string[] {
  const calendar = CALENDARS[year];
  if (!calendar) throw new Error(`No school calendar for ${year} (known: ${Object.keys(CALENDARS).join(', ')})`);
  const days: string[] = [];
  for (const [start, end] of calendar.terms) {
    for (let d = new Date(`${start}T00:00:00Z`); d <= new Date(`${end}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
      const iso = d.toISOString().slice(0, 10);
      const weekday = d.getUTCDay();
      if (weekday !== 0 && weekday !== 6 && !calendar.holidays.includes(iso)) days.push(iso);
    }
  }
  return days;
}

// --------------------------------------------------------------------------------------- names
// prettier-ignore
const MALE = [
  'Sipho', 'Thabo', 'Kabelo', 'Lwazi', 'Themba', 'Mpho', 'Bongani', 'Sibusiso', 'Tshepo', 'Lebohang', 'Katlego',
  'Tumelo', 'Siyabonga', 'Mandla', 'Nkosinathi', 'Lungile', 'Andile', 'Musa', 'Sizwe', 'Neo', 'Oratile', 'Kagiso',
  'Tebogo', 'Vusi', 'Xolani', 'Lindani', 'Johan', 'Pieter', 'Ruan', 'Wian', 'Jaco', 'Francois', 'Dawid', 'Hendrik',
  'Michael', 'Daniel', 'Ethan', 'Liam', 'Joshua', 'Ryan', 'Aiden', 'Keagan', 'Yusuf', 'Ahmed', 'Rajesh', 'Kiran',
  'Pravesh', 'Zola', 'Junior', 'Tiisetso',
];
// prettier-ignore
const FEMALE = [
  'Thandiwe', 'Naledi', 'Zanele', 'Lerato', 'Ayesha', 'Anika', 'Nomvula', 'Lindiwe', 'Refilwe', 'Nandi', 'Zinhle',
  'Nokuthula', 'Busisiwe', 'Dineo', 'Boitumelo', 'Kamogelo', 'Lesedi', 'Amahle', 'Siphesihle', 'Khanyisile',
  'Nosipho', 'Precious', 'Mbali', 'Nthabiseng', 'Palesa', 'Elize', 'Marike', 'Annelie', 'Carla', 'Liezl',
  'Chantelle', 'Jessica', 'Emma', 'Olivia', 'Chloe', 'Kayla', 'Fatima', 'Zainab', 'Priya', 'Kavitha', 'Shanice',
  'Tamsin', 'Lulama', 'Sinethemba', 'Ntombi', 'Thato', 'Bontle', 'Rethabile', 'Keabetswe', 'Karabo',
];
// prettier-ignore
const SURNAMES = [
  'Dlamini', 'Nkosi', 'Ndlovu', 'Khumalo', 'Mokoena', 'Mahlangu', 'Mthembu', 'Zulu', 'Ngcobo', 'Shabalala',
  'Sithole', 'Mabaso', 'Molefe', 'Mofokeng', 'Nhlapo', 'Buthelezi', 'Cele', 'Zungu', 'Gumede', 'Mkhize', 'Radebe',
  'Masilela', 'Maseko', 'Tshabalala', 'Hlongwane', 'Mnguni', 'Mtshali', 'Ntuli', 'Vilakazi', 'Baloyi', 'Chauke',
  'Maluleke', 'Mathebula', 'Ngobeni', 'Mabunda', 'Mashaba', 'Motaung', 'Sello', 'Letsoalo', 'Mokwena', 'Kekana',
  'Phiri', 'Modise', 'Moloi', 'Tau', 'Makhubela', 'Naidoo', 'Pillay', 'Govender', 'Reddy', 'Moodley', 'Chetty',
  'Singh', 'Naicker', 'Padayachee', 'Maharaj', 'Patel', 'Khan', 'Botha', 'van der Merwe', 'van Wyk', 'Smit',
  'Venter', 'du Plessis', 'Nel', 'Pretorius', 'Joubert', 'Steyn', 'Coetzee', 'Fourie', 'le Roux', 'Kruger', 'Louw',
  'Swanepoel', 'Jacobs', 'Adams', 'Williams', 'Petersen', 'Hendricks', 'Isaacs', 'Arendse', 'Daniels', 'September',
  'Davids', 'Abrahams', 'Smith', 'Brown', 'Naudé', 'Olivier', 'de Villiers', 'Nxumalo', 'Zwane', 'Msimang',
  'Mazibuko', 'Ngubane', 'Mabena', 'Skosana', 'Marais', 'Mokgadi', 'Sibiya',
];
const NICKNAMES = ['Sbu', 'TK', 'Lulu', 'Thandi', 'Jo', 'Nono', 'Kay', 'Bo', 'Lee', 'Mo', 'Zee', 'Tumi', 'Nomsa'];
// prettier-ignore
const LANGUAGES = [
  'isizulu', 'isixhosa', 'afrikaans', 'english', 'sepedi', 'setswana', 'sesotho', 'xitsonga', 'siswati', 'tshivenda',
  'isindebele',
];
// prettier-ignore
const STREETS = [
  'Jacaranda', 'Protea', 'Church', 'Main', 'Mandela', 'Oak', 'Stanza Bopape', 'Voortrekker', 'Sisulu', 'Market',
];
const TOWNS = ['Pretoria', 'Soweto', 'Mamelodi', 'Centurion', 'Tembisa', 'Midrand', 'Atteridgeville', 'Hatfield'];

/** A SQL text[] literal of the values (single quotes doubled). */
function textArray(values: readonly string[]): string {
  return `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;
}
/**
 * A deterministic pseudo-random number in 0..2^31 from an integer SQL expression (a Knuth
 * multiplicative hash), different per salt. `expr` is always an expression written in this file.
 */
function hashOf(expr: string, salt: number): string {
  return `(((${expr})::bigint + ${salt}) * 2654435761 % 2147483648)`;
}
/** A deterministic pick from the values. */
function pick(values: readonly string[], expr: string, salt: number): SQL {
  return sql.raw(`(${textArray(values)})[1 + ${hashOf(expr, salt)} % ${values.length}]`);
}
const hash = (expr: string, salt: number): SQL => sql.raw(hashOf(expr, salt));

/** Class names of a grade: 8A .. 8Z, 8AA .. (grade R: RA ..). */
function classLetters(n: number): string {
  let s = '';
  let i = n;
  do {
    s = String.fromCharCode(65 + (i % 26)) + s;
    i = Math.floor(i / 26) - 1;
  } while (i >= 0);
  return s;
}

// ------------------------------------------------------------------------------------ generator
type TLog = (message: string) => void;

async function exec(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  return rowsOf(await db.execute(query));
}

/** What the attendance table carries beyond columns, to drop before a bulk load and rebuild after. */
async function tableExtras(db: Database, table: string) {
  const indexes = await exec(
    db,
    sql`SELECT indexname AS name, indexdef AS def FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename = ${table}
          AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = ${table}::regclass)`,
  );
  const own = await exec(
    db,
    sql`SELECT conname AS name, contype AS type, pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE conrelid = ${table}::regclass AND contype IN ('p', 'u', 'f') ORDER BY contype DESC, conname`,
  );
  const referencing = await exec(
    db,
    sql`SELECT conrelid::regclass::text AS "table", conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE confrelid = ${table}::regclass AND contype = 'f' ORDER BY conname`,
  );
  return {
    indexes: indexes as { name: string; def: string }[],
    own: own as { name: string; type: string; def: string }[],
    referencing: referencing as { table: string; name: string; def: string }[],
  };
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

type TSchoolOfScale = {
  name: string;
  slug: string;
  adminEmail: string;
  adminPassword: string;
  adminName: [string, string];
};

/** A school, its admin, register classes over Grade R to 12, learners and a guardian each (steps 1 to 4). */
async function generateSchoolBody(
  db: Database,
  school: TSchoolOfScale,
  options: { learners: number; classSize: number; year: number },
  step: <T>(label: string, run: () => Promise<T>) => Promise<T>,
): Promise<{ organizationId: string; adminId: string }> {
  const classCount = Math.ceil(options.learners / options.classSize);
  // 1. The school and its admin (a real, e-mail-verified account that signs in).
  const { organizationId, adminId } = await step(`school and admin ${school.adminEmail}`, async () => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, school.adminEmail));
    if (user) throw new Error(`An account ${school.adminEmail} already exists in this database.`);
    const adminId = await createUserWithPassword(db, {
      email: school.adminEmail,
      passwordHash: await hashPassword(school.adminPassword),
      name: school.adminName.join(' '),
      firstName: school.adminName[0],
      lastName: school.adminName[1],
      role: 'school_admin',
      status: 'active',
      emailVerified: true,
    });
    const organizationId = await ensureOrganizationWithMember(db, {
      name: school.name,
      slug: school.slug,
      type: 'school',
      userId: adminId,
      role: 'school_admin',
    });
    return { organizationId, adminId };
  });

  // 2. Register classes, spread over Grade R to 12.
  await step(`${classCount} register classes`, async () => {
    const rows: { organizationId: string; name: string; grade: number }[] = [];
    for (let grade = 0; grade <= 12; grade++) {
      const from = Math.floor((grade * classCount) / 13);
      const to = Math.floor(((grade + 1) * classCount) / 13);
      for (let i = 0; i < to - from; i++) {
        rows.push({ organizationId, name: `${grade === 0 ? 'R' : grade}${classLetters(i)}`, grade });
      }
    }
    for (let i = 0; i < rows.length; i += 1000) await db.insert(registerClasses).values(rows.slice(i, i + 1000));
  });

  // 3. Learners: learner g sits in the g / classSize-th class (classes ordered by grade, then name),
  // born in the year that makes them turn their grade's usual age in the year the seed runs (as
  // birthDateForGrade), not the year of the attendance, which may be an earlier one.
  const birthYearOfGradeR = Number(birthDateForGrade(0).slice(0, 4));
  await step(`${options.learners} learners`, async () => {
    await db.execute(sql`
      WITH cls AS (
        SELECT id, grade, row_number() OVER (ORDER BY grade, length(name), name) - 1 AS idx
        FROM register_classes WHERE organization_id = ${organizationId}
      ),
      s AS (SELECT g, ${hash('g', 11)} % 2 AS female FROM generate_series(0, ${options.learners - 1}) AS g)
      INSERT INTO learners (organization_id, first_name, last_name, preferred_name, date_of_birth, gender, grade,
        register_class_id, register_class_since, admission_number, id_type, home_language, address, created_by)
      SELECT ${organizationId},
        CASE WHEN s.female = 1 THEN ${pick(FEMALE, 's.g', 3)} ELSE ${pick(MALE, 's.g', 3)} END,
        ${pick(SURNAMES, 's.g', 7)},
        CASE WHEN ${hash('s.g', 13)} % 20 = 0 THEN ${pick(NICKNAMES, 's.g', 17)} ELSE '' END,
        make_date(${birthYearOfGradeR} - cls.grade::int, 1, 1) + (${hash('s.g', 19)} % 365)::int,
        CASE WHEN s.female = 1 THEN 'female' ELSE 'male' END,
        cls.grade,
        cls.id,
        make_date(${options.year}, 1, 1),
        'SC' || lpad((s.g + 1)::text, 6, '0'),
        'none',
        ${pick(LANGUAGES, 's.g', 23)},
        (1 + ${hash('s.g', 29)} % 250)::text || ' ' || ${pick(STREETS, 's.g', 31)} || ' Street, ' || ${pick(TOWNS, 's.g', 37)},
        ${adminId}
      FROM s JOIN cls ON cls.idx = s.g / ${options.classSize}`);
  });

  // 4. A guardian per learner (most with an e-mail address: absence notices go out as in real life).
  await step(`${options.learners} guardians`, async () => {
    // One statement: the guardian ids are drawn first, so each link names its learner's guardian.
    await db.execute(sql`
      WITH l AS (
        SELECT id AS learner_id, last_name, substr(admission_number, 3)::int AS n, gen_random_uuid() AS guardian_id
        FROM learners WHERE organization_id = ${organizationId}
      ),
      g AS (
        INSERT INTO guardians (id, organization_id, first_name, last_name, email, phone)
        SELECT l.guardian_id, ${organizationId},
          CASE WHEN ${hash('l.n', 41)} % 3 = 0 THEN ${pick(MALE, 'l.n', 43)} ELSE ${pick(FEMALE, 'l.n', 43)} END,
          l.last_name,
          CASE WHEN l.n % 5 = 0 THEN NULL ELSE 'guardian' || l.n || '@families.example' END,
          '08' || lpad((${hash('l.n', 47)} % 100000000)::text, 8, '0')
        FROM l
        RETURNING id
      )
      INSERT INTO learner_guardians (organization_id, learner_id, guardian_id, relation, pays_fees, receives_communications)
      SELECT ${organizationId}, l.learner_id, l.guardian_id, CASE WHEN l.n % 7 = 0 THEN 'guardian' ELSE 'parent' END, true, true
      FROM l`);
  });
  return { organizationId, adminId };
}

/**
 * A year of attendance for the schools (each marked by its admin): every learner on every school
 * day, about 93 % present, 20 days a statement. With `bulk`, the attendance table's keys and indexes
 * are dropped first and rebuilt after from their own definitions. Returns the rows written.
 */
async function generateAttendance(
  db: Database,
  schools: { organizationId: string; adminId: string }[],
  days: string[],
  bulk: boolean,
  step: <T>(label: string, run: () => Promise<T>) => Promise<T>,
): Promise<number> {
  const extras = bulk ? await tableExtras(db, 'attendance_records') : null;
  if (extras) {
    await step(
      `dropped ${extras.indexes.length} indexes and ${extras.own.length + extras.referencing.length} keys of attendance_records`,
      async () => {
        for (const c of extras.referencing)
          await db.execute(sql.raw(`ALTER TABLE ${c.table} DROP CONSTRAINT ${q(c.name)}`));
        for (const c of [...extras.own].sort((a, b) => (a.type === 'f' ? -1 : 1) - (b.type === 'f' ? -1 : 1)))
          await db.execute(sql.raw(`ALTER TABLE attendance_records DROP CONSTRAINT ${q(c.name)}`));
        for (const i of extras.indexes) await db.execute(sql.raw(`DROP INDEX ${q(i.name)}`));
      },
    );
  }
  const orgs = schools.map((s) => s.organizationId).join(',');
  const admins = schools.map((s) => s.adminId).join(',');
  const [learnerCount] = await exec(
    db,
    sql`SELECT count(*)::int AS n FROM learners
        WHERE organization_id = ANY(string_to_array(${orgs}, ',')::uuid[])`,
  );
  let records = 0;
  try {
    const chunk = 20;
    for (let i = 0; i < days.length; i += chunk) {
      const part = days.slice(i, i + chunk);
      await step(
        `attendance ${part[0]} to ${part.at(-1)} (${Math.min(i + chunk, days.length)}/${days.length} days)`,
        async () => {
          await db.execute(sql`
          WITH school AS (
            SELECT o::uuid AS organization_id, a AS admin_id
            FROM unnest(string_to_array(${orgs}, ','), string_to_array(${admins}, ',')) AS u(o, a)
          )
          INSERT INTO attendance_records (organization_id, register_class_id, learner_id, date, status, reason, marked_by, marked_at)
          SELECT x.organization_id, x.register_class_id, x.id, x.d,
            CASE WHEN x.r < x.absent THEN 'absent' WHEN x.r < x.absent + 0.02 THEN 'late'
                 WHEN x.r < x.absent + 0.03 THEN 'excused' ELSE 'present' END,
            CASE WHEN x.r < x.absent THEN (CASE WHEN x.r < x.absent / 3 THEN 'Sick' ELSE '' END)
                 WHEN x.r < x.absent + 0.02 THEN (CASE WHEN x.r < x.absent + 0.01 THEN 'Taxi was late' ELSE '' END)
                 WHEN x.r < x.absent + 0.03 THEN 'Medical appointment' ELSE '' END,
            x.admin_id,
            (x.d + time '07:45') AT TIME ZONE 'Africa/Johannesburg' + make_interval(secs => (x.r * 1200)::int)
          FROM (
            SELECT l.id, l.organization_id, school.admin_id, l.register_class_id, d::date AS d, random() AS r,
              CASE WHEN ${hash('substr(l.admission_number, 3)::int', 53)} % 25 = 0 THEN 0.15 ELSE 0.035 END AS absent
            FROM learners l JOIN school ON school.organization_id = l.organization_id
            CROSS JOIN unnest(string_to_array(${part.join(',')}, ',')) AS d
            ORDER BY d, l.organization_id, l.admission_number
          ) x`);
        },
      );
      records += part.length * Number(learnerCount!.n);
    }
  } finally {
    if (extras) {
      await step('rebuilt the keys and indexes of attendance_records (every constraint checked again)', async () => {
        for (const c of extras.own.filter((c) => c.type !== 'f'))
          await db.execute(sql.raw(`ALTER TABLE attendance_records ADD CONSTRAINT ${q(c.name)} ${c.def}`));
        for (const i of extras.indexes) await db.execute(sql.raw(i.def));
        for (const c of extras.own.filter((c) => c.type === 'f'))
          await db.execute(sql.raw(`ALTER TABLE attendance_records ADD CONSTRAINT ${q(c.name)} ${c.def}`));
        for (const c of extras.referencing)
          await db.execute(sql.raw(`ALTER TABLE ${c.table} ADD CONSTRAINT ${q(c.name)} ${c.def}`));
      });
    }
  }
  await step('vacuum analyze', async () => {
    for (const table of [
      'register_classes',
      'learners',
      'learner_search_prefixes',
      'guardians',
      'learner_guardians',
      'attendance_records',
    ])
      await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  });
  return records;
}

const stepper =
  (log: TLog) =>
  async <T>(label: string, run: () => Promise<T>): Promise<T> => {
    const t0 = Date.now();
    const result = await run();
    log(`  ${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    return result;
  };

/**
 * Generates the scale school into a migrated database. Refuses when the school already exists
 * (drop the database, or delete that organisation, to start again).
 */
export async function generateScaleSchool(
  db: Database,
  options: TScaleOptions = DEFAULT_SCALE_OPTIONS,
  log: TLog = () => undefined,
): Promise<TScaleSummary> {
  const started = Date.now();
  const step = stepper(log);
  const [existing] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, SCALE_SCHOOL.slug));
  if (existing) throw new Error(`The scale school (${SCALE_SCHOOL.slug}) already exists in this database.`);

  const allDays = schoolDays(options.year);
  const days = options.maxDays ? allDays.slice(0, options.maxDays) : allDays;
  const classCount = Math.ceil(options.learners / options.classSize);

  // Every commit waits for its WAL to be written (no `synchronous_commit = off`, which saved
  // nothing measurable over a load of some twenty large transactions): VACUUM marks a page visible
  // to all only when each of its rows' transactions is known to be durable, and with asynchronous
  // commits the closing VACUUM below found recent ones not yet flushed and left most pages
  // unmarked. The learner list then fetched a table row for every index entry it read.
  if (options.bulk) {
    await db.execute(sql`SET maintenance_work_mem = '512MB'`);
    await db.execute(sql`SET work_mem = '256MB'`);
  }

  const school = await generateSchoolBody(
    db,
    {
      name: SCALE_SCHOOL.name,
      slug: SCALE_SCHOOL.slug,
      adminEmail: options.adminEmail,
      adminPassword: options.adminPassword,
      adminName: ['Nomsa', 'Mahlangu'],
    },
    options,
    step,
  );
  const { organizationId } = school;
  // 5. A year of attendance: every learner on every school day, about 93 % present.
  const records = await generateAttendance(db, [school], days, options.bulk, step);
  const [counted] = await exec(
    db,
    sql`SELECT (SELECT count(*) FROM attendance_records WHERE organization_id = ${organizationId})::int AS records,
               (SELECT count(*) FROM guardians WHERE organization_id = ${organizationId})::int AS guardians`,
  );
  const summary: TScaleSummary = {
    version: SCALE_SEED_VERSION,
    organizationId,
    adminEmail: options.adminEmail,
    learners: options.learners,
    classes: classCount,
    guardians: Number(counted!.guardians),
    schoolDays: days.length,
    firstDay: days[0]!,
    lastDay: days.at(-1)!,
    attendanceRecords: Number(counted!.records),
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
  if (summary.attendanceRecords !== records)
    throw new Error(`expected ${records} attendance rows, found ${summary.attendanceRecords}`);
  await db
    .insert(systemSettings)
    .values({ key: SCALE_SEED_SETTING, value: summary })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value: summary, updatedAt: sql`now()` } });
  return summary;
}

/** The summary a previous run stored, or null (the bench reuses a database of the same version). */
export async function readScaleSummary(db: Database): Promise<TScaleSummary | null> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, SCALE_SEED_SETTING));
  return (row?.value as TScaleSummary | undefined) ?? null;
}

// ------------------------------------------------------------------------------ many schools
/** The multi-tenant bench's database: many schools of a few hundred learners each. */
export const TENANT_SEED_SETTING = 'tenant_seed';
export const TENANT_ADMIN_PASSWORD = 'tenant-school-password-2026';
/** The i-th tenant school's admin (0-based). */
export const tenantAdminEmail = (i: number) => `admin@tenant-school-${String(i + 1).padStart(3, '0')}.sekolo.test`;

export type TTenantOptions = {
  schools: number;
  learnersPerSchool: number;
  classSize: number;
  year: number;
  maxDays?: number;
  adminPassword: string;
  bulk: boolean;
};

export type TTenantSummary = {
  version: number;
  schools: number;
  learnersPerSchool: number;
  classesPerSchool: number;
  organizationIds: string[];
  schoolDays: number;
  firstDay: string;
  lastDay: string;
  attendanceRecords: number;
  seconds: number;
};

/**
 * Many schools in one database, each built as the scale school is (its admin, classes, learners,
 * a guardian each), then a year of attendance for all of them in one pass: the multi-tenant bench
 * compares a school's register read and save among 200 others with the one 50 000-learner school's.
 */
export async function generateTenantSchools(
  db: Database,
  options: TTenantOptions,
  log: TLog = () => undefined,
): Promise<TTenantSummary> {
  const started = Date.now();
  const step = stepper(log);
  const allDays = schoolDays(options.year);
  const days = options.maxDays ? allDays.slice(0, options.maxDays) : allDays;
  if (options.bulk) {
    await db.execute(sql`SET maintenance_work_mem = '512MB'`);
    await db.execute(sql`SET work_mem = '256MB'`);
  }
  const quiet = async <T>(_label: string, run: () => Promise<T>) => run();
  const schools: { organizationId: string; adminId: string }[] = [];
  await step(`${options.schools} schools of ${options.learnersPerSchool} learners`, async () => {
    for (let i = 0; i < options.schools; i++) {
      const number = String(i + 1).padStart(3, '0');
      schools.push(
        await generateSchoolBody(
          db,
          {
            name: `${TOWNS[i % TOWNS.length]} Combined School ${number}`,
            slug: `tenant-school-${number}`,
            adminEmail: tenantAdminEmail(i),
            adminPassword: options.adminPassword,
            adminName: [FEMALE[i % FEMALE.length]!, SURNAMES[i % SURNAMES.length]!],
          },
          { learners: options.learnersPerSchool, classSize: options.classSize, year: options.year },
          quiet,
        ),
      );
    }
  });
  const records = await generateAttendance(db, schools, days, options.bulk, step);
  const [counted] = await exec(
    db,
    sql`SELECT count(*)::int AS records FROM attendance_records
        WHERE organization_id = ANY(string_to_array(${schools.map((s) => s.organizationId).join(',')}, ',')::uuid[])`,
  );
  if (Number(counted!.records) !== records)
    throw new Error(`expected ${records} attendance rows, found ${String(counted!.records)}`);
  const summary: TTenantSummary = {
    version: SCALE_SEED_VERSION,
    schools: options.schools,
    learnersPerSchool: options.learnersPerSchool,
    classesPerSchool: Math.ceil(options.learnersPerSchool / options.classSize),
    organizationIds: schools.map((s) => s.organizationId),
    schoolDays: days.length,
    firstDay: days[0]!,
    lastDay: days.at(-1)!,
    attendanceRecords: records,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
  await db
    .insert(systemSettings)
    .values({ key: TENANT_SEED_SETTING, value: summary })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value: summary, updatedAt: sql`now()` } });
  return summary;
}
