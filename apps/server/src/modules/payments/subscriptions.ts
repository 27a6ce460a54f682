import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { FREE_TRIAL_DAYS, SCHOOL_PACKAGES } from '@sekolo/shared/constants/packages';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { organizationMembers } from '../../platform/db/schema/auth.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { learners } from '../../platform/db/schema/school.ts';
import {
  subscriptionCharges,
  subscriptions,
  type TSubscriptionStatus,
} from '../../platform/db/schema/subscriptions.ts';
import { AppError, badRequest, conflict } from '../../platform/http/errors.ts';
import { postJournal } from '../ledger/index.ts';
import { newOrderReference } from './create-order.ts';
import { findPaidRegistrationOrder } from './registration-orders.ts';
import { issueInvoice } from './invoices.ts';
import { subscriptionEntries } from './journal-lines.ts';
import type { TOrder } from './providers/types.ts';

/*
 * School subscriptions. The rules, also in docs/decisions/004-money-and-ledger.md:
 *
 * - Set-up: the registration checkout's card set-up (R0) creates the subscription in 'trial', its
 *   first billing date 14 days away; approval moves it to 14 days after approval if that is later.
 * - Renewal: monthly on the billing date. The sandbox charges the stored card token (the renewal
 *   job, `npm run subscriptions:renew`); PayFast charges by itself and sends an ITN with the
 *   subscription's first m_payment_id and a new pf_payment_id, credited once per pf_payment_id.
 *   A paid renewal makes it 'active' for one more month; a declined one 'past_due', retried by
 *   each run of the job, and 'cancelled' after MAX_FAILED_ATTEMPTS.
 * - Cancellation needs two weeks' notice before the next payment: cancelling 14 or more days before
 *   the next billing date ends the service on the day before it (no further charge); cancelling
 *   less than 14 days before it, the next payment is still taken and the service ends after that
 *   following period. During the free trial there is nothing to give notice on: cancelling ends it
 *   at the end of the trial, no charge.
 * - Package changes take effect at the next billing date (no proration): from then the new price
 *   is charged. An upgrade's higher learner limit applies at once, so a school that hits its limit
 *   can keep adding learners; a downgrade is refused while the school has more learners than the
 *   smaller package allows.
 */

export const MAX_FAILED_ATTEMPTS = 3;
export const CANCELLATION_NOTICE_DAYS = 14;

export type TSubscription = typeof subscriptions.$inferSelect;

const LIVE_STATUSES: TSubscriptionStatus[] = ['trial', 'active', 'past_due'];

export function packageById(id: string | null | undefined) {
  return SCHOOL_PACKAGES.find((p) => p.id === id);
}

/** One calendar month later, clamped to the month's last day (31 January → 28/29 February). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Called inside the credit transaction of a registration subscription order: the card set-up
 * succeeded, so the subscription starts its free trial. Once per order (unique set-up order).
 */
export async function startSubscriptionFromOrder(
  tx: DbExecutor,
  order: TOrder,
  providerToken: string | null,
  today: string = todayInSouthAfrica(),
): Promise<void> {
  const terms = order.metadata.subscription;
  const pkg = packageById(order.metadata.context?.packageId as string | undefined);
  if (!terms || !pkg || !order.buyerUserId) return;
  const firstBilling = terms.billingDate > today ? terms.billingDate : addDays(today, FREE_TRIAL_DAYS);
  await tx
    .insert(subscriptions)
    .values({
      userId: order.buyerUserId,
      packageId: pkg.id,
      status: 'trial',
      provider: order.provider,
      providerToken,
      setupOrderId: order.id,
      amountCents: terms.recurringAmountCents,
      currentPeriodStart: today,
      currentPeriodEnd: addDays(firstBilling, -1),
      nextBillingDate: firstBilling,
    })
    .onConflictDoNothing({ target: subscriptions.setupOrderId });
}

/**
 * Approval of the school (applications module): the school always leaves approval with the
 * subscription its wizard chose. The one set up at checkout now belongs to the new organisation,
 * its first charge falling due 14 days after approval. When the checkout left none (a set-up
 * recorded without the provider's subscription, or one cancelled before approval), the approval
 * starts the chosen package's free trial on the applicant's paid registration order. Running it
 * again for the same school changes nothing.
 */
