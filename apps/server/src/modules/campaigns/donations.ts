import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatZar } from '@sekolo/shared/domain/money';
import { formatDate } from '@sekolo/shared/domain/sa-calendar';
import {
  CAMPAIGN_MESSAGES as M,
  ZDonationInput,
  taxYearOf,
  type TDonationInput,
} from '@sekolo/shared/schemas/campaigns';
import type { TConfig } from '../../platform/config/env.ts';
import type { Database, DatabaseHandle, DbExecutor } from '../../platform/db/client.ts';
import { organizations } from '../../platform/db/schema/auth.ts';
import { campaigns, charityProfiles, donations } from '../../platform/db/schema/campaigns.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { TSessionUser } from '../../platform/auth/guards.ts';
import { createOrder, onOrderPurpose } from '../payments/index.ts';
import type { TOrder } from '../payments/index.ts';
import { isOpen, publicCampaignRow } from './campaigns.ts';
import { ensureCharityProfile, issuesReceipts } from './charity-profile.ts';
import { receiptToken, receivedOn } from './receipts.ts';

export const DONATION_PURPOSE = 'donation';
/** Where the donor lands after paying (?order=<id> is added): their donations and receipts. */
export const DONATION_RETURN_PATH = '/donations';

export const DEFAULT_THANK_YOU =
  'Thank you for your gift. It goes straight to the work this campaign describes, and we will keep you posted on what it makes possible.';

/**
 * A signed-in donor starts a gift: a pending donation and a checkout order paid to the charity
 * (kind basket with the charity as payee: the donor pays the gift plus the 6.8% processing fee, the
 * charity is owed the gift less the 5% platform commission, §9). Nothing counts until it is paid.
 */
export async function startDonation(
  deps: { config: TConfig; database: DatabaseHandle },
  donor: TSessionUser,
  slug: string,
  input: TDonationInput,
) {
  const db = deps.database.db;
  const values = ZDonationInput.parse(input);
  const { campaign, charityName } = await publicCampaignRow(db, slug);
  if (!isOpen(campaign)) throw badRequest(M.notActive);
  const donorName = values.donorName || donor.name.trim();
  if (!donorName) throw badRequest(M.nameRequired, { donorName: M.nameRequired });
  const donationId = randomUUID();
  const { order, checkout } = await createOrder(
    deps,
    {
      kind: 'basket',
      grossCents: values.amountCents,
      payeeOrganizationId: campaign.organizationId,
      description: `Donation to ${charityName}: ${campaign.title}`,
      returnPath: DONATION_RETURN_PATH,
      cancelPath: `/funding/${campaign.slug}`,
      buyerUserId: donor.id,
      context: { purpose: DONATION_PURPOSE, donationId, campaignId: campaign.id },
    },
    { firstName: donor.firstName, lastName: donor.lastName, email: donor.email },
  );
  await db.insert(donations).values({
    id: donationId,
    campaignId: campaign.id,
    organizationId: campaign.organizationId,
    donorUserId: donor.id,
    paymentOrderId: order.id,
    amountCents: values.amountCents,
    anonymous: values.anonymous,
    donorName,
    donorEmail: donor.email,
    donorAddress: values.donorAddress,
    donorTaxNumber: values.donorTaxNumber,
    message: values.message,
  });
  return { donationId, redirect: checkout.redirect };
}

type THookDeps = { config: TConfig; db: Database; mailer: Mailer };

/**
 * The order of a gift was paid (inside the transaction that posts its journal, once): the gift
 * counts towards its campaign, gets the charity's next s18A receipt number when the charity issues
 * receipts, and the donor's thank-you mail is queued with the receipt's signed link.
 */
