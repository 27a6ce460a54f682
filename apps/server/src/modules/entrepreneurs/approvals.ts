import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ENTREPRENEUR_MESSAGES as M,
  type TApprovalDecision,
  type TApprovalLinkView,
  type TApprovalView,
  type TGuardianShops,
} from '@sekolo/shared/schemas/entrepreneurs';
import { formatZar } from '@sekolo/shared/domain/money';
import { MARKETPLACE_SECTIONS } from '@sekolo/shared/schemas/marketplace';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import {
  entrepreneurApprovals,
  entrepreneurShops,
  listingImages,
  listings,
  marketplaceSellers,
  organizations,
} from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { applyHeldChange, discardHeldChange, publishHeldListing, type TListingContent } from '../listings/index.ts';
import { removeStoredBytes, type IFileStorage } from '../uploads/index.ts';
import { categoryLabel, entrepreneurOf, findShop, shopView } from './shop.ts';
import { recentShopOrders, shopEarnings } from './earnings.ts';

/** How long an e-mailed approval link works. */
export const APPROVAL_LINK_DAYS = 7;
/** The web page the guardian's link opens, and the guardian's own page when signed in. */
export const APPROVAL_LINK_PATH = '/guardian/shop-approval';
export const GUARDIAN_ACCOUNT_PATH = '/dashboard/shop-approvals';

/** `storage` removes the pictures a decided change dropped (once the decision committed). */
export type TApprovalDeps = { mailer: Mailer; publicUrl: string; storage?: IFileStorage };
type TApprovalRow = typeof entrepreneurApprovals.$inferSelect;
/** The shop's content a change asks about. */
export type TShopContent = { name: string; description: string; category: string };
export type TChanges =
  { before: TListingContent; after: TListingContent } | { before: TShopContent; after: TShopContent };

function sectionLabel(category: string, subcategory: string): string {
  const section = MARKETPLACE_SECTIONS.find((s) => s.id === category);
  const sub = section?.subcategories.find((s) => s.id === subcategory);
  return [section?.label ?? category, sub?.label ?? subcategory].filter(Boolean).join(' › ');
}

const pictures = (n: number) => (n === 1 ? '1 picture' : `${n} pictures`);

/** What a change alters, line by line, as the guardian reads it (before → after). */
export function changeLines(subject: 'shop' | 'listing', changes: unknown): TApprovalView['changes'] {
  if (!changes) return null;
  const lines: NonNullable<TApprovalView['changes']> = [];
  const add = (label: string, before: string, after: string) => {
    if (before !== after) lines.push({ label, before, after });
  };
  if (subject === 'shop') {
    const { before, after } = changes as { before: TShopContent; after: TShopContent };
    add('Shop name', before.name, after.name);
    add('Description', before.description, after.description);
    add('Category', categoryLabel(before.category), categoryLabel(after.category));
    return lines;
  }
  const { before, after } = changes as { before: TListingContent; after: TListingContent };
  add('Title', before.title, after.title);
  add('Description', before.description, after.description);
  add('Price', formatZar(before.priceCents), formatZar(after.priceCents));
  add('Category', sectionLabel(before.category, before.subcategory), sectionLabel(after.category, after.subcategory));
  add(
    'Options',
    before.variants.map((v) => v.label).join(', ') || 'None',
    after.variants.map((v) => v.label).join(', ') || 'None',
  );
  const added = after.imageIds.filter((id) => !before.imageIds.includes(id)).length;
  const removed = before.imageIds.filter((id) => !after.imageIds.includes(id)).length;
  if (added || removed || before.imageIds.join() !== after.imageIds.join())
    lines.push({
      label: 'Pictures',
      before: pictures(before.imageIds.length),
      after: [
        pictures(after.imageIds.length),
        added ? `${added} new` : '',
        removed ? `${removed} removed` : '',
        !added && !removed ? 'new order' : '',
      ]
        .filter(Boolean)
        .join(', '),
    });
  return lines;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function listingsOf(db: DbExecutor, ids: string[]) {
  if (ids.length === 0) return new Map<string, NonNullable<TApprovalView['listing']>>();
  const rows = await db
    .select({
      id: listings.id,
      title: listings.title,
      description: listings.description,
      priceCents: listings.priceCents,
    })
    .from(listings)
    .where(inArray(listings.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        title: r.title,
        description: r.description,
        priceCents: r.priceCents,
      },
    ]),
  );
}

