// `npm run db:seed-scale -- [--learners 50000] [--class-size 40] [--year 2025] [--days N] [--password ...]`:
// builds the scale school (50 000 learners, a school year of daily attendance, about
// 10 million rows) into the PostgreSQL database of DATABASE_URL, migrated first. `npm run bench`
// calls it into a database of its own; run it by hand to explore the app at that size.
// With `--schools N` it builds N schools of `--learners` each (default 500) instead: the
// multi-tenant bench's database (scripts/bench-tenants.mjs), admins admin@tenant-school-001.sekolo.test ….
import { parseArgs } from 'node:util';
import { openPostgres } from '../platform/db/client.ts';
import {
  DEFAULT_SCALE_OPTIONS,
  generateScaleSchool,
  generateTenantSchools,
  SCALE_SCHOOL,
  TENANT_ADMIN_PASSWORD,
  tenantAdminEmail,
} from '../seed/scale-school.ts';
import { runCli } from './run-cli.ts';

const USAGE =
  'Usage: DATABASE_URL=postgres://... npm run db:seed-scale -- [--schools 1] [--learners 50000 (500 a school with --schools)] [--class-size 40] [--year 2025|2026] [--days <school days>] [--email admin@...] [--password ...]';

let values: Record<string, string | undefined>;
try {
  values = parseArgs({
    options: {
      schools: { type: 'string' },
      learners: { type: 'string' },
      'class-size': { type: 'string' },
      year: { type: 'string' },
      days: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
    },
    strict: true,
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(1);
}

function whole(name: string, fallback: number | undefined, min: number): number | undefined {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min}.\n${USAGE}`);
    process.exit(1);
  }
  return n;
}

const schools = whole('schools', 1, 1)!;
const options = {
  ...DEFAULT_SCALE_OPTIONS,
  learners: whole('learners', schools > 1 ? 500 : DEFAULT_SCALE_OPTIONS.learners, 1)!,
  classSize: whole('class-size', DEFAULT_SCALE_OPTIONS.classSize, 1)!,
  year: whole('year', DEFAULT_SCALE_OPTIONS.year, 2000)!,
  maxDays: whole('days', undefined, 1),
  adminEmail: values.email ?? DEFAULT_SCALE_OPTIONS.adminEmail,
  adminPassword: values.password ?? DEFAULT_SCALE_OPTIONS.adminPassword,
};
if (options.adminPassword.length < 8) {
  console.error('--password must have at least 8 characters.');
  process.exit(1);
}

await runCli('db:seed-scale', async (config) => {
  if (config.databaseEngine !== 'postgres') {
    console.error(`The scale school is for PostgreSQL: set DATABASE_URL.\n${USAGE}`);
    return 1;
  }
  const migrating = await openPostgres(config.DATABASE_URL!);
  try {
    await migrating.migrate();
  } finally {
    await migrating.close();
  }
  // One connection: the bulk load's session settings (maintenance_work_mem) must stay on it.
  const database = await openPostgres(config.DATABASE_URL!, { max: 1 });
  try {
    if (schools > 1) {
      const password = values.password ?? TENANT_ADMIN_PASSWORD;
      console.log(
        `Generating ${schools} schools of ${options.learners} learners in classes of ${options.classSize}, school year ${options.year}`,
      );
      const summary = await generateTenantSchools(
        database.db,
        {
          schools,
          learnersPerSchool: options.learners,
          classSize: options.classSize,
          year: options.year,
          ...(options.maxDays ? { maxDays: options.maxDays } : {}),
          adminPassword: password,
          bulk: true,
        },
        (line) => console.log(line),
      );
      console.log(
        `Done in ${summary.seconds} s: ${summary.schools} schools, ${summary.attendanceRecords} attendance records over ${summary.schoolDays} school days.\n` +
          `Sign in as ${tenantAdminEmail(0)} … ${tenantAdminEmail(schools - 1)} with the password ${values.password ? 'you gave' : password}.`,
      );
      return 0;
    }
    console.log(
      `Generating ${SCALE_SCHOOL.name}: ${options.learners} learners in classes of ${options.classSize}, school year ${options.year}`,
    );
    const summary = await generateScaleSchool(database.db, options, (line) => console.log(line));
    console.log(
      `Done in ${summary.seconds} s: ${summary.classes} classes, ${summary.learners} learners, ${summary.guardians} guardians, ` +
        `${summary.attendanceRecords} attendance records over ${summary.schoolDays} school days (${summary.firstDay} to ${summary.lastDay}).\n` +
        `Sign in as ${summary.adminEmail} with the password ${options.adminPassword === DEFAULT_SCALE_OPTIONS.adminPassword ? options.adminPassword : 'you gave'}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
});
