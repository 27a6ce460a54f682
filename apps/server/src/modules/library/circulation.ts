import { and, asc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  LIBRARY_MESSAGES as M,
  type TBorrower,
  type TBorrowerRef,
  type THold,
  type TLoan,
} from '@sekolo/shared/schemas/library';
import type { DbExecutor } from '../../platform/db/client.ts';
import { lockForTransaction, transaction } from '../../platform/db/transaction.ts';
import {
  learners,
  libraryCopies,
  libraryHolds,
  libraryLoans,
  libraryTitles,
  organizationMembers,
  organizations,
  users,
} from '../../platform/db/schema/index.ts';
import { guardians, learnerGuardians } from '../../platform/db/schema/index.ts';
import { conflict, isUniqueViolation, notFound } from '../../platform/http/errors.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';
import { GUARDIAN_LINKS, LINKED_LEARNER, myChildren } from '../../platform/tenancy/guardian-children.ts';
import { mailHoldReady, type TLibraryNotifier } from './lib/mail.ts';
import {
  borrowerKeyOf,
  borrowerLearner,
  borrowerOfUser,
  borrowerUser,
  gradeLabel,
  holdById,
  loanById,
  ofBorrower,
  resolveBorrower,
  selectHolds,
  selectLoans,
  settingsOf,
  STAFF_BORROWER_ROLES,
} from './lib/records.ts';
import { titleSummary } from './catalogue.ts';

export type TLibraryDeps = { db: DbExecutor } & TLibraryNotifier;

const today = () => todayInSouthAfrica();
const OPEN = isNull(libraryLoans.returnedAt);
const ACTIVE_HOLD = sql`${libraryHolds.status} in ('waiting', 'ready')`;

async function schoolNameOf(tx: DbExecutor, organizationId: string) {
  const [org] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org?.name ?? 'School';
}

async function copyByBarcode(tx: DbExecutor, organizationId: string, barcode: string) {
  const [copy] = await tx
    .select()
    .from(libraryCopies)
    .where(and(eq(libraryCopies.organizationId, organizationId), eq(libraryCopies.barcode, barcode)))
    .for('update');
  if (!copy) throw notFound(M.copyNotFound);
  return copy;
}

/**
 * A copy back on the shelf serves the title's queue: it is set aside for the first waiting hold,
 * whose borrower is told to collect it within the school's pickup days; with nobody waiting it is
 * available. Answers the hold it is set aside for.
 */
export async function passCopyOn(tx: DbExecutor, notifier: TLibraryNotifier, copyId: string): Promise<string | null> {
  const [copy] = await tx.select().from(libraryCopies).where(eq(libraryCopies.id, copyId));
  if (!copy) return null;
  const [next] = await tx
    .select({ id: libraryHolds.id })
    .from(libraryHolds)
    .where(and(eq(libraryHolds.titleId, copy.titleId), eq(libraryHolds.status, 'waiting')))
    .orderBy(asc(libraryHolds.placedAt), asc(libraryHolds.id))
    .limit(1)
    .for('update');
  if (!next) {
    await tx
      .update(libraryCopies)
      .set({ status: 'available', updatedAt: new Date() })
      .where(eq(libraryCopies.id, copyId));
    return null;
  }
  const settings = await settingsOf(tx, copy.organizationId);
  const collectBy = addDays(today(), settings.holdPickupDays);
  await tx
    .update(libraryHolds)
    .set({ status: 'ready', copyId, readyAt: new Date(), collectBy })
    .where(eq(libraryHolds.id, next.id));
  await tx.update(libraryCopies).set({ status: 'held', updatedAt: new Date() }).where(eq(libraryCopies.id, copyId));
  const hold = await holdById(tx, copy.organizationId, next.id);
  await mailHoldReady(tx, notifier, {
    schoolName: await schoolNameOf(tx, copy.organizationId),
    borrower: hold.borrower,
    title: hold.title,
    author: hold.author,
    collectBy,
  });
  return next.id;
}

