import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SCHOOL_STAFF_ROLES } from '@sekolo/shared/constants/roles';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  DEFAULT_LIBRARY_SETTINGS,
  LIBRARY_MESSAGES as M,
  type TBorrower,
  type TBorrowerRef,
  type THold,
  type TLibrarySettings,
  type TLoan,
} from '@sekolo/shared/schemas/library';
import type { DbExecutor } from '../../../platform/db/client.ts';
import {
  learners,
  libraryCopies,
  libraryHolds,
  libraryLoans,
  librarySettings,
  libraryTitles,
  organizationMembers,
  users,
} from '../../../platform/db/schema/index.ts';
import { notFound } from '../../../platform/http/errors.ts';

/** The school roles whose members borrow as staff (everyone of the school but learners and parents). */
export const STAFF_BORROWER_ROLES: string[] = ['school_admin', 'teacher', ...SCHOOL_STAFF_ROLES];

/** The school's lending rules; its defaults until the librarian saves its own. */
export async function settingsOf(db: DbExecutor, organizationId: string): Promise<TLibrarySettings> {
  const [row] = await db.select().from(librarySettings).where(eq(librarySettings.organizationId, organizationId));
  if (!row) return { ...DEFAULT_LIBRARY_SETTINGS };
  return {
    learnerLoanLimit: row.learnerLoanLimit,
    learnerLoanDays: row.learnerLoanDays,
    staffLoanLimit: row.staffLoanLimit,
    staffLoanDays: row.staffLoanDays,
    maxRenewals: row.maxRenewals,
    reminderIntervalDays: row.reminderIntervalDays,
    holdPickupDays: row.holdPickupDays,
  };
}

export const gradeLabel = (grade: number) => (grade === 0 ? 'Grade R' : `Grade ${grade}`);

/** The learner's and staff member's columns a loan or hold row is read with (left joins). */
export const borrowerLearner = alias(learners, 'borrower_learner');
export const borrowerUser = alias(users, 'borrower_user');

export const borrowerColumns = {
  kind: sql<'learner' | 'staff'>`${libraryLoans.borrowerKind}`,
  learnerId: borrowerLearner.id,
  learnerFirst: borrowerLearner.firstName,
  learnerPreferred: borrowerLearner.preferredName,
  learnerLast: borrowerLearner.lastName,
  learnerGrade: borrowerLearner.grade,
  learnerAdmission: borrowerLearner.admissionNumber,
  staffId: borrowerUser.id,
  staffName: borrowerUser.name,
};

type TBorrowerColumns = {
  learnerId: string | null;
  learnerFirst: string | null;
  learnerPreferred: string | null;
  learnerLast: string | null;
  learnerGrade: number | null;
  learnerAdmission: string | null;
  staffId: string | null;
  staffName: string | null;
};

export function borrowerFrom(row: TBorrowerColumns): TBorrower {
  if (row.learnerId) {
    return {
      kind: 'learner',
      id: row.learnerId,
      name: `${row.learnerPreferred || row.learnerFirst} ${row.learnerLast}`,
      detail: `${gradeLabel(row.learnerGrade ?? 0)} · ${row.learnerAdmission}`,
    };
  }
  return { kind: 'staff', id: row.staffId ?? '', name: row.staffName ?? 'Staff member', detail: 'Staff' };
}

/** Loans with their title, copy and borrower, filtered by `where`, newest due first or as ordered. */
export async function selectLoans(db: DbExecutor, where: SQL | undefined, orderBy: SQL = sql`${libraryLoans.dueOn}`) {
  const rows = await db
    .select({
      loan: libraryLoans,
      title: libraryTitles.title,
      author: libraryTitles.author,
      barcode: libraryCopies.barcode,
      ...borrowerColumns,
    })
    .from(libraryLoans)
    .innerJoin(libraryCopies, eq(libraryCopies.id, libraryLoans.copyId))
    .innerJoin(libraryTitles, eq(libraryTitles.id, libraryLoans.titleId))
    .leftJoin(borrowerLearner, eq(borrowerLearner.id, libraryLoans.learnerId))
    .leftJoin(borrowerUser, eq(borrowerUser.id, libraryLoans.staffUserId))
    .where(where)
    .orderBy(orderBy, libraryLoans.id)
    .limit(500);
  const today = todayInSouthAfrica();
  return rows.map((r): TLoan => ({
    id: r.loan.id,
    titleId: r.loan.titleId,
    title: r.title,
    author: r.author,
    barcode: r.barcode,
    borrower: borrowerFrom(r),
    issuedAt: r.loan.issuedAt.toISOString(),
    dueOn: r.loan.dueOn,
    returnedAt: r.loan.returnedAt?.toISOString() ?? null,
    renewals: r.loan.renewals,
    overdue: !r.loan.returnedAt && r.loan.dueOn < today,
    remindersSent: r.loan.remindersSent,
  }));
}

export async function loanById(db: DbExecutor, organizationId: string, loanId: string): Promise<TLoan> {
  const [loan] = await selectLoans(
    db,
    and(eq(libraryLoans.organizationId, organizationId), eq(libraryLoans.id, loanId)),
  );
  if (!loan) throw notFound(M.loanNotFound);
  return loan;
}