async function viewsOf(db: DbExecutor, rows: TApprovalRow[], now = new Date()): Promise<TApprovalView[]> {
  const byId = await listingsOf(
    db,
    rows.flatMap((r) => (r.listingId ? [r.listingId] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    status: r.status === 'pending' && r.expiresAt <= now ? 'expired' : r.status,
    listing: r.listingId ? (byId.get(r.listingId) ?? null) : null,
    requestedAt: r.requestedAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decidedVia: r.decidedVia,
    reason: r.reason,
    changes: changeLines(r.subject, r.changes),
  }));
}

/** The shop's requests still waiting for the guardian, oldest first. */
export async function pendingApprovals(db: DbExecutor, organizationId: string): Promise<TApprovalView[]> {
  const rows = await db
    .select()
    .from(entrepreneurApprovals)
    .where(and(eq(entrepreneurApprovals.organizationId, organizationId), eq(entrepreneurApprovals.status, 'pending')))
    .orderBy(entrepreneurApprovals.requestedAt);
  return viewsOf(db, rows);
}

/**
 * Asks the guardian to approve the shop or one listing: a request still open for the same thing is
 * withdrawn (its link stops working), a new one with a fresh link is e-mailed, audited.
 */
export async function requestApproval(
  tx: DbExecutor,
  deps: TApprovalDeps,
  input: {
    organizationId: string;
    subject: 'shop' | 'listing';
    listingId?: string;
    userId: string | null;
    /** A change to what the guardian approved before: it waits for them; buyers see the approved version. */
    changes?: TChanges | null;
  },
): Promise<void> {
  const found = await findShop(tx, input.organizationId);
  if (!found) throw notFound(M.noShop);
  const { shop } = found;
  const listingId = input.subject === 'listing' ? input.listingId! : null;
  await tx
    .update(entrepreneurApprovals)
    .set({ status: 'withdrawn', tokenHash: null })
    .where(
      and(
        eq(entrepreneurApprovals.organizationId, input.organizationId),
        eq(entrepreneurApprovals.subject, input.subject),
        listingId ? eq(entrepreneurApprovals.listingId, listingId) : sql`${entrepreneurApprovals.listingId} is null`,
        eq(entrepreneurApprovals.status, 'pending'),
      ),
    );
  const token = randomBytes(32).toString('base64url');
  const [row] = await tx
    .insert(entrepreneurApprovals)
    .values({
      organizationId: input.organizationId,
      subject: input.subject,
      listingId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + APPROVAL_LINK_DAYS * 86_400_000),
      requestedByUserId: input.userId,
      changes: input.changes ?? null,
    })
    .returning();
  const child = await entrepreneurOf(tx, input.organizationId);
  const childName = child?.name ?? 'Your young entrepreneur';
  const listing = listingId ? (await listingsOf(tx, [listingId])).get(listingId) : undefined;
  const link = `${deps.publicUrl}${APPROVAL_LINK_PATH}?token=${encodeURIComponent(token)}`;
  const what = listing ? `the listing "${listing.title}" in ${shop.name}` : `the shop "${shop.name}"`;
  const lines = input.changes ? (changeLines(input.subject, input.changes) ?? []) : null;
  await deps.mailer.send(
    {
      to: shop.guardianEmail,
      subject: lines
        ? `Please approve the changes to ${listing ? `"${listing.title}"` : `the shop "${shop.name}"`}`
        : listing
          ? `Please approve "${listing.title}" before it goes on sale`
          : `Please approve ${childName}'s shop "${shop.name}"`,
      tag: 'entrepreneur-approval-request',
      ...composeMail({
        greeting: `Hello ${shop.guardianName},`,
        paragraphs: [
          lines
            ? `${childName} changed ${what} on the Sekolo marketplace and asks you to approve the changes. Until you approve them, buyers keep seeing the version you approved before.`
            : `${childName} asks you to approve ${what} on the Sekolo marketplace. As the guardian who consented to the shop, you decide what goes on sale: nothing is shown to the public until you approve it.`,
          `The link works once, for ${APPROVAL_LINK_DAYS} days. You can also sign in with this e-mail address and see everything waiting for you, and the shop's sales, under Shop approvals.`,
        ],
        details: lines
          ? lines.map((l): [string, string] => [l.label, `${l.before} → ${l.after}`])
          : listing
            ? [
                ['Listing', listing.title],
                ['Price', formatZar(listing.priceCents)],
                ['Shop', shop.name],
              ]
            : [
                ['Shop', shop.name],
                ['Description', shop.description],
              ],
        actions: [
          { label: 'Review and approve', url: link },
          { label: 'Sign in to Shop approvals', url: `${deps.publicUrl}${GUARDIAN_ACCOUNT_PATH}` },
        ],
        footer: ['You get this e-mail because you gave consent for this young entrepreneur’s shop on Sekolo.'],
      }),
    },
    { within: tx },
  );
  await recordAudit(tx, {
    action: 'entrepreneur.approval_requested',
    actorUserId: input.userId,
    target: `entrepreneur_approval:${row!.id}`,
    details: {
      organizationId: input.organizationId,
      subject: input.subject,
      listingId,
      change: Boolean(input.changes),
    },
  });
}