/**
 * Lends the copy with `barcode` to the borrower: refused when the copy is on loan, lost or
 * withdrawn, set aside for someone else's hold, or when the borrower is at their loan limit. The
 * borrower's hold on the title is collected with it. Two desks issuing one copy at once: the copy's
 * row lock and the unique open loan per copy let exactly one through.
 */
export async function issueCopy(
  deps: TLibraryDeps,
  ctx: TSchoolContext,
  input: { barcode: string; borrower: TBorrowerRef },
): Promise<{ loan: TLoan; fulfilledHold: boolean }> {
  const { loanId, fulfilledHold } = await transaction(deps.db, async (tx) => {
    const borrower = await resolveBorrower(tx, ctx.organizationId, input.borrower);
    await lockForTransaction(tx, `library-borrower:${borrower.kind}:${borrower.id}`);
    const copy = await copyByBarcode(tx, ctx.organizationId, input.barcode);
    if (copy.status === 'on_loan') throw conflict(M.copyOnLoan);
    if (copy.status === 'lost' || copy.status === 'withdrawn') throw conflict(M.copyNotLendable);
    const [myHold] = await tx
      .select()
      .from(libraryHolds)
      .where(and(eq(libraryHolds.titleId, copy.titleId), ofBorrower(libraryHolds, borrower), ACTIVE_HOLD));
    if (copy.status === 'held') {
      const [heldFor] = await tx
        .select({ id: libraryHolds.id })
        .from(libraryHolds)
        .where(and(eq(libraryHolds.copyId, copy.id), eq(libraryHolds.status, 'ready')));
      if (!heldFor || heldFor.id !== myHold?.id) throw conflict(M.copyHeldForOther);
    }
    const settings = await settingsOf(tx, ctx.organizationId);
    const limit = borrower.kind === 'learner' ? settings.learnerLoanLimit : settings.staffLoanLimit;
    const days = borrower.kind === 'learner' ? settings.learnerLoanDays : settings.staffLoanDays;
    const [{ open } = { open: 0 }] = await tx
      .select({ open: sql<number>`count(*)::int` })
      .from(libraryLoans)
      .where(and(eq(libraryLoans.organizationId, ctx.organizationId), ofBorrower(libraryLoans, borrower), OPEN));
    if (Number(open) >= limit) throw conflict(M.loanLimitReached(limit));

    const taken = await tx
      .update(libraryCopies)
      .set({ status: 'on_loan', updatedAt: new Date() })
      .where(and(eq(libraryCopies.id, copy.id), inArray(libraryCopies.status, ['available', 'held'])))
      .returning({ id: libraryCopies.id });
    if (taken.length === 0) throw conflict(M.copyOnLoan);
    const [loan] = await tx
      .insert(libraryLoans)
      .values({
        organizationId: ctx.organizationId,
        copyId: copy.id,
        titleId: copy.titleId,
        ...borrowerKeyOf(borrower),
        dueOn: addDays(today(), days),
        issuedBy: ctx.user.id,
      })
      .returning({ id: libraryLoans.id })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw conflict(M.copyOnLoan);
        throw error;
      });
    if (myHold) {
      await tx
        .update(libraryHolds)
        .set({ status: 'fulfilled', closedAt: new Date() })
        .where(eq(libraryHolds.id, myHold.id));
      // The borrower took another copy from the shelf than the one set aside: that one serves the queue.
      if (myHold.status === 'ready' && myHold.copyId && myHold.copyId !== copy.id)
        await passCopyOn(tx, deps, myHold.copyId);
    }
    return { loanId: loan!.id, fulfilledHold: Boolean(myHold) };
  });
  return { loan: await loanById(deps.db, ctx.organizationId, loanId), fulfilledHold };
}

/** Takes back the copy with `barcode`; it is set aside for the title's first waiting hold, if any. */
export async function returnCopy(deps: TLibraryDeps, ctx: TSchoolContext, barcode: string) {
  const { loanId, holdId } = await transaction(deps.db, async (tx) => {
    const copy = await copyByBarcode(tx, ctx.organizationId, barcode);
    const [loan] = await tx
      .update(libraryLoans)
      .set({ returnedAt: new Date(), returnedBy: ctx.user.id })
      .where(and(eq(libraryLoans.copyId, copy.id), OPEN))
      .returning({ id: libraryLoans.id });
    if (!loan) throw conflict(M.copyNotOnLoan);
    const holdId = await passCopyOn(tx, deps, copy.id);
    return { loanId: loan.id, holdId };
  });
  return {
    loan: await loanById(deps.db, ctx.organizationId, loanId),
    heldFor: holdId ? await holdById(deps.db, ctx.organizationId, holdId) : null,
  };
}

