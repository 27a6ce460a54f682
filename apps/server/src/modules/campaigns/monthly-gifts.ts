import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql, sum } from 'drizzle-orm';
import { formatZar } from '@sekolo/shared/domain/money';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { CAMPAIGN_MESSAGES as M, type TMyMonthlyGift } from '@sekolo/shared/schemas/campaigns';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { TConfig } from '../../platform/config/env.ts';
import type { Database, DatabaseHandle, DbExecutor } from '../../platform/db/client.ts';
import { organizations } from '../../platform/db/schema/auth.ts';
import { campaigns, donations, monthlyGifts } from '../../platform/db/schema/campaigns.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { AppError, conflict, notFound } from '../../platform/http/errors.ts';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import {
  MAX_FAILED_ATTEMPTS,
  addMonths,
  creditRecurringCharge,
  paymentProvidersFor,
  sandboxChargeToken,
  type TOrder,
  type TRecurringCharge,
  type TRecurringChargeOutcome,
} from '../payments/index.ts';

/*
 * Monthly gifts. The first month is paid at the checkout, which sets up the donor's card with the
 * provider (its order carries the subscription terms); from then on each month is a donation of its
 * own, with its own journal, thank-you mail and s18A receipt:
 * - the sandbox charges only when asked: the daily job (`campaigns.monthly-gifts`) charges each
 *   active gift whose date has come, by its stored card token;
 * - PayFast charges by itself and notifies each charge (the set-up order's m_payment_id, a new
 *   pf_payment_id): the payments module hands it to `receiveMonthlyCharge`.
 * A charge is credited once: its donation row carries a unique charge key (the sandbox's gift and
 * date, PayFast's pf_payment_id). A declined charge is retried by the next day's run, and after
 * MAX_FAILED_ATTEMPTS the gift stops (the school subscriptions' rule); the donor is mailed each time.
 * Cancelling stops the next charge here and, where the provider has an API (PayFast), there too.
 */

export type TMonthlyDeps = { config: TConfig; db: Database; mailer: Mailer; database?: DatabaseHandle };
type TGiftRow = typeof monthlyGifts.$inferSelect;

/** The set-up order was paid: the gift runs, its next charge one month after the first. */
export async function activateMonthlyGift(
  tx: DbExecutor,
  order: TOrder,
  input: { monthlyGiftId: string; providerToken: string | null; paidOn: string },
): Promise<void> {
  await tx
    .update(monthlyGifts)
    .set({
      status: 'active',
      providerToken: input.providerToken,
      nextChargeOn: addMonths(input.paidOn, 1),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(monthlyGifts.id, input.monthlyGiftId),
        eq(monthlyGifts.setupOrderId, order.id),
        eq(monthlyGifts.status, 'pending'),
      ),
    );
}

/** The set-up order failed or was cancelled: the gift never started. */
export async function releaseMonthlyGift(tx: DbExecutor, order: TOrder): Promise<void> {
  await tx
    .update(monthlyGifts)
    .set({ status: 'failed', updatedAt: sql`now()` })
    .where(and(eq(monthlyGifts.setupOrderId, order.id), eq(monthlyGifts.status, 'pending')));
}

/**
 * One month's charge, paid: a donation of its own (unique charge key, so a charge notified twice is
 * one gift), its order credited through the payments module (journal, invoice, the paid hook's
 * campaign count, receipt and thank-you mail), and the gift's next date a month on.
 */
export async function chargeMonthlyGift(
  deps: TMonthlyDeps,
  giftId: string,
  charge: { provider: TOrder['provider']; providerTransactionId: string; chargeKey: string; period: string },
): Promise<'credited' | 'duplicate'> {
  return transaction(deps.db, async (tx) => {
    const [gift] = await tx.select().from(monthlyGifts).where(eq(monthlyGifts.id, giftId)).for('update');
    if (!gift) throw new Error(`Unknown monthly gift ${giftId}`);
    const [setupOrder] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, gift.setupOrderId));
    if (!setupOrder) throw new Error(`Monthly gift ${giftId} has no set-up order`);
    const donationId = randomUUID();
    const [row] = await tx
      .insert(donations)
      .values({
        id: donationId,
        campaignId: gift.campaignId,
        organizationId: gift.organizationId,
        donorUserId: gift.donorUserId,
        amountCents: gift.amountCents,
        anonymous: gift.anonymous,
        donorName: gift.donorName,
        donorEmail: gift.donorEmail,
        donorAddress: gift.donorAddress,
        donorTaxNumber: gift.donorTaxNumber,
        message: '',
        monthlyGiftId: gift.id,
        chargeKey: charge.chargeKey,
      })
      .onConflictDoNothing({ target: donations.chargeKey })
      .returning({ id: donations.id });
    if (!row) return 'duplicate';
    const order = await creditRecurringCharge(tx, {
      setupOrder: setupOrder as TOrder,
      provider: charge.provider,
      providerTransactionId: charge.providerTransactionId,
      context: {
        purpose: 'donation',
        donationId,
        campaignId: gift.campaignId,
        monthlyGiftId: gift.id,
      },
    });
    // The paid hook links it too; linked here as well so a failed hook can be finished later.
    await tx.update(donations).set({ paymentOrderId: order.id }).where(eq(donations.id, donationId));
    await tx
      .update(monthlyGifts)
      .set({
        nextChargeOn: gift.status === 'active' ? addMonths(charge.period, 1) : gift.nextChargeOn,
        failedAttempts: 0,
        lastFailedOn: null,
        updatedAt: sql`now()`,
      })
      .where(eq(monthlyGifts.id, gift.id));
    return 'credited';
  });
}