/**
 * The guardian's answer, through the link or in their account, exactly once (the conditional update
 * wins one race). Approving the shop puts it live; approving a listing puts it on sale (the shop
 * must be live); declining keeps the listing a draft with the reason the entrepreneur sees. A change
 * to an approved listing or shop goes live on approval; declined, the approved version stays on
 * sale and the pictures the change added go. Answers the storage keys to remove once committed.
 */
async function decide(
  tx: DbExecutor,
  deps: TApprovalDeps,
  approval: TApprovalRow,
  decision: { decision: 'approve' | 'decline'; reason: string },
  actor: { userId: string | null; via: 'link' | 'account'; ip: string | null },
): Promise<string[]> {
  if (approval.status !== 'pending') throw conflict(M.approvalUsed);
  const found = await findShop(tx, approval.organizationId);
  if (!found) throw notFound(M.approvalNotFound);
  const change = approval.changes as TChanges | null;
  if (decision.decision === 'approve' && approval.subject === 'listing' && found.shop.status !== 'approved')
    throw conflict(M.shopFirst);
  const status = decision.decision === 'approve' ? 'approved' : 'declined';
  const updated = await tx
    .update(entrepreneurApprovals)
    .set({
      status,
      tokenHash: null,
      decidedAt: sql`now()`,
      decidedByUserId: actor.userId,
      decidedVia: actor.via,
      reason: decision.decision === 'decline' ? decision.reason : null,
    })
    .where(and(eq(entrepreneurApprovals.id, approval.id), eq(entrepreneurApprovals.status, 'pending')))
    .returning({ id: entrepreneurApprovals.id });
  if (updated.length === 0) throw conflict(M.approvalUsed);
  let removedKeys: string[] = [];
  if (change && approval.subject === 'shop') {
    if (status === 'approved') await applyShopContent(tx, approval.organizationId, change.after as TShopContent);
  } else if (change) {
    removedKeys =
      status === 'approved'
        ? await applyHeldChange(tx, {
            listingId: approval.listingId!,
            organizationId: approval.organizationId,
            content: change.after as TListingContent,
            approvedByUserId: actor.userId,
          })
        : await discardHeldChange(tx, { listingId: approval.listingId! });
  } else if (approval.subject === 'shop') {
    await tx
      .update(entrepreneurShops)
      .set({ status, approvedAt: status === 'approved' ? sql`now()` : null })
      .where(eq(entrepreneurShops.organizationId, approval.organizationId));
  } else if (status === 'approved') {
    await publishHeldListing(tx, {
      listingId: approval.listingId!,
      organizationId: approval.organizationId,
      approvedByUserId: actor.userId,
    });
  }
  await recordAudit(tx, {
    action: `entrepreneur.${approval.subject}${change ? '_change' : ''}_${status}`,
    actorUserId: actor.userId,
    target: `entrepreneur_approval:${approval.id}`,
    ip: actor.ip,
    details: {
      organizationId: approval.organizationId,
      listingId: approval.listingId,
      via: actor.via,
      guardianEmail: found.shop.guardianEmail,
      ...(status === 'declined' ? { reason: decision.reason } : {}),
    },
  });
  const child = await entrepreneurOf(tx, approval.organizationId);
  if (child) {
    const title = approval.listingId
      ? (await listingsOf(tx, [approval.listingId])).get(approval.listingId)?.title
      : null;
    const shopName =
      status === 'approved' && change && approval.subject === 'shop'
        ? (change.after as TShopContent).name
        : found.shop.name;
    const what = `${change ? 'your changes to ' : ''}${title ? `"${title}"` : `${change ? 'your shop' : 'your shop'} "${shopName}"`}`;
    const approvedLine = change
      ? `${found.shop.guardianName} approved ${what}: buyers see them now on the Sekolo marketplace.`
      : title
        ? `${what} is now on sale on the Sekolo marketplace.`
        : `${what} is now live on the Sekolo marketplace.`;
    await deps.mailer.send(
      {
        to: child.email,
        subject:
          status === 'approved'
            ? `${found.shop.guardianName} approved ${what}`
            : `${found.shop.guardianName} declined ${what}`,
        tag: 'entrepreneur-approval-decided',
        ...composeMail({
          greeting: `Hello ${child.firstName || child.name},`,
          paragraphs:
            status === 'approved'
              ? [approvedLine]
              : [
                  `${found.shop.guardianName} declined ${what}: ${decision.reason}`,
                  change
                    ? 'Buyers keep seeing the version your guardian approved before. Change it in your dashboard and ask again.'
                    : 'Change it in your dashboard and ask again.',
                ],
          actions: [{ label: 'Open your dashboard', url: `${deps.publicUrl}/dashboard/entrepreneur` }],
        }),
      },
      { within: tx },
    );
  }
  return removedKeys;
}

