import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  BOOK_LANGUAGES,
  LIBRARY_CSV_COLUMNS,
  LIBRARY_CSV_MAX_ROWS,
  LIBRARY_CSV_REQUIRED_COLUMNS,
  LIBRARY_MESSAGES as M,
  ZTitleInput,
  type TImportReport,
  type TImportRow,
  type TTitleValues,
} from '@sekolo/shared/schemas/library';
import type { DbExecutor } from '../../platform/db/client.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { libraryCopies, libraryTitles } from '../../platform/db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { parseCsvWithHeader, toCsv } from '../../platform/lib/csv.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';
import { insertCopies } from './catalogue.ts';

/** The template the librarian downloads: the columns and two example rows. */
export function importTemplate(): string {
  return toCsv(LIBRARY_CSV_COLUMNS, [
    ['Cry, the Beloved Country', 'Alan Paton', '9780099581628', 'English Home Language', 'Vintage', 2002, 'English', 3],
    ['Kringe in ’n Bos', 'Dalene Matthee', '9780624041238', 'Afrikaans Huistaal', 'Tafelberg', 1984, 'Afrikaans', 2],
  ]);
}

function languageId(cell: string): string {
  const value = cell.trim().toLowerCase();
  if (!value) return 'english';
  return BOOK_LANGUAGES.find((l) => l.id === value || l.label.toLowerCase() === value)?.id ?? value;
}

/**
 * Checks (then imports) a CSV of titles. Each row names a title by its ISBN and how many copies the
 * library should hold: a new ISBN creates the title with that many copies; a known ISBN gets the
 * copies it lacks, and nothing when it has as many already, so importing a file twice adds nothing.
 * `check` only reports; `all` imports when every row is valid and otherwise nothing; `valid_only`
 * imports the valid rows. One transaction.
 */
export async function importTitles(
  db: DbExecutor,
  ctx: TSchoolContext,
  csv: string,
  mode: 'check' | 'all' | 'valid_only',
): Promise<TImportReport> {
  const report: TImportReport = {
    fileError: null,
    totalRows: 0,
    validRows: 0,
    invalidRows: 0,
    rows: [],
    imported: false,
    titlesCreated: 0,
    copiesCreated: 0,
  };
  const parsed = await parseCsvWithHeader(csv.replace(/^\uFEFF/, ''), (h) =>
    h.trim().toLowerCase().replace(/\s+/g, '_'),
  );
  const missing = LIBRARY_CSV_REQUIRED_COLUMNS.filter((c) => !parsed.fields.includes(c));
  if (missing.length) return { ...report, fileError: M.csvMissingColumns(missing) };
  if (parsed.rows.length === 0) return { ...report, fileError: M.csvEmpty };
  if (parsed.rows.length > LIBRARY_CSV_MAX_ROWS)
    return { ...report, totalRows: parsed.rows.length, fileError: M.csvTooManyRows(LIBRARY_CSV_MAX_ROWS) };
  report.totalRows = parsed.rows.length;

  const valid: { row: TImportRow; values: TTitleValues; copies: number }[] = [];
  const firstRowOf = new Map<string, number>();
  parsed.rows.forEach((raw, index) => {
    const rowNumber = index + 2;
    const cell = (c: string) => (raw[c] ?? '').trim();
    const errors: { field: string; message: string }[] = [];
    const yearCell = cell('year');
    const result = ZTitleInput.safeParse({
      title: cell('title'),
      author: cell('author'),
      isbn: cell('isbn'),
      subject: cell('subject'),
      publisher: cell('publisher'),
      year: yearCell === '' ? null : /^\d+$/.test(yearCell) ? Number(yearCell) : Number.NaN,
      language: languageId(cell('language')),
    });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        if (!errors.some((e) => e.field === field)) errors.push({ field, message: issue.message });
      }
    }
    if (!cell('isbn') && !errors.some((e) => e.field === 'isbn'))
      errors.push({ field: 'isbn', message: M.csvIsbnRequired });
    const copiesCell = cell('copies');
    const copies = /^\d+$/.test(copiesCell) ? Number(copiesCell) : Number.NaN;
    if (!(copies >= 1 && copies <= 50)) errors.push({ field: 'copies', message: M.csvCopiesInvalid });
    if (result.success && result.data.isbn) {
      const earlier = firstRowOf.get(result.data.isbn);
      if (earlier) errors.push({ field: 'isbn', message: M.csvDuplicateInFile(earlier) });
      else firstRowOf.set(result.data.isbn, rowNumber);
    }
    const row: TImportRow = {
      row: rowNumber,
      title: cell('title'),
      isbn: result.success ? result.data.isbn : cell('isbn'),
      action: 'refused',
      copiesToAdd: 0,
      errors,
    };
    report.rows.push(row);
    if (errors.length === 0 && result.success) valid.push({ row, values: result.data, copies });
  });

  // What each valid row does against the catalogue as it is.
  const isbns = valid.map((v) => v.values.isbn);
  const existing = isbns.length
    ? await db
        .select({
          id: libraryTitles.id,
          isbn: libraryTitles.isbn,
          copies: sql<number>`(select count(*)::int from ${libraryCopies} c where c.title_id = "library_titles"."id")`,
        })
        .from(libraryTitles)
        .where(and(eq(libraryTitles.organizationId, ctx.organizationId), inArray(libraryTitles.isbn, isbns)))
    : [];
  const byIsbn = new Map(existing.map((e) => [e.isbn, e]));
  for (const v of valid) {
    const known = byIsbn.get(v.values.isbn);
    if (!known) {
      v.row.action = 'create';
      v.row.copiesToAdd = v.copies;
    } else {
      const lacking = v.copies - Number(known.copies);
      v.row.action = lacking > 0 ? 'add_copies' : 'unchanged';
      v.row.copiesToAdd = Math.max(0, lacking);
    }
  }
  report.validRows = valid.length;
  report.invalidRows = report.totalRows - valid.length;

  const shouldImport = mode === 'valid_only' ? valid.length > 0 : mode === 'all' && report.invalidRows === 0;
  if (!shouldImport) return report;
  await transaction(db, async (tx) => {
    for (const v of valid) {
      if (v.row.action === 'create') {
        const [created] = await tx
          .insert(libraryTitles)
          .values({ ...v.values, organizationId: ctx.organizationId, createdBy: ctx.user.id })
          .onConflictDoNothing()
          .returning({ id: libraryTitles.id });
        if (!created) continue;
        await insertCopies(tx, ctx.organizationId, created.id, v.copies);
        report.titlesCreated += 1;
        report.copiesCreated += v.copies;
      } else if (v.row.action === 'add_copies') {
        await insertCopies(tx, ctx.organizationId, byIsbn.get(v.values.isbn)!.id, v.row.copiesToAdd);
        report.copiesCreated += v.row.copiesToAdd;
      }
    }
    await recordAudit(tx, {
      action: 'library.import',
      actorUserId: ctx.user.id,
      target: `organization:${ctx.organizationId}`,
      ip: ctx.ip,
      details: { rows: report.totalRows, titlesCreated: report.titlesCreated, copiesCreated: report.copiesCreated },
    });
  });
  report.imported = true;
  return report;
}