/**
 * A declined month: counted once a day; the gift stops after MAX_FAILED_ATTEMPTS. The donor is
 * mailed either way. Answers whether this attempt was counted (false: already today, or not running).
 */
export async function failMonthlyCharge(deps: TMonthlyDeps, giftId: string, today: string): Promise<boolean> {
  return transaction(deps.db, async (tx) => {
    const [gift] = await tx
      .update(monthlyGifts)
      .set({
        failedAttempts: sql`${monthlyGifts.failedAttempts} + 1`,
        lastFailedOn: today,
        status: sql`case when ${monthlyGifts.failedAttempts} + 1 >= ${MAX_FAILED_ATTEMPTS} then 'failed' else ${monthlyGifts.status} end`,
        nextChargeOn: sql`case when ${monthlyGifts.failedAttempts} + 1 >= ${MAX_FAILED_ATTEMPTS} then null else ${monthlyGifts.nextChargeOn} end`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(monthlyGifts.id, giftId),
          eq(monthlyGifts.status, 'active'),
          or(isNull(monthlyGifts.lastFailedOn), sql`${monthlyGifts.lastFailedOn} < ${today}`),
        ),
      )
      .returning();
    if (!gift) return false;
    const [campaign] = await tx
      .select({ title: campaigns.title, slug: campaigns.slug, charityName: organizations.name })
      .from(campaigns)
      .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
      .where(eq(campaigns.id, gift.campaignId));
    const stopped = gift.status === 'failed';
    const base = deps.config.publicUrl.replace(/\/$/, '');
    const body = composeMail({
      greeting: `Dear ${gift.donorName},`,
      paragraphs: stopped
        ? [
            `Your card was declined ${MAX_FAILED_ATTEMPTS} times, so your monthly gift of ${formatZar(gift.amountCents)} to ${campaign?.charityName ?? 'the charity'} has stopped. Nothing more will be charged.`,
            'To keep giving, start a new monthly gift on the campaign page with a card that works.',
          ]
        : [
            `This month's payment of your monthly gift of ${formatZar(gift.amountCents)} to ${campaign?.charityName ?? 'the charity'} was declined by your card.`,
            `We will try again tomorrow. After ${MAX_FAILED_ATTEMPTS} declined attempts the monthly gift stops.`,
          ],
      details: [
        ['Campaign', campaign?.title ?? ''],
        ['Attempts declined', String(gift.failedAttempts)],
      ],
      actions: [
        stopped
          ? { label: 'Open the campaign', url: `${base}/funding/${campaign?.slug ?? ''}` }
          : { label: 'See your donations', url: `${base}/donations` },
      ],
      footer: ['You get this mail because you give monthly through Sekolo.'],
    });
    await deps.mailer.send(
      {
        to: gift.donorEmail,
        subject: stopped
          ? `Your monthly gift to ${campaign?.charityName ?? 'the charity'} has stopped`
          : `Your monthly gift to ${campaign?.charityName ?? 'the charity'} could not be paid`,
        ...body,
        tag: 'donation-monthly-declined',
      },
      { within: tx },
    );
    return true;
  });
}

export type TMonthlyRunSummary = { charged: number; declined: number; stopped: number; ended?: number };

/**
 * The gifts of campaigns that take no donations (ended, or past their end date) stop: at the
 * provider first where it charges by itself (a gift PayFast cannot stop now is tried again on the
 * next run), then here; the donor is mailed. Answers how many stopped.
 */