export async function markDonationPaid(deps: THookDeps, tx: DbExecutor, order: TOrder): Promise<void> {
  const [gift] = await tx
    .update(donations)
    .set({ status: 'paid', paidAt: order.paidAt ?? new Date() })
    .where(and(eq(donations.paymentOrderId, order.id), inArray(donations.status, ['pending', 'failed'])))
    .returning();
  if (!gift) return;
  const [campaign] = await tx
    .update(campaigns)
    .set({
      raisedCents: sql`${campaigns.raisedCents} + ${gift.amountCents}`,
      donationCount: sql`${campaigns.donationCount} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(campaigns.id, gift.campaignId))
    .returning();
  await ensureCharityProfile(tx, gift.organizationId);
  const [profile] = await tx
    .select()
    .from(charityProfiles)
    .where(eq(charityProfiles.organizationId, gift.organizationId))
    .for('update');
  let receiptNumber: string | null = null;
  if (profile && issuesReceipts(profile)) {
    receiptNumber = `S18A-${String(profile.nextReceiptNumber).padStart(6, '0')}`;
    await tx
      .update(charityProfiles)
      .set({ nextReceiptNumber: profile.nextReceiptNumber + 1 })
      .where(eq(charityProfiles.organizationId, gift.organizationId));
    await tx.update(donations).set({ receiptNumber }).where(eq(donations.id, gift.id));
  }
  const [org] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, gift.organizationId));
  const base = deps.config.publicUrl.replace(/\/$/, '');
  const actions = [{ label: 'See your donations', url: `${base}/donations` }];
  if (receiptNumber)
    actions.unshift({
      label: 'Download your s18A receipt',
      // Read within the payment's transaction: on PGlite (one connection) a second handle would wait on it for ever.
      url: `${base}/api/funding/receipts/${gift.id}?token=${await receiptToken(deps.config, tx as Database, gift.id)}`,
    });
  const body = composeMail({
    greeting: `Dear ${gift.donorName},`,
    paragraphs: [(profile?.thankYouText || DEFAULT_THANK_YOU).trim(), `With gratitude, ${org?.name ?? 'the charity'}`],
    details: [
      ['Campaign', campaign?.title ?? ''],
      ['Amount', formatZar(gift.amountCents)],
      ['Date received', formatDate(receivedOn(gift.paidAt ?? new Date()))],
      ...(receiptNumber ? ([['s18A receipt', receiptNumber]] as [string, string][]) : []),
    ],
    actions,
    footer: ['You get this mail because you gave through Sekolo.'],
  });
  await deps.mailer.send(
    {
      to: gift.donorEmail,
      subject: `Thank you for your donation to ${org?.name ?? 'our campaign'}`,
      ...body,
      tag: 'donation-thanks',
    },
    { within: tx },
  );
}

/** The checkout tells this module when a gift's order is paid or given up (payments' order-hooks.ts). */
export function registerDonationHooks(deps: THookDeps): void {
  onOrderPurpose(DONATION_PURPOSE, {
    paid: (tx, order) => markDonationPaid(deps, tx, order),
    released: markDonationReleased,
  });
}

/** A gift's order failed or was cancelled before payment. */
export async function markDonationReleased(tx: DbExecutor, order: TOrder): Promise<void> {
  await tx
    .update(donations)
    .set({ status: 'failed' })
    .where(and(eq(donations.paymentOrderId, order.id), eq(donations.status, 'pending')));
}

/**
 * Finishes gifts whose order is paid but whose paid hook failed (order-hooks.ts keeps the money and
 * logs the error): each in its own transaction, idempotent. Runs before the lists are read.
 */
export async function finishPaidDonations(deps: THookDeps, where: { organizationId?: string; donorUserId?: string }) {
  const stuck = await deps.db
    .select({ order: paymentOrders })
    .from(donations)
    .innerJoin(paymentOrders, eq(paymentOrders.id, donations.paymentOrderId))
    .where(
      and(
        eq(donations.status, 'pending'),
        eq(paymentOrders.status, 'paid'),
        where.organizationId ? eq(donations.organizationId, where.organizationId) : undefined,
        where.donorUserId ? eq(donations.donorUserId, where.donorUserId) : undefined,
      ),
    )
    .limit(50);
  for (const { order } of stuck) {
    await transaction(deps.db, (tx) => markDonationPaid(deps, tx, order as TOrder));
  }
}

/** The charity's donors: an anonymous donor shows as Anonymous, without name or e-mail. */
export async function listCharityDonors(db: DbExecutor, organizationId: string, campaignId?: string) {
  const rows = await db
    .select({ donation: donations, campaignTitle: campaigns.title })
    .from(donations)
    .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(
      and(
        eq(donations.organizationId, organizationId),
        eq(donations.status, 'paid'),
        campaignId ? eq(donations.campaignId, campaignId) : undefined,
      ),
    )
    .orderBy(desc(donations.paidAt))
    .limit(500);
  return {
    donors: rows.map(({ donation: d, campaignTitle }) => ({
      id: d.id,
      campaignTitle,
      name: d.anonymous ? 'Anonymous' : d.donorName,
      email: d.anonymous ? null : d.donorEmail,
      anonymous: d.anonymous,
      amountCents: d.amountCents,
      message: d.message,
      paidAt: (d.paidAt ?? d.createdAt).toISOString(),
      receiptNumber: d.receiptNumber,
    })),
    totalCents: rows.reduce((sum, r) => sum + r.donation.amountCents, 0),
    count: rows.length,
  };
}

/** The signed-in donor's own gifts (pending ones too: a payment may still be on its way). */
export async function listMyDonations(db: DbExecutor, donorUserId: string) {
  const rows = await db
    .select({
      donation: donations,
      campaignTitle: campaigns.title,
      campaignSlug: campaigns.slug,
      charityName: organizations.name,
    })
    .from(donations)
    .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .innerJoin(organizations, eq(organizations.id, donations.organizationId))
    .where(and(eq(donations.donorUserId, donorUserId), inArray(donations.status, ['pending', 'paid'])))
    .orderBy(desc(donations.createdAt))
    .limit(200);
  return {
    donations: rows.map(({ donation: d, campaignTitle, campaignSlug, charityName }) => ({
      id: d.id,
      campaignTitle,
      campaignSlug,
      charityName,
      charityId: d.organizationId,
      amountCents: d.amountCents,
      status: d.status,
      anonymous: d.anonymous,
      paidAt: d.paidAt?.toISOString() ?? null,
      receiptNumber: d.receiptNumber,
      taxYear: d.paidAt ? taxYearOf(receivedOn(d.paidAt)) : null,
    })),
  };
}