export async function attachSubscriptionToOrganization(
  db: DbExecutor,
  input: { userId: string; organizationId: string; packageId?: string | null; approvedOn?: string },
): Promise<TSubscription | null> {
  const approvedOn = input.approvedOn ?? todayInSouthAfrica();
  const due = addDays(approvedOn, FREE_TRIAL_DAYS);
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        or(eq(subscriptions.userId, input.userId), eq(subscriptions.organizationId, input.organizationId)),
        inArray(subscriptions.status, LIVE_STATUSES),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (sub) {
    const moveTrial = sub.status === 'trial' && (!sub.nextBillingDate || sub.nextBillingDate < due);
    const [updated] = await db
      .update(subscriptions)
      .set({
        organizationId: input.organizationId,
        ...(moveTrial ? { nextBillingDate: due, currentPeriodEnd: addDays(due, -1) } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    return updated ?? null;
  }
  const order = await findPaidRegistrationOrder(db, input.userId);
  const pkg = packageById(input.packageId) ?? packageById(order?.metadata.context?.packageId as string | undefined);
  if (!order || order.kind !== 'subscription' || !pkg) return null;
  const trial = {
    organizationId: input.organizationId,
    packageId: pkg.id,
    status: 'trial' as const,
    amountCents: pkg.priceCents,
    currentPeriodStart: approvedOn,
    currentPeriodEnd: addDays(due, -1),
    nextBillingDate: due,
    pendingPackageId: null,
    cancelAt: null,
    cancelRequestedAt: null,
    failedAttempts: 0,
  };
  // The set-up order names one subscription: a cancelled one of it starts again.
  const [started] = await db
    .insert(subscriptions)
    .values({ ...trial, userId: input.userId, provider: order.provider, providerToken: null, setupOrderId: order.id })
    .onConflictDoUpdate({ target: subscriptions.setupOrderId, set: { ...trial, updatedAt: sql`now()` } })
    .returning();
  return started ?? null;
}

/** The live (or latest) subscription of an organisation, else of the user who applied for it. */
export async function findSubscription(
  db: DbExecutor,
  by: { organizationId?: string | null; userId?: string | null },
): Promise<TSubscription | null> {
  const conditions = [];
  if (by.organizationId) conditions.push(eq(subscriptions.organizationId, by.organizationId));
  if (by.userId) conditions.push(eq(subscriptions.userId, by.userId));
  if (conditions.length === 0) return null;
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(or(...conditions))
    .orderBy(sql`case when ${subscriptions.status} = 'cancelled' then 1 else 0 end`, desc(subscriptions.createdAt))
    .limit(1);
  return sub ?? null;
}

/** The learner limit now: the package's, or a pending upgrade's when larger (it applies at once). */
export function learnerLimitOf(sub: TSubscription): number {
  const current = packageById(sub.packageId)?.students ?? 0;
  const pending = packageById(sub.pendingPackageId)?.students ?? 0;
  return Math.max(current, pending);
}

export const BILLING_SETTINGS_PATH = '/dashboard/school/settings/billing';

async function activeLearnerCount(db: DbExecutor, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(learners)
    .where(and(eq(learners.organizationId, organizationId), isNull(learners.archivedAt)));
  return Number(row?.n ?? 0);
}

/**
 * Refuses to add learners beyond the school's package. Throws a 409 LEARNER_LIMIT whose
 * message names the limit and offers the smallest package that fits. A school with no
 * subscription record (e.g. created by an operator or the demo seed) is not limited.
 */
export async function assertLearnerCapacity(db: DbExecutor, organizationId: string, adding: number): Promise<void> {
  const sub = await findSubscription(db, { organizationId });
  if (!sub) return;
  const current = await activeLearnerCount(db, organizationId);
  const pkg = packageById(sub.packageId);
  if (sub.status === 'cancelled') {
    throw new AppError(
      409,
      'SUBSCRIPTION_CANCELLED',
      `Your subscription has ended. Choose a package in Billing settings (${BILLING_SETTINGS_PATH}) to add learners.`,
    );
  }
  const limit = learnerLimitOf(sub);
  if (current + adding <= limit) return;
  const needed = current + adding;
  const fits = SCHOOL_PACKAGES.find((p) => p.students >= needed);
  const offer = fits
    ? `Upgrade to the ${fits.name} package (up to ${fits.students} learners) in Billing settings (${BILLING_SETTINGS_PATH}) to add more.`
    : 'Contact us for a custom package to add more.';
  throw new AppError(
    409,
    'LEARNER_LIMIT',
    `Your ${pkg?.name ?? ''} package allows up to ${limit} learners and your school has ${current}. ${offer}`.replace(
      'Your  package',
      'Your package',
    ),
  );
}

/** The cancellation rule: when the service ends if cancelled today. */
export function cancellationEndDate(sub: TSubscription, today: string): string {
  const next = sub.nextBillingDate ?? addDays(sub.currentPeriodEnd, 1);
  if (sub.status === 'trial') return addDays(next, -1);
  if (daysBetween(today, next) >= CANCELLATION_NOTICE_DAYS) return addDays(next, -1);
  return addDays(addMonths(next, 1), -1);
}

export async function cancelSubscription(
  db: DbExecutor,
  sub: TSubscription,
  today: string = todayInSouthAfrica(),
): Promise<TSubscription> {
  if (sub.status === 'cancelled') throw conflict('This subscription has already ended.');
  const cancelAt = cancellationEndDate(sub, today);
  const [updated] = await db
    .update(subscriptions)
    .set({ cancelAt, cancelRequestedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  return updated!;
}

export async function resumeSubscription(db: DbExecutor, sub: TSubscription): Promise<TSubscription> {
  if (sub.status === 'cancelled')
    throw conflict('This subscription has already ended. Choose a package to start a new one.');
  const [updated] = await db
    .update(subscriptions)
    .set({ cancelAt: null, cancelRequestedAt: null, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  return updated!;
}

export async function changeSubscriptionPackage(
  db: DbExecutor,
  sub: TSubscription,
  packageId: string,
): Promise<TSubscription> {
  if (sub.status === 'cancelled') throw conflict('This subscription has already ended.');
  const next = packageById(packageId);
  if (!next)
    throw badRequest('Please select a package before continuing.', {
      packageId: 'Please select a package before continuing.',
    });
  if (next.id !== sub.packageId && sub.organizationId) {
    const current = await activeLearnerCount(db, sub.organizationId);
    if (current > next.students) {
      throw new AppError(
        409,
        'TOO_MANY_LEARNERS',
        `Your school has ${current} learners and the ${next.name} package allows up to ${next.students}. Archive learners or choose a larger package.`,
      );
    }
  }
  const [updated] = await db
    .update(subscriptions)
    .set({ pendingPackageId: next.id === sub.packageId ? null : next.id, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  return updated!;
}

/**
 * Records one renewal charge, once per provider transaction: the charge row (unique per provider
 * transaction) is inserted first, then a paid order and its balanced journal, and the
 * subscription moves on one month. Returns false when this transaction was already recorded.
 */
export async function recordRenewalCharge(
  db: Database,
  input: { subscriptionId: string; provider: string; providerTransactionId: string; amountCents: number },
): Promise<{ credited: boolean; orderId?: string }> {
  return db.transaction(async (tx) => {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, input.subscriptionId)).for('update');
    if (!sub) throw new Error(`Unknown subscription ${input.subscriptionId}`);
    const periodStart = sub.nextBillingDate ?? addDays(sub.currentPeriodEnd, 1);
    const periodEnd = addDays(addMonths(periodStart, 1), -1);
    const [charge] = await tx
      .insert(subscriptionCharges)
      .values({
        subscriptionId: sub.id,
        provider: input.provider,
        providerTransactionId: input.providerTransactionId,
        status: 'paid',
        amountCents: input.amountCents,
        periodStart,
        periodEnd,
      })
      .onConflictDoNothing()
      .returning();
    if (!charge) return { credited: false };
    const pkg = packageById(sub.packageId);
    const reference = newOrderReference();
    const { journal } = await postJournal(tx, {
      kind: 'subscription',
      reference,
      description: `Sekolo ${pkg?.name ?? sub.packageId} package (monthly) ${periodStart} to ${periodEnd}`,
      entries: subscriptionEntries(input.amountCents),
    });
    const [order] = await tx
      .insert(paymentOrders)
      .values({
        reference,
        buyerUserId: sub.userId,
        kind: 'subscription',
        amountCents: input.amountCents,
        description: `Sekolo ${pkg?.name ?? sub.packageId} package (monthly) ${periodStart} to ${periodEnd}`,
        status: 'paid',
        provider: input.provider as TOrder['provider'],
        returnUrl: BILLING_SETTINGS_PATH,
        cancelUrl: BILLING_SETTINGS_PATH,
        metadata: {
          context: { purpose: 'renewal', subscriptionId: sub.id, packageId: sub.packageId, periodStart, periodEnd },
        },
        providerTransactionId: input.providerTransactionId,
        journalId: journal.id,
        paidAt: new Date(),
      })
      .returning();
    await tx.update(subscriptionCharges).set({ orderId: order!.id }).where(eq(subscriptionCharges.id, charge.id));
    await issueInvoice(tx, order!);
    await tx
      .update(subscriptions)
      .set({
        status: 'active',
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
        nextBillingDate: addDays(periodEnd, 1),
        failedAttempts: 0,
        updatedAt: sql`now()`,
      })
      .where(eq(subscriptions.id, sub.id));
    return { credited: true, orderId: order!.id };
  });
}

/** The sandbox charging a stored card token: a token of the declining test card is declined. */
export function sandboxChargeToken(token: string | null): 'paid' | 'declined' {
  if (!token || token.endsWith('_0002') || token.endsWith('_9995')) return 'declined';
  return 'paid';
}

export type TRenewalSummary = {
  charged: number;
  declined: number;
  cancelled: number;
  skipped: number;
  changed: number;
};

/**
 * The renewal job (`npm run subscriptions:renew`, daily): every live subscription whose billing
 * date has come. Applies a pending package change, ends subscriptions whose notice has run out,
 * and charges the sandbox's stored cards; PayFast subscriptions are charged by PayFast (their
 * ITN records the renewal). Running it twice on one day charges nothing twice: the sandbox's
 * transaction id is the subscription and the billing date (a declined attempt: and the day).
 */
export async function renewDueSubscriptions(
  db: Database,
  today: string = todayInSouthAfrica(),
  options: { subscriptionIds?: string[] } = {},
): Promise<TRenewalSummary> {
  const summary: TRenewalSummary = { charged: 0, declined: 0, cancelled: 0, skipped: 0, changed: 0 };
  const due = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, LIVE_STATUSES),
        lte(subscriptions.nextBillingDate, today),
        options.subscriptionIds ? inArray(subscriptions.id, options.subscriptionIds) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.nextBillingDate));
  for (let sub of due) {
    const billingDate = sub.nextBillingDate!;
    // Notice ran out before this billing date: the service ends, nothing is charged.
    if (sub.cancelAt && sub.cancelAt < billingDate) {
      await db
        .update(subscriptions)
        .set({ status: 'cancelled', nextBillingDate: null, updatedAt: sql`now()` })
        .where(eq(subscriptions.id, sub.id));
      summary.cancelled++;
      continue;
    }
    if (sub.pendingPackageId) {
      const pkg = packageById(sub.pendingPackageId);
      if (pkg) {
        const [changed] = await db
          .update(subscriptions)
          .set({ packageId: pkg.id, amountCents: pkg.priceCents, pendingPackageId: null, updatedAt: sql`now()` })
          .where(eq(subscriptions.id, sub.id))
          .returning();
        if (changed) sub = changed;
        summary.changed++;
      }
    }
    if (sub.provider !== 'sandbox') {
      summary.skipped++;
      continue;
    }
    const outcome = sandboxChargeToken(sub.providerToken);
    // One charge per billing date; one attempt per day while it is declined.
    const transactionId = `renewal:${sub.id}:${billingDate}`;
    if (outcome === 'paid') {
      const result = await recordRenewalCharge(db, {
        subscriptionId: sub.id,
        provider: 'sandbox',
        providerTransactionId: transactionId,
        amountCents: sub.amountCents,
      });
      if (result.credited) summary.charged++;
      continue;
    }
    await db.transaction(async (tx) => {
      const [charge] = await tx
        .insert(subscriptionCharges)
        .values({
          subscriptionId: sub.id,
          provider: 'sandbox',
          providerTransactionId: `${transactionId}:attempt:${today}`,
          status: 'failed',
          amountCents: sub.amountCents,
          periodStart: billingDate,
          periodEnd: addDays(addMonths(billingDate, 1), -1),
        })
        .onConflictDoNothing()
        .returning();
      if (!charge) return;
      const attempts = sub.failedAttempts + 1;
      await tx
        .update(subscriptions)
        .set({
          status: attempts >= MAX_FAILED_ATTEMPTS ? 'cancelled' : 'past_due',
          failedAttempts: attempts,
          ...(attempts >= MAX_FAILED_ATTEMPTS ? { nextBillingDate: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(subscriptions.id, sub.id));
      if (attempts >= MAX_FAILED_ATTEMPTS) summary.cancelled++;
      else summary.declined++;
    });
  }
  return summary;
}

/** Who may manage a subscription: the user who set it up, or an admin of its school. */
export async function mayManageSubscription(db: DbExecutor, sub: TSubscription, userId: string): Promise<boolean> {
  if (sub.userId === userId) return true;
  if (!sub.organizationId) return false;
  const [member] = await db
    .select()
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, sub.organizationId),
        eq(organizationMembers.userId, userId),
        inArray(organizationMembers.role, ['school_admin', 'administrator']),
      ),
    );
  return Boolean(member);
}