/**
 * Extends a loan by the borrower type's loan period from today (never shortening it): refused past
 * the school's renewal limit or while another borrower waits for the title.
 */
export async function renewLoan(deps: TLibraryDeps, ctx: TSchoolContext, loanId: string) {
  await transaction(deps.db, async (tx) => {
    const [loan] = await tx
      .select()
      .from(libraryLoans)
      .where(and(eq(libraryLoans.organizationId, ctx.organizationId), eq(libraryLoans.id, loanId)))
      .for('update');
    if (!loan) throw notFound(M.loanNotFound);
    if (loan.returnedAt) throw conflict(M.loanReturned);
    const settings = await settingsOf(tx, ctx.organizationId);
    if (loan.renewals >= settings.maxRenewals) throw conflict(M.renewalLimitReached(settings.maxRenewals));
    const [waiting] = await tx
      .select({ id: libraryHolds.id })
      .from(libraryHolds)
      .where(and(eq(libraryHolds.titleId, loan.titleId), eq(libraryHolds.status, 'waiting')))
      .limit(1);
    if (waiting) throw conflict(M.renewalHeld);
    const days = loan.borrowerKind === 'learner' ? settings.learnerLoanDays : settings.staffLoanDays;
    const extended = addDays(today(), days);
    await tx
      .update(libraryLoans)
      .set({
        dueOn: extended > loan.dueOn ? extended : loan.dueOn,
        renewals: loan.renewals + 1,
        lastRemindedAt: null,
      })
      .where(eq(libraryLoans.id, loan.id));
  });
  return loanById(deps.db, ctx.organizationId, loanId);
}

/**
 * Queues the borrower for a title. Refused when a copy is on the shelf (borrow it instead), when
 * the title has no copy to lend, when the borrower has it on loan or already holds it.
 */
export async function placeHold(deps: TLibraryDeps, organizationId: string, titleId: string, ref: TBorrowerRef) {
  const holdId = await transaction(deps.db, async (tx) => {
    const borrower = await resolveBorrower(tx, organizationId, ref);
    const title = await titleSummary(tx, organizationId, titleId);
    if (title.copies === 0) throw conflict(M.noCopies);
    const [onLoan] = await tx
      .select({ id: libraryLoans.id })
      .from(libraryLoans)
      .where(and(eq(libraryLoans.titleId, titleId), ofBorrower(libraryLoans, borrower), OPEN));
    if (onLoan) throw conflict(M.holdOnLoan);
    const [existing] = await tx
      .select({ id: libraryHolds.id })
      .from(libraryHolds)
      .where(and(eq(libraryHolds.titleId, titleId), ofBorrower(libraryHolds, borrower), ACTIVE_HOLD));
    if (existing) throw conflict(M.holdExists);
    if (title.available > 0) throw conflict(M.availableNow);
    const [hold] = await tx
      .insert(libraryHolds)
      .values({ organizationId, titleId, ...borrowerKeyOf(borrower) })
      .returning({ id: libraryHolds.id })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw conflict(M.holdExists);
        throw error;
      });
    return hold!.id;
  });
  return holdById(deps.db, organizationId, holdId);
}

