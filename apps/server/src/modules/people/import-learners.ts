import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { and, eq, inArray } from 'drizzle-orm';
import {
  gradeToNumber,
  LEARNER_CSV_COLUMNS,
  LEARNER_CSV_MAX_ROWS,
  LEARNER_CSV_REQUIRED_COLUMNS,
  parseCsvGrade,
  SCHOOL_MESSAGES,
  ZLearnerSchema,
  type TLearnerImportProgress,
  type TLearnerImportReport,
  type TLearnerImportRowError,
  type TLearnerValues,
} from '@sekolo/shared/schemas/school';
import type { Database } from '../../platform/db/client.ts';
import { learners, registerClasses } from '../../platform/db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { parseCsvWithHeader } from '../../platform/lib/csv.ts';
import { isUniqueViolation } from '../../platform/http/errors.ts';
import { timeSlicer } from '../../platform/lib/time-slice.ts';
import { checkLearnerCapacity } from './learner-capacity.ts';
import { admissionNumberTaken, learnerColumns } from './learner-rules.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';

const M = SCHOOL_MESSAGES;

/** Form field names back to the CSV's column names, so the report names the column to fix. */
const COLUMN_OF_FIELD: Record<string, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  preferredName: 'preferred_name',
  dateOfBirth: 'date_of_birth',
  gender: 'gender',
  grade: 'grade',
  registerClassId: 'class',
  admissionNumber: 'admission_number',
  idType: 'id_type',
  idNumber: 'id_number',
  homeLanguage: 'home_language',
  medicalNotes: 'medical_notes',
  address: 'address',
  registerClassSince: 'in_class_since',
};

/**
 * Rows per statement, few enough that one statement stays short on PGlite, which runs SQL on the
 * server's own thread: a look-up of 200 admission numbers is quick, where an insert of 200 learners
 * (each writing its search prefixes, learner_search_prefixes) holds the thread for seconds.
 */
const LOOKUP_CHUNK = 200;
const INSERT_CHUNK = 20;

/** Rows between two progress reports: about 25 reports for a full file. */
const PROGRESS_EVERY = 200;

/**
 * CSV import with a row-by-row report. `check` only reports; `all` imports when every row is
 * valid and otherwise nothing; `valid_only` imports the valid rows. One transaction either way.
 *
 * A file of 5 000 rows takes seconds to check, so the work goes in time slices with a turn of the
 * event loop between them (timeSlicer): other requests are answered meanwhile, and `onProgress`
 * hears how far the check (then the import) has come.
 */