/** The shop's name, description and category as buyers see them: the shop, its organisation's name, its seller page. */
export async function applyShopContent(tx: DbExecutor, organizationId: string, content: TShopContent): Promise<void> {
  await tx
    .update(entrepreneurShops)
    .set({ name: content.name, description: content.description, category: content.category })
    .where(eq(entrepreneurShops.organizationId, organizationId));
  await tx.update(organizations).set({ name: content.name }).where(eq(organizations.id, organizationId));
  await tx
    .update(marketplaceSellers)
    .set({ about: content.description })
    .where(eq(marketplaceSellers.organizationId, organizationId));
}

/** Pictures a decided change dropped leave storage once the decision committed. */
async function removePictures(deps: TApprovalDeps, keys: string[]): Promise<void> {
  if (deps.storage && keys.length > 0) await removeStoredBytes(deps.storage, keys);
}

async function findByToken(db: DbExecutor, token: string, lock = false) {
  const query = db
    .select()
    .from(entrepreneurApprovals)
    .where(eq(entrepreneurApprovals.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

async function linkView(db: DbExecutor, row: TApprovalRow, live: boolean): Promise<TApprovalLinkView> {
  const found = await findShop(db, row.organizationId);
  if (!found) throw notFound(M.approvalNotFound);
  const child = await entrepreneurOf(db, row.organizationId);
  const [approval] = await viewsOf(db, [row]);
  return {
    approval: live
      ? approval!
      : { ...approval!, status: approval!.status === 'pending' ? 'expired' : approval!.status },
    childName: child?.name ?? '',
    shop: shopView(found.shop, found.slug),
    earnings: live ? await shopEarnings(db, row.organizationId) : null,
    recentOrders: live ? await recentShopOrders(db, row.organizationId) : [],
  };
}

/**
 * GET by the e-mailed link: the request and, while the link works, the shop's sales. A link that
 * was answered stops working (its token is cleared), so it answers 404 like a forged one.
 */
export async function readApprovalLink(db: DbExecutor, token: string): Promise<TApprovalLinkView> {
  const row = await findByToken(db, token);
  if (!row) throw notFound(M.approvalNotFound);
  return linkView(db, row, row.expiresAt > new Date());
}

export async function decideByLink(
  db: Database,
  deps: TApprovalDeps,
  token: string,
  decision: { decision: 'approve' | 'decline'; reason: string },
  ip: string | null,
): Promise<TApprovalLinkView> {
  const { id, keys } = await transaction(db, async (tx) => {
    const row = await findByToken(tx, token, true);
    if (!row) throw notFound(M.approvalNotFound);
    if (row.expiresAt <= new Date()) throw new AppError(410, 'APPROVAL_EXPIRED', M.approvalExpired);
    return { id: row.id, keys: await decide(tx, deps, row, decision, { userId: null, via: 'link', ip }) };
  });
  await removePictures(deps, keys);
  const [row] = await db.select().from(entrepreneurApprovals).where(eq(entrepreneurApprovals.id, id));
  return linkView(db, row!, true);
}

/** The shops whose consenting guardian has this e-mail address, with what waits and their sales. */
export async function guardianShops(db: DbExecutor, email: string): Promise<TGuardianShops> {
  if (!email) return { shops: [] };
  const shops = await db
    .select({ organizationId: entrepreneurShops.organizationId })
    .from(entrepreneurShops)
    .where(eq(entrepreneurShops.guardianEmail, email.trim().toLowerCase()))
    .orderBy(entrepreneurShops.createdAt);
  const result: TGuardianShops['shops'] = [];
  for (const { organizationId } of shops) {
    const found = (await findShop(db, organizationId))!;
    const child = await entrepreneurOf(db, organizationId);
    const [approvals, earnings, recentOrders] = await Promise.all([
      db
        .select()
        .from(entrepreneurApprovals)
        .where(eq(entrepreneurApprovals.organizationId, organizationId))
        .orderBy(desc(entrepreneurApprovals.requestedAt))
        .limit(30),
      shopEarnings(db, organizationId),
      recentShopOrders(db, organizationId),
    ]);
    result.push({
      childName: child?.name ?? '',
      shop: shopView(found.shop, found.slug),
      // In their account the guardian answers whatever waits: the link's expiry does not apply.
      approvals: (
        await viewsOf(
          db,
          approvals.filter((a) => a.status !== 'withdrawn'),
        )
      ).map((a) => (a.status === 'expired' ? { ...a, status: 'pending' as const } : a)),
      earnings,
      recentOrders,
    });
  }
  return { shops: result };
}

/** The guardian signed in answers one request; someone else's (another guardian's) answers 404. */
export async function decideInAccount(
  db: Database,
  deps: TApprovalDeps,
  user: { id: string; email: string },
  id: string,
  decision: { decision: 'approve' | 'decline'; reason: string },
  ip: string | null,
): Promise<TGuardianShops> {
  const keys = await transaction(db, async (tx) => {
    const [found] = await tx
      .select({ approval: entrepreneurApprovals })
      .from(entrepreneurApprovals)
      .innerJoin(entrepreneurShops, eq(entrepreneurShops.organizationId, entrepreneurApprovals.organizationId))
      .where(
        and(eq(entrepreneurApprovals.id, id), eq(entrepreneurShops.guardianEmail, user.email.trim().toLowerCase())),
      )
      .for('update', { of: entrepreneurApprovals });
    if (!found) throw notFound(M.approvalNotFound);
    return decide(tx, deps, found.approval, decision, { userId: user.id, via: 'account', ip });
  });
  await removePictures(deps, keys);
  return guardianShops(db, user.email);
}

export function decisionOf(body: TApprovalDecision): { decision: 'approve' | 'decline'; reason: string } {
  const reason = (body.reason ?? '').trim();
  if (body.decision === 'decline' && !reason) throw badRequest(M.declineNeedsReason, { reason: M.declineNeedsReason });
  return { decision: body.decision, reason };
}

/** The storage key of the thumbnail of the listing an approval asks about, or null. */
async function pictureKeyOf(db: DbExecutor, approval: TApprovalRow | undefined): Promise<string | null> {
  if (!approval?.listingId) return null;
  // A change shows its own first picture (perhaps one waiting for approval), else the listing's first.
  const first = (approval.changes as { after: TListingContent } | null)?.after.imageIds[0];
  const [image] = await db
    .select({ key: listingImages.thumbKey })
    .from(listingImages)
    .where(and(eq(listingImages.listingId, approval.listingId), first ? eq(listingImages.id, first) : undefined))
    .orderBy(listingImages.position, listingImages.createdAt)
    .limit(1);
  return image?.key ?? null;
}

/** The picture of the listing a link asks about, while the link works. */
export async function linkPictureKey(db: DbExecutor, token: string): Promise<string | null> {
  const row = await findByToken(db, token);
  return row && row.expiresAt > new Date() ? pictureKeyOf(db, row) : null;
}

/** The picture of the listing of one of the guardian's requests (another guardian's: none). */
export async function guardianPictureKey(db: DbExecutor, email: string, id: string): Promise<string | null> {
  if (!email) return null;
  const [found] = await db
    .select({ approval: entrepreneurApprovals })
    .from(entrepreneurApprovals)
    .innerJoin(entrepreneurShops, eq(entrepreneurShops.organizationId, entrepreneurApprovals.organizationId))
    .where(and(eq(entrepreneurApprovals.id, id), eq(entrepreneurShops.guardianEmail, email.trim().toLowerCase())));
  return pictureKeyOf(db, found?.approval);
}