export async function stopGiftsOfEndedCampaigns(deps: TMonthlyDeps, today: string): Promise<number> {
  const rows = await deps.db
    .select({ gift: monthlyGifts, title: campaigns.title, charityName: organizations.name })
    .from(monthlyGifts)
    .innerJoin(campaigns, eq(campaigns.id, monthlyGifts.campaignId))
    .innerJoin(organizations, eq(organizations.id, monthlyGifts.organizationId))
    .where(
      and(
        inArray(monthlyGifts.status, ['pending', 'active']),
        or(eq(campaigns.state, 'ended'), sql`${campaigns.endsOn} < ${today}`),
      ),
    )
    .limit(500);
  const provider = deps.database ? paymentProvidersFor({ config: deps.config, database: deps.database }).active : null;
  let stopped = 0;
  for (const { gift, title, charityName } of rows) {
    if (gift.status === 'pending') continue; // its first payment is still on its way
    if (gift.provider !== 'sandbox' && gift.providerToken) {
      if (!provider || provider.name !== gift.provider || !provider.cancelRecurring) continue;
      if (!(await provider.cancelRecurring(gift.providerToken))) continue;
    }
    await transaction(deps.db, async (tx) => {
      const [ended] = await tx
        .update(monthlyGifts)
        .set({ status: 'cancelled', cancelledAt: sql`now()`, nextChargeOn: null, updatedAt: sql`now()` })
        .where(and(eq(monthlyGifts.id, gift.id), eq(monthlyGifts.status, 'active')))
        .returning();
      if (!ended) return;
      stopped++;
      const base = deps.config.publicUrl.replace(/\/$/, '');
      const body = composeMail({
        greeting: `Dear ${gift.donorName},`,
        paragraphs: [
          `The campaign "${title}" of ${charityName} has ended, so your monthly gift of ${formatZar(gift.amountCents)} to it has stopped. Nothing more will be charged.`,
          'Thank you for every month you gave.',
        ],
        actions: [{ label: 'See your donations', url: `${base}/donations` }],
        footer: ['You get this mail because you gave monthly through Sekolo.'],
      });
      await deps.mailer.send(
        {
          to: gift.donorEmail,
          subject: `Your monthly gift to ${charityName} has stopped: the campaign ended`,
          ...body,
          tag: 'donation-monthly-ended',
        },
        { within: tx },
      );
    });
  }
  return stopped;
}

/**
 * The monthly run (daily on the job queue): gifts of campaigns that ended stop; every active
 * sandbox gift whose date has come is charged by its card token. Safe to run twice: a charge's key is the gift and its date, a
 * declined attempt counts once a day.
 */
export async function chargeDueMonthlyGifts(
  deps: TMonthlyDeps,
  today: string = todayInSouthAfrica(),
  options: { giftIds?: string[] } = {},
): Promise<TMonthlyRunSummary> {
  const summary: TMonthlyRunSummary = { charged: 0, declined: 0, stopped: 0 };
  if (!options.giftIds) summary.ended = await stopGiftsOfEndedCampaigns(deps, today);
  const due = await deps.db
    .select()
    .from(monthlyGifts)
    .where(
      and(
        eq(monthlyGifts.status, 'active'),
        eq(monthlyGifts.provider, 'sandbox'),
        lte(monthlyGifts.nextChargeOn, today),
        options.giftIds ? inArray(monthlyGifts.id, options.giftIds) : undefined,
      ),
    )
    .orderBy(asc(monthlyGifts.nextChargeOn))
    .limit(1000);
  for (const gift of due) {
    const period = gift.nextChargeOn!;
    if (sandboxChargeToken(gift.providerToken) === 'paid') {
      const key = `sandbox:${gift.id}:${period}`;
      const outcome = await chargeMonthlyGift(deps, gift.id, {
        provider: 'sandbox',
        providerTransactionId: key,
        chargeKey: key,
        period,
      });
      if (outcome === 'credited') summary.charged++;
      continue;
    }
    if (await failMonthlyCharge(deps, gift.id, today)) {
      if (gift.failedAttempts + 1 >= MAX_FAILED_ATTEMPTS) summary.stopped++;
      else summary.declined++;
    }
  }
  return summary;
}

/** A charge the provider made by itself (PayFast's subscription ITN), already verified by the payments module. */
export async function receiveMonthlyCharge(
  deps: TMonthlyDeps,
  charge: TRecurringCharge,
): Promise<TRecurringChargeOutcome> {
  const [gift] = await deps.db.select().from(monthlyGifts).where(eq(monthlyGifts.setupOrderId, charge.setupOrder.id));
  if (!gift) return 'rejected';
  const today = todayInSouthAfrica();
  if (charge.status !== 'complete') {
    await failMonthlyCharge(deps, gift.id, today);
    return 'failed';
  }
  if (charge.amountCents !== charge.setupOrder.amountCents) return 'rejected';
  return chargeMonthlyGift(deps, gift.id, {
    provider: charge.setupOrder.provider,
    providerTransactionId: charge.providerTransactionId,
    chargeKey: `${charge.setupOrder.provider}:${charge.providerTransactionId}`,
    period: gift.nextChargeOn ?? today,
  });
}