export async function importLearners(
  db: Database,
  ctx: TSchoolContext,
  csv: string,
  mode: 'check' | 'all' | 'valid_only',
  onProgress: (progress: TLearnerImportProgress) => void = () => {},
): Promise<TLearnerImportReport> {
  const report: TLearnerImportReport = {
    totalRows: 0,
    validRows: 0,
    invalidRows: 0,
    imported: 0,
    errors: [],
    fileError: null,
  };
  const slice = timeSlicer();
  const parsed = await parseCsvWithHeader(csv.replace(/^\uFEFF/, ''), (header) =>
    header.trim().toLowerCase().replace(/\s+/g, '_'),
  );
  const headers = parsed.fields;
  const missing = LEARNER_CSV_REQUIRED_COLUMNS.filter((column) => !headers.includes(column));
  if (missing.length > 0) return { ...report, fileError: M.csvMissingColumns(missing) };
  const rows = parsed.rows;
  if (rows.length === 0) return { ...report, fileError: M.csvEmpty };
  if (rows.length > LEARNER_CSV_MAX_ROWS)
    return { ...report, totalRows: rows.length, fileError: M.csvTooManyRows(LEARNER_CSV_MAX_ROWS) };
  report.totalRows = rows.length;
  onProgress({ phase: 'check', done: 0, total: rows.length });

  const classes = await db
    .select({ id: registerClasses.id, name: registerClasses.name, grade: registerClasses.grade })
    .from(registerClasses)
    .where(eq(registerClasses.organizationId, ctx.organizationId));
  const classByName = new Map(classes.map((c) => [c.name.trim().toLowerCase(), c]));

  const valid: { row: number; values: TLearnerValues }[] = [];
  const firstRowOf = new Map<string, number>();
  for (let index = 0; index < rows.length; index++) {
    if (index > 0 && index % PROGRESS_EVERY === 0) onProgress({ phase: 'check', done: index, total: rows.length });
    await slice();
    const raw = rows[index]!;
    // Row 1 is the header, so the first learner is on row 2 of the file.
    const rowNumber = index + 2;
    const cell = (column: string) => (raw[column] ?? '').trim();
    const errors: { field: string; message: string }[] = [];
    // U+FFFD is what a decoder leaves of bytes it could not read ("Ren�e"): such a name is never
    // saved as if it were right. The web reads the file's encoding (decodeCsvBytes); another client
    // or a file damaged before may still send it.
    for (const column of LEARNER_CSV_COLUMNS) {
      if (cell(column).includes('\uFFFD')) errors.push({ field: column, message: M.csvUnreadableCharacter });
    }
    const className = cell('class');
    const registerClass = className ? classByName.get(className.toLowerCase()) : undefined;
    if (className && !registerClass) errors.push({ field: 'class', message: M.classNotFound });
    const result = ZLearnerSchema.safeParse({
      firstName: cell('first_name'),
      lastName: cell('last_name'),
      preferredName: cell('preferred_name'),
      dateOfBirth: cell('date_of_birth'),
      gender: cell('gender').toLowerCase(),
      grade: parseCsvGrade(cell('grade')),
      registerClassId: registerClass?.id ?? '',
      admissionNumber: cell('admission_number'),
      idType: cell('id_type').toLowerCase() || (cell('id_number') ? 'sa_id' : 'none'),
      idNumber: cell('id_number'),
      homeLanguage: cell('home_language').toLowerCase(),
      medicalNotes: cell('medical_notes'),
      address: cell('address'),
      // Blank: in the class from today (the day of the import).
      registerClassSince: cell('in_class_since'),
    });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = COLUMN_OF_FIELD[String(issue.path[0])] ?? String(issue.path[0] ?? 'row');
        if (!errors.some((e) => e.field === field)) errors.push({ field, message: issue.message });
      }
    } else {
      if (registerClass && registerClass.grade !== gradeToNumber(result.data.grade)) {
        errors.push({ field: 'class', message: M.classGradeMismatch });
      }
      const earlier = firstRowOf.get(result.data.admissionNumber);
      if (earlier) errors.push({ field: 'admission_number', message: M.csvDuplicateInFile(earlier) });
      else firstRowOf.set(result.data.admissionNumber, rowNumber);
    }
    if (errors.length > 0 || !result.success) {
      report.errors.push({
        row: rowNumber,
        admissionNumber: cell('admission_number'),
        errors,
      } satisfies TLearnerImportRowError);
    } else {
      valid.push({ row: rowNumber, values: result.data });
    }
  }

  // Admission numbers already in the school.
  const numbers = valid.map((v) => v.values.admissionNumber);
  const taken = new Set<string>();
  for (let i = 0; i < numbers.length; i += LOOKUP_CHUNK) {
    await slice();
    const existing = await db
      .select({ admissionNumber: learners.admissionNumber })
      .from(learners)
      .where(
        and(
          eq(learners.organizationId, ctx.organizationId),
          inArray(learners.admissionNumber, numbers.slice(i, i + LOOKUP_CHUNK)),
        ),
      );
    for (const row of existing) taken.add(row.admissionNumber);
  }
  const clean = valid.filter((v) => {
    if (!taken.has(v.values.admissionNumber)) return true;
    report.errors.push({
      row: v.row,
      admissionNumber: v.values.admissionNumber,
      errors: [{ field: 'admission_number', message: M.admissionNumberTaken }],
    });
    return false;
  });
  report.errors.sort((a, b) => a.row - b.row);
  report.validRows = clean.length;
  report.invalidRows = report.totalRows - clean.length;
  onProgress({ phase: 'check', done: rows.length, total: rows.length });

  const shouldImport = mode === 'valid_only' ? clean.length > 0 : mode === 'all' && report.invalidRows === 0;
  if (!shouldImport) return report;
  try {
    const today = schoolToday();
    await db.transaction(async (tx) => {
      await checkLearnerCapacity(tx, ctx.organizationId, clean.length);
      for (let i = 0; i < clean.length; i += INSERT_CHUNK) {
        if (i % PROGRESS_EVERY === 0) onProgress({ phase: 'import', done: i, total: clean.length });
        await slice();
        await tx.insert(learners).values(
          clean.slice(i, i + INSERT_CHUNK).map((v) => ({
            ...learnerColumns(v.values),
            // The row's in_class_since, else today (as create-learner.ts): new learners have no marks.
            registerClassSince: v.values.registerClassSince ?? today,
            organizationId: ctx.organizationId,
            createdBy: ctx.user.id,
          })),
        );
      }
      await recordAudit(tx, {
        action: 'learners.imported',
        actorUserId: ctx.user.id,
        target: `organization:${ctx.organizationId}`,
        ip: ctx.ip,
        details: {
          organizationId: ctx.organizationId,
          imported: clean.length,
          skipped: report.invalidRows,
          columns: LEARNER_CSV_COLUMNS.length,
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw admissionNumberTaken();
    throw error;
  }
  return { ...report, imported: clean.length };
}
