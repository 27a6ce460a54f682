import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  LIBRARY_MESSAGES as M,
  type TCatalogueQuery,
  type TTitleSummary,
  type TTitleValues,
  DEFAULT_LIBRARY_SETTINGS,
} from '@sekolo/shared/schemas/library';
import type { z } from 'zod';
import type { libraryContracts } from '@sekolo/shared/contracts/library';
import type { DbExecutor } from '../../platform/db/client.ts';
import { transaction } from '../../platform/db/transaction.ts';
import {
  libraryCopies,
  libraryHolds,
  libraryLoans,
  librarySettings,
  libraryTitles,
} from '../../platform/db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { conflict, isUniqueViolation, notFound } from '../../platform/http/errors.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';
import { borrowerColumns, borrowerFrom, borrowerLearner, borrowerUser, selectHolds } from './lib/records.ts';

type TCopy = z.infer<(typeof libraryContracts)['addCopies']['response']>['copies'][number];

/** 'LIB-000123': the library's barcode of copy number `n` of the school. */
export const barcodeOf = (n: number) => `LIB-${String(n).padStart(6, '0')}`;

/** Takes the next `count` copy numbers of the school (creating its settings row with the defaults). */
export async function allocateBarcodes(tx: DbExecutor, organizationId: string, count: number): Promise<string[]> {
  const [row] = await tx
    .insert(librarySettings)
    .values({ organizationId, ...DEFAULT_LIBRARY_SETTINGS, nextCopyNumber: 1 + count })
    .onConflictDoUpdate({
      target: librarySettings.organizationId,
      set: { nextCopyNumber: sql`${librarySettings.nextCopyNumber} + ${count}` },
    })
    .returning({ next: librarySettings.nextCopyNumber });
  const first = row!.next - count;
  return Array.from({ length: count }, (_, i) => barcodeOf(first + i));
}

/** Adds `count` copies of a title, each with the next barcode of the school. */
export async function insertCopies(tx: DbExecutor, organizationId: string, titleId: string, count: number) {
  if (count <= 0) return [];
  const barcodes = await allocateBarcodes(tx, organizationId, count);
  return tx
    .insert(libraryCopies)
    .values(barcodes.map((barcode) => ({ organizationId, titleId, barcode })))
    .returning();
}

const LENDABLE = sql`status not in ('lost', 'withdrawn')`;
/** The outer title row, named in full: drizzle leaves a one-table select's columns unqualified. */
const OUTER_TITLE_ID = sql.raw('"library_titles"."id"');

const summaryColumns = {
  id: libraryTitles.id,
  title: libraryTitles.title,
  author: libraryTitles.author,
  isbn: libraryTitles.isbn,
  subject: libraryTitles.subject,
  publisher: libraryTitles.publisher,
  year: libraryTitles.year,
  language: libraryTitles.language,
  copies: sql<number>`(select count(*)::int from ${libraryCopies} c where c.title_id = ${OUTER_TITLE_ID} and c.${LENDABLE})`,
  available: sql<number>`(select count(*)::int from ${libraryCopies} c where c.title_id = ${OUTER_TITLE_ID} and c.status = 'available')`,
  waitingHolds: sql<number>`(select count(*)::int from ${libraryHolds} h where h.title_id = ${OUTER_TITLE_ID} and h.status = 'waiting')`,
};

const summaryOf = (row: TTitleSummary): TTitleSummary => ({
  ...row,
  copies: Number(row.copies),
  available: Number(row.available),
  waitingHolds: Number(row.waitingHolds),
});