async function giftView(db: DbExecutor, gift: TGiftRow): Promise<TMyMonthlyGift> {
  const [row] = await db
    .select({ title: campaigns.title, slug: campaigns.slug, charityName: organizations.name })
    .from(campaigns)
    .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
    .where(eq(campaigns.id, gift.campaignId));
  const [paid] = await db
    .select({ n: count(), total: sum(donations.amountCents) })
    .from(donations)
    .where(and(eq(donations.monthlyGiftId, gift.id), eq(donations.status, 'paid')));
  return {
    id: gift.id,
    campaignTitle: row?.title ?? '',
    campaignSlug: row?.slug ?? '',
    charityName: row?.charityName ?? '',
    amountCents: gift.amountCents,
    status: gift.status,
    nextChargeOn: gift.status === 'active' ? gift.nextChargeOn : null,
    startedAt: gift.createdAt.toISOString(),
    cancelledAt: gift.cancelledAt?.toISOString() ?? null,
    paidCount: Number(paid?.n ?? 0),
    paidTotalCents: Number(paid?.total ?? 0),
  };
}

/** The donor's monthly gifts that started or are waiting for their first payment, running ones first. */
export async function listMyMonthlyGifts(db: DbExecutor, donorUserId: string): Promise<TMyMonthlyGift[]> {
  const rows = await db
    .select()
    .from(monthlyGifts)
    .where(
      and(
        eq(monthlyGifts.donorUserId, donorUserId),
        // A gift whose first month was never paid (the checkout failed or was left) never started.
        sql`not (${monthlyGifts.status} = 'failed' and ${monthlyGifts.failedAttempts} = 0)`,
      ),
    )
    .orderBy(sql`case when ${monthlyGifts.status} = 'active' then 0 else 1 end`, desc(monthlyGifts.createdAt))
    .limit(100);
  return Promise.all(rows.map((gift) => giftView(db, gift)));
}

/**
 * The donor stops a monthly gift: at the provider first where it charges by itself (PayFast's API;
 * when it cannot be reached nothing changes and the donor is asked to try again), then here: no
 * further charge. Audited.
 */
export async function cancelMonthlyGift(
  deps: { config: TConfig; database: DatabaseHandle },
  actor: { userId: string; ip: string },
  giftId: string,
): Promise<TMyMonthlyGift> {
  const db = deps.database.db;
  const [gift] = await db
    .select()
    .from(monthlyGifts)
    .where(and(eq(monthlyGifts.id, giftId), eq(monthlyGifts.donorUserId, actor.userId)));
  if (!gift) throw notFound(M.monthlyNotFound);
  if (gift.status === 'cancelled' || gift.status === 'failed') throw conflict(M.monthlyEnded);
  const provider = paymentProvidersFor(deps).active;
  if (gift.providerToken && provider.name === gift.provider && provider.cancelRecurring) {
    if (!(await provider.cancelRecurring(gift.providerToken)))
      throw new AppError(503, 'TRY_AGAIN', M.monthlyProviderDown);
  }
  return transaction(db, async (tx) => {
    const [cancelled] = await tx
      .update(monthlyGifts)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, nextChargeOn: null, updatedAt: sql`now()` })
      .where(and(eq(monthlyGifts.id, gift.id), inArray(monthlyGifts.status, ['pending', 'active'])))
      .returning();
    if (!cancelled) throw conflict(M.monthlyEnded);
    await recordAudit(tx, {
      action: 'donation.monthly_cancelled',
      actorUserId: actor.userId,
      target: `monthly_gift:${gift.id}`,
      ip: actor.ip,
      details: { campaignId: gift.campaignId, organizationId: gift.organizationId },
    });
    return giftView(tx, cancelled);
  });
}

/** The charity's monthly giving now: running gifts and what they bring in a month. */
export async function monthlyTotalsOf(db: DbExecutor, organizationId: string, campaignId?: string) {
  const [row] = await db
    .select({ n: count(), total: sum(monthlyGifts.amountCents) })
    .from(monthlyGifts)
    .where(
      and(
        eq(monthlyGifts.organizationId, organizationId),
        eq(monthlyGifts.status, 'active'),
        campaignId ? eq(monthlyGifts.campaignId, campaignId) : undefined,
      ),
    );
  return { monthlyDonorCount: Number(row?.n ?? 0), monthlyTotalCents: Number(row?.total ?? 0) };
}