/** Cancels a waiting or ready hold (a copy set aside passes to the next in the queue). */
export async function cancelHold(
  deps: TLibraryDeps,
  organizationId: string,
  holdId: string,
  onlyOf?: TBorrower,
): Promise<THold> {
  await transaction(deps.db, async (tx) => {
    const [hold] = await tx
      .select()
      .from(libraryHolds)
      .where(
        and(
          eq(libraryHolds.organizationId, organizationId),
          eq(libraryHolds.id, holdId),
          onlyOf ? ofBorrower(libraryHolds, onlyOf) : undefined,
        ),
      )
      .for('update');
    if (!hold) throw notFound(M.holdNotFound);
    if (hold.status !== 'waiting' && hold.status !== 'ready') throw conflict(M.holdNotActive);
    await tx
      .update(libraryHolds)
      .set({ status: 'cancelled', closedAt: new Date() })
      .where(eq(libraryHolds.id, hold.id));
    if (hold.status === 'ready' && hold.copyId) await passCopyOn(tx, deps, hold.copyId);
  });
  return holdById(deps.db, organizationId, holdId);
}

/** Ready holds not collected by their last day expire; their copies pass to the next in the queue. */
export async function expireReadyHolds(db: DbExecutor, notifier: TLibraryNotifier, now = new Date()): Promise<number> {
  return transaction(db, async (tx) => {
    const expired = await tx
      .update(libraryHolds)
      .set({ status: 'expired', closedAt: now })
      .where(and(eq(libraryHolds.status, 'ready'), lt(libraryHolds.collectBy, todayInSouthAfrica(now))))
      .returning({ copyId: libraryHolds.copyId });
    for (const { copyId } of expired) if (copyId) await passCopyOn(tx, notifier, copyId);
    return expired.length;
  });
}

export async function listLoans(
  db: DbExecutor,
  organizationId: string,
  status: 'current' | 'overdue' | 'returned',
  q?: string,
) {
  const filters: (SQL | undefined)[] = [eq(libraryLoans.organizationId, organizationId)];
  if (status === 'returned') filters.push(sql`${libraryLoans.returnedAt} is not null`);
  else filters.push(OPEN);
  if (status === 'overdue') filters.push(lt(libraryLoans.dueOn, today()));
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      sql`(${libraryTitles.title} ilike ${like} or ${libraryCopies.barcode} ilike ${like}
        or ${borrowerLearner.firstName} || ' ' || ${borrowerLearner.lastName} ilike ${like}
        or ${borrowerLearner.admissionNumber} ilike ${like} or ${borrowerUser.name} ilike ${like})`,
    );
  }
  return selectLoans(
    db,
    and(...filters),
    status === 'returned' ? sql`${libraryLoans.returnedAt} desc` : sql`${libraryLoans.dueOn}`,
  );
}

export const listHolds = (db: DbExecutor, organizationId: string) =>
  selectHolds(db, and(eq(libraryHolds.organizationId, organizationId), ACTIVE_HOLD));

/** Learners (by name or admission number) and staff (by name) of the school, for the desk. */
export async function searchBorrowers(db: DbExecutor, organizationId: string, q: string): Promise<TBorrower[]> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const found = await db
    .select()
    .from(learners)
    .where(
      and(
        eq(learners.organizationId, organizationId),
        isNull(learners.archivedAt),
        or(
          ilike(learners.admissionNumber, like),
          sql`${learners.firstName} || ' ' || ${learners.lastName} ilike ${like}`,
          sql`${learners.preferredName} || ' ' || ${learners.lastName} ilike ${like}`,
        ),
      ),
    )
    .orderBy(learners.lastName, learners.firstName)
    .limit(15);
  const staff = await db
    .select({ id: users.id, name: users.name })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        inArray(organizationMembers.role, STAFF_BORROWER_ROLES),
        ilike(users.name, like),
      ),
    )
    .orderBy(users.name)
    .limit(10);
  return [
    ...found.map((l) => ({
      kind: 'learner' as const,
      id: l.id,
      name: `${l.preferredName || l.firstName} ${l.lastName}`,
      detail: `${gradeLabel(l.grade)} · ${l.admissionNumber}`,
    })),
    ...staff.map((s) => ({ kind: 'staff' as const, id: s.id, name: s.name, detail: 'Staff' })),
  ];
}