/** A page of the catalogue, searched by title, author or ISBN, filtered by subject, language and availability. */
export async function listTitles(db: DbExecutor, organizationId: string, query: TCatalogueQuery) {
  const limit = Number(query.limit ?? 25);
  const filters: (SQL | undefined)[] = [eq(libraryTitles.organizationId, organizationId)];
  const q = query.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(
        ilike(libraryTitles.title, like),
        ilike(libraryTitles.author, like),
        eq(libraryTitles.isbn, q.replace(/[\s-]/g, '').toUpperCase()),
      ),
    );
  }
  if (query.subject) filters.push(eq(libraryTitles.subject, query.subject));
  if (query.language) filters.push(eq(libraryTitles.language, query.language));
  if (query.available === 'yes')
    filters.push(
      sql`exists (select 1 from ${libraryCopies} c where c.title_id = ${OUTER_TITLE_ID} and c.status = 'available')`,
    );
  if (query.after) {
    const [afterTitle, afterId] = query.after.split('\u0000');
    if (afterTitle !== undefined && afterId && /^[0-9a-f-]{36}$/i.test(afterId))
      filters.push(sql`(lower(${libraryTitles.title}), ${libraryTitles.id}) > (${afterTitle}, ${afterId}::uuid)`);
  }
  const rows = await db
    .select(summaryColumns)
    .from(libraryTitles)
    .where(and(...filters))
    .orderBy(sql`lower(${libraryTitles.title})`, asc(libraryTitles.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map(summaryOf);
  const last = page.at(-1);
  const subjects = await db
    .selectDistinct({ subject: libraryTitles.subject })
    .from(libraryTitles)
    .where(and(eq(libraryTitles.organizationId, organizationId), sql`${libraryTitles.subject} <> ''`))
    .orderBy(libraryTitles.subject);
  return {
    titles: page,
    next: rows.length > limit && last ? `${last.title.toLowerCase()}\u0000${last.id}` : null,
    subjects: subjects.map((s) => s.subject),
  };
}

export async function titleSummary(db: DbExecutor, organizationId: string, titleId: string): Promise<TTitleSummary> {
  const [row] = await db
    .select(summaryColumns)
    .from(libraryTitles)
    .where(and(eq(libraryTitles.organizationId, organizationId), eq(libraryTitles.id, titleId)));
  if (!row) throw notFound(M.titleNotFound);
  return summaryOf(row);
}

/** The copies of a title with who has each (on loan) or for whom it is set aside (held). */
export async function copiesOf(db: DbExecutor, organizationId: string, titleId: string): Promise<TCopy[]> {
  const loans = await db
    .select({ copyId: libraryLoans.copyId, dueOn: libraryLoans.dueOn, ...borrowerColumns })
    .from(libraryLoans)
    .leftJoin(borrowerLearner, eq(borrowerLearner.id, libraryLoans.learnerId))
    .leftJoin(borrowerUser, eq(borrowerUser.id, libraryLoans.staffUserId))
    .where(and(eq(libraryLoans.titleId, titleId), sql`${libraryLoans.returnedAt} is null`));
  const holds = await selectHolds(db, and(eq(libraryHolds.titleId, titleId), eq(libraryHolds.status, 'ready')));
  const copies = await db
    .select()
    .from(libraryCopies)
    .where(and(eq(libraryCopies.organizationId, organizationId), eq(libraryCopies.titleId, titleId)))
    .orderBy(libraryCopies.barcode);
  return copies.map((copy) => {
    const loan = loans.find((l) => l.copyId === copy.id);
    const hold = holds.find((h) => h.barcode === copy.barcode);
    return {
      id: copy.id,
      barcode: copy.barcode,
      status: copy.status as TCopy['status'],
      borrower: loan ? borrowerFrom(loan) : (hold?.borrower ?? null),
      dueOn: loan?.dueOn ?? null,
    };
  });
}

export async function titleDetail(db: DbExecutor, organizationId: string, titleId: string) {
  const title = await titleSummary(db, organizationId, titleId);
  return {
    title,
    copies: await copiesOf(db, organizationId, titleId),
    holds: await selectHolds(
      db,
      and(eq(libraryHolds.titleId, titleId), sql`${libraryHolds.status} in ('waiting', 'ready')`),
    ),
  };
}

function isbnTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(M.isbnTaken);
  throw error;
}

export async function createTitle(db: DbExecutor, ctx: TSchoolContext, values: TTitleValues & { copies: number }) {
  const { copies, ...title } = values;
  const id = await transaction(db, async (tx) => {
    const [row] = await tx
      .insert(libraryTitles)
      .values({ ...title, organizationId: ctx.organizationId, createdBy: ctx.user.id })
      .returning({ id: libraryTitles.id })
      .catch(isbnTaken);
    await insertCopies(tx, ctx.organizationId, row!.id, copies);
    return row!.id;
  });
  return titleSummary(db, ctx.organizationId, id);
}

export async function updateTitle(db: DbExecutor, ctx: TSchoolContext, titleId: string, values: TTitleValues) {
  const [row] = await db
    .update(libraryTitles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(libraryTitles.organizationId, ctx.organizationId), eq(libraryTitles.id, titleId)))
    .returning({ id: libraryTitles.id })
    .catch(isbnTaken);
  if (!row) throw notFound(M.titleNotFound);
  return titleSummary(db, ctx.organizationId, titleId);
}

export async function addCopies(db: DbExecutor, ctx: TSchoolContext, titleId: string, count: number) {
  await titleSummary(db, ctx.organizationId, titleId);
  const created = await transaction(db, (tx) => insertCopies(tx, ctx.organizationId, titleId, count));
  const ids = new Set(created.map((c) => c.id));
  return (await copiesOf(db, ctx.organizationId, titleId)).filter((c) => ids.has(c.id));
}

/**
 * Marks a copy lost or withdrawn (it leaves the shelf and is never lent), or back on the shelf
 * (found again). A copy on loan is returned first; a copy set aside for a hold goes back to the queue.
 */
export async function setCopyStatus(
  db: DbExecutor,
  ctx: TSchoolContext,
  copyId: string,
  status: 'available' | 'lost' | 'withdrawn',
  passCopyOn: (tx: DbExecutor, copyId: string) => Promise<unknown>,
) {
  const titleId = await transaction(db, async (tx) => {
    const [copy] = await tx
      .select()
      .from(libraryCopies)
      .where(and(eq(libraryCopies.organizationId, ctx.organizationId), eq(libraryCopies.id, copyId)))
      .for('update');
    if (!copy) throw notFound(M.copyNotFound);
    if (copy.status === 'on_loan') throw conflict(M.copyStatusOnLoan);
    if (copy.status === 'held') {
      await tx
        .update(libraryHolds)
        .set({ status: 'waiting', copyId: null, readyAt: null, collectBy: null })
        .where(and(eq(libraryHolds.copyId, copyId), eq(libraryHolds.status, 'ready')));
    }
    await tx.update(libraryCopies).set({ status, updatedAt: new Date() }).where(eq(libraryCopies.id, copyId));
    // A copy found again serves the first waiting hold, if any.
    if (status === 'available') await passCopyOn(tx, copyId);
    await recordAudit(tx, {
      action: 'library.copy_status',
      actorUserId: ctx.user.id,
      target: `library_copy:${copyId}`,
      ip: ctx.ip,
      details: { barcode: copy.barcode, from: copy.status, to: status },
    });
    return copy.titleId;
  });
  const copies = await copiesOf(db, ctx.organizationId, titleId);
  return copies.find((c) => c.id === copyId)!;
}