/** Holds with their title, copy and borrower; waiting holds with their place in the title's queue. */
export async function selectHolds(db: DbExecutor, where: SQL | undefined): Promise<THold[]> {
  const heldCopy = alias(libraryCopies, 'held_copy');
  const rows = await db
    .select({
      hold: libraryHolds,
      title: libraryTitles.title,
      author: libraryTitles.author,
      barcode: heldCopy.barcode,
      position: sql<number | null>`case when ${libraryHolds.status} = 'waiting' then (
        select count(*)::int from ${libraryHolds} as ahead
        where ahead.title_id = "library_holds"."title_id" and ahead.status = 'waiting'
          and (ahead.placed_at, ahead.id) < ("library_holds"."placed_at", "library_holds"."id")) end`,
      ...borrowerColumns,
      kind: sql<'learner' | 'staff'>`${libraryHolds.borrowerKind}`,
    })
    .from(libraryHolds)
    .innerJoin(libraryTitles, eq(libraryTitles.id, libraryHolds.titleId))
    .leftJoin(heldCopy, eq(heldCopy.id, libraryHolds.copyId))
    .leftJoin(borrowerLearner, eq(borrowerLearner.id, libraryHolds.learnerId))
    .leftJoin(borrowerUser, eq(borrowerUser.id, libraryHolds.staffUserId))
    .where(where)
    .orderBy(libraryHolds.placedAt, libraryHolds.id)
    .limit(500);
  return rows.map((r) => ({
    id: r.hold.id,
    titleId: r.hold.titleId,
    title: r.title,
    author: r.author,
    borrower: borrowerFrom(r),
    status: r.hold.status as THold['status'],
    placedAt: r.hold.placedAt.toISOString(),
    barcode: r.hold.status === 'ready' ? (r.barcode ?? null) : null,
    collectBy: r.hold.status === 'ready' ? r.hold.collectBy : null,
    position: r.position === null ? null : Number(r.position),
  }));
}

export async function holdById(db: DbExecutor, organizationId: string, holdId: string): Promise<THold> {
  const [hold] = await selectHolds(
    db,
    and(eq(libraryHolds.organizationId, organizationId), eq(libraryHolds.id, holdId)),
  );
  if (!hold) throw notFound(M.holdNotFound);
  return hold;
}

/** The columns of a loan or hold row that name its borrower. */
export function borrowerKeyOf(ref: TBorrowerRef) {
  return ref.kind === 'learner'
    ? { borrowerKind: 'learner' as const, learnerId: ref.id, staffUserId: null }
    : { borrowerKind: 'staff' as const, learnerId: null, staffUserId: ref.id };
}

/** `table`'s rows of this borrower (loans or holds). */
export function ofBorrower(table: typeof libraryLoans | typeof libraryHolds, ref: TBorrowerRef): SQL {
  return ref.kind === 'learner' ? eq(table.learnerId, ref.id) : eq(table.staffUserId, ref.id);
}

/**
 * The borrower `ref` names, checked to be a current learner or a staff member of the school; 404
 * otherwise (another school's learner or staff member is nobody here).
 */
export async function resolveBorrower(db: DbExecutor, organizationId: string, ref: TBorrowerRef): Promise<TBorrower> {
  if (ref.kind === 'learner') {
    if (!/^[0-9a-f-]{36}$/i.test(ref.id)) throw notFound(M.borrowerNotFound);
    const [learner] = await db
      .select()
      .from(learners)
      .where(and(eq(learners.id, ref.id), eq(learners.organizationId, organizationId), isNull(learners.archivedAt)));
    if (!learner) throw notFound(M.borrowerNotFound);
    return borrowerFrom({
      learnerId: learner.id,
      learnerFirst: learner.firstName,
      learnerPreferred: learner.preferredName,
      learnerLast: learner.lastName,
      learnerGrade: learner.grade,
      learnerAdmission: learner.admissionNumber,
      staffId: null,
      staffName: null,
    });
  }
  const [member] = await db
    .select({ id: users.id, name: users.name })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.userId, ref.id),
        inArray(organizationMembers.role, STAFF_BORROWER_ROLES),
      ),
    );
  if (!member) throw notFound(M.borrowerNotFound);
  return { kind: 'staff', id: member.id, name: member.name, detail: 'Staff' };
}

/** The borrower a signed-in user is at their school: their learner record, or themselves as staff. */
export async function borrowerOfUser(
  db: DbExecutor,
  organizationId: string,
  userId: string,
): Promise<TBorrower | null> {
  const [learner] = await db
    .select({ id: learners.id })
    .from(learners)
    .where(and(eq(learners.userId, userId), eq(learners.organizationId, organizationId), isNull(learners.archivedAt)));
  if (learner) return resolveBorrower(db, organizationId, { kind: 'learner', id: learner.id });
  try {
    return await resolveBorrower(db, organizationId, { kind: 'staff', id: userId });
  } catch {
    return null;
  }
}