/** A borrower at the desk: their current loans and holds, and their limit. */
export async function borrowerAccount(db: DbExecutor, organizationId: string, ref: TBorrowerRef) {
  const borrower = await resolveBorrower(db, organizationId, ref);
  const settings = await settingsOf(db, organizationId);
  return {
    borrower,
    limit: borrower.kind === 'learner' ? settings.learnerLoanLimit : settings.staffLoanLimit,
    loanDays: borrower.kind === 'learner' ? settings.learnerLoanDays : settings.staffLoanDays,
    loans: await selectLoans(
      db,
      and(eq(libraryLoans.organizationId, organizationId), ofBorrower(libraryLoans, borrower), OPEN),
    ),
    holds: await selectHolds(
      db,
      and(eq(libraryHolds.organizationId, organizationId), ofBorrower(libraryHolds, borrower), ACTIVE_HOLD),
    ),
  };
}

/** The signed-in borrower's loans (current, and the last returned) and active holds. */
export async function myLibrary(db: DbExecutor, organizationId: string, userId: string) {
  const borrower = await borrowerOfUser(db, organizationId, userId);
  if (!borrower) return { borrower: null, loans: [], holds: [] };
  const loans = await selectLoans(
    db,
    and(eq(libraryLoans.organizationId, organizationId), ofBorrower(libraryLoans, borrower)),
    sql`${libraryLoans.returnedAt} desc nulls first, ${libraryLoans.dueOn}`,
  );
  return {
    borrower,
    loans: loans.filter((l) => !l.returnedAt).concat(loans.filter((l) => l.returnedAt).slice(0, 10)),
    holds: await selectHolds(
      db,
      and(eq(libraryHolds.organizationId, organizationId), ofBorrower(libraryHolds, borrower), ACTIVE_HOLD),
    ),
  };
}

/** A parent's children at the school and what each has on loan now. */
export async function childrenLoans(db: DbExecutor, organizationId: string, userId: string) {
  const children = await db
    .select({ id: learners.id, first: learners.firstName, preferred: learners.preferredName, last: learners.lastName })
    .from(guardians)
    .innerJoin(learnerGuardians, GUARDIAN_LINKS)
    .innerJoin(learners, LINKED_LEARNER)
    .where(and(myChildren(userId), eq(learners.organizationId, organizationId)))
    .orderBy(learners.firstName);
  const unique = [...new Map(children.map((c) => [c.id, c])).values()];
  const loans = unique.length
    ? await selectLoans(
        db,
        and(
          eq(libraryLoans.organizationId, organizationId),
          inArray(
            libraryLoans.learnerId,
            unique.map((c) => c.id),
          ),
          OPEN,
        ),
      )
    : [];
  return {
    children: unique.map((c) => ({
      learnerId: c.id,
      name: `${c.preferred || c.first} ${c.last}`,
      loans: loans.filter((l) => l.borrower.id === c.id),
    })),
  };
}

/** A title as a borrower sees it: availability, when the next copy is due back, their own hold. */
export async function publicTitle(db: DbExecutor, organizationId: string, userId: string, titleId: string) {
  const title = await titleSummary(db, organizationId, titleId);
  const [next] = await db
    .select({ dueOn: libraryLoans.dueOn })
    .from(libraryLoans)
    .where(and(eq(libraryLoans.titleId, titleId), OPEN))
    .orderBy(asc(libraryLoans.dueOn))
    .limit(1);
  const borrower = await borrowerOfUser(db, organizationId, userId);
  const [myHold] = borrower
    ? await selectHolds(db, and(eq(libraryHolds.titleId, titleId), ofBorrower(libraryHolds, borrower), ACTIVE_HOLD))
    : [];
  const [mine] = borrower
    ? await db
        .select({ id: libraryLoans.id })
        .from(libraryLoans)
        .where(and(eq(libraryLoans.titleId, titleId), ofBorrower(libraryLoans, borrower), OPEN))
    : [];
  return { title, nextDueOn: next?.dueOn ?? null, myHold: myHold ?? null, onLoanToMe: Boolean(mine) };
}

/** The signed-in borrower, for their own holds; 404 for a user who borrows nothing at the school. */
export async function requireOwnBorrower(db: DbExecutor, ctx: TSchoolContext): Promise<TBorrower> {
  const borrower = await borrowerOfUser(db, ctx.organizationId, ctx.user.id);
  if (!borrower) throw notFound(M.borrowerNotFound);
  return borrower;
}
