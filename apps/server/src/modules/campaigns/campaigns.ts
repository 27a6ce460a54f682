import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  CAMPAIGN_MESSAGES as M,
  DONATION_PRESETS_CENTS,
  MAX_CAMPAIGN_IMAGES,
  ZCampaignInput,
  type TCampaignInput,
  type TCampaignState,
  type TCampaignSummary,
  type TOwnCampaign,
  type TPublicCampaign,
  type TPublicCampaignCard,
} from '@sekolo/shared/schemas/campaigns';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { DbExecutor } from '../../platform/db/client.ts';
import { organizations } from '../../platform/db/schema/auth.ts';
import { campaignImages, campaigns, donations } from '../../platform/db/schema/campaigns.ts';
import { directoryProfiles } from '../../platform/db/schema/directory.ts';
import { organisationLogoPath } from '@sekolo/shared/schemas/directory';
import { transaction } from '../../platform/db/transaction.ts';
import { badRequest, isUniqueViolation, notFound } from '../../platform/http/errors.ts';
import { slugify } from '../../platform/tenancy/organizations.ts';
import type { IFileStorage } from '../uploads/index.ts';
import { storePicture } from '../listings/index.ts';
import { ensureCharityProfile, issuesReceipts } from './charity-profile.ts';

type TCampaignRow = typeof campaigns.$inferSelect;
type TImageRow = typeof campaignImages.$inferSelect;

const imageView = (image: TImageRow) => ({
  id: image.id,
  url: `/api/funding/images/${image.id}`,
  thumbUrl: `/api/funding/images/${image.id}?size=thumb`,
  alt: image.alt,
});

async function imagesOf(db: DbExecutor, campaignIds: string[]): Promise<Map<string, TImageRow[]>> {
  const map = new Map<string, TImageRow[]>();
  if (campaignIds.length === 0) return map;
  const rows = await db
    .select()
    .from(campaignImages)
    .where(inArray(campaignImages.campaignId, campaignIds))
    .orderBy(asc(campaignImages.position), asc(campaignImages.createdAt));
  for (const row of rows) map.set(row.campaignId, [...(map.get(row.campaignId) ?? []), row]);
  return map;
}

function ownView(row: TCampaignRow, images: TImageRow[]): TOwnCampaign {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    story: row.story,
    state: row.state,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    images: images.map(imageView),
    goalCents: row.goalCents,
    raisedCents: row.raisedCents,
    donationCount: row.donationCount,
  };
}

async function ownRow(db: DbExecutor, organizationId: string, id: string): Promise<TCampaignRow> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.organizationId, organizationId)));
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function listOwnCampaigns(db: DbExecutor, organizationId: string) {
  const rows = await db
    .select()
    .from(campaigns)
    .where(eq(campaigns.organizationId, organizationId))
    .orderBy(desc(campaigns.createdAt));
  const images = await imagesOf(
    db,
    rows.map((r) => r.id),
  );
  return { campaigns: rows.map((row) => ownView(row, images.get(row.id) ?? [])) };
}

export async function getOwnCampaign(db: DbExecutor, organizationId: string, id: string): Promise<TOwnCampaign> {
  const row = await ownRow(db, organizationId, id);
  return ownView(row, (await imagesOf(db, [row.id])).get(row.id) ?? []);
}

function slugBase(title: string): string {
  return slugify(title).slice(0, 60).replace(/-+$/, '') || 'campaign';
}

export async function createOwnCampaign(
  db: DbExecutor,
  organizationId: string,
  input: TCampaignInput,
): Promise<TOwnCampaign> {
  const values = ZCampaignInput.parse(input);
  await ensureCharityProfile(db, organizationId);
  const base = slugBase(values.title);
  for (let attempt = 0; ; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
    try {
      const [row] = await db
        .insert(campaigns)
        .values({ organizationId, slug, ...values })
        .returning();
      return ownView(row!, []);
    } catch (error) {
      if (attempt < 4 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

export async function updateOwnCampaign(
  db: DbExecutor,
  organizationId: string,
  id: string,
  input: TCampaignInput,
): Promise<TOwnCampaign> {
  const values = ZCampaignInput.parse(input);
  await ownRow(db, organizationId, id);
  await db
    .update(campaigns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(campaigns.id, id), eq(campaigns.organizationId, organizationId)));
  return getOwnCampaign(db, organizationId, id);
}

/** draft → active (needs a picture) → ended; an ended campaign may be opened again. */
export async function changeCampaignState(
  db: DbExecutor,
  organizationId: string,
  id: string,
  state: TCampaignState,
): Promise<TOwnCampaign> {
  const row = await ownRow(db, organizationId, id);
  if (state === 'active') {
    const [images] = await db.select({ n: count() }).from(campaignImages).where(eq(campaignImages.campaignId, id));
    if (Number(images?.n ?? 0) === 0) throw badRequest(M.needsPicture);
  }
  if (state === 'draft' && row.donationCount > 0)
    throw badRequest('A campaign that has donations cannot go back to draft.');
  await db
    .update(campaigns)
    .set({ state, updatedAt: sql`now()` })
    .where(eq(campaigns.id, id));
  return getOwnCampaign(db, organizationId, id);
}

/** Adds a picture through the listings module's pipeline (checked by its bytes, resized to WebP, stored). */
export async function addCampaignImage(
  db: DbExecutor,
  storage: IFileStorage,
  input: { organizationId: string; campaignId: string; bytes: Buffer; alt?: string },
): Promise<void> {
  const campaign = await ownRow(db, input.organizationId, input.campaignId);
  await storePicture(storage, input.bytes, M.imageType, (picture) =>
    transaction(db, async (tx) => {
      await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaign.id)).for('update');
      const [existing] = await tx
        .select({ n: count() })
        .from(campaignImages)
        .where(eq(campaignImages.campaignId, campaign.id));
      const position = Number(existing?.n ?? 0);
      if (position >= MAX_CAMPAIGN_IMAGES) throw badRequest(M.tooManyImages);
      await tx.insert(campaignImages).values({
        campaignId: campaign.id,
        storageKey: picture.keys.full,
        thumbKey: picture.keys.thumb,
        width: picture.width,
        height: picture.height,
        alt: (input.alt ?? '').trim().slice(0, 200) || campaign.title,
        position,
      });
    }),
  );
}

export async function removeCampaignImage(
  db: DbExecutor,
  storage: IFileStorage,
  input: { organizationId: string; campaignId: string; imageId: string },
): Promise<void> {
  await ownRow(db, input.organizationId, input.campaignId);
  const [removed] = await db
    .delete(campaignImages)
    .where(and(eq(campaignImages.id, input.imageId), eq(campaignImages.campaignId, input.campaignId)))
    .returning();
  if (!removed) throw notFound('There is no such picture.');
  await Promise.allSettled([storage.delete(removed.storageKey), storage.delete(removed.thumbKey)]);
}

/** A picture's storage key: public while its campaign is active or ended; the charity sees its drafts'. */
export async function findCampaignImage(
  db: DbExecutor,
  imageId: string,
  viewerOrganizationId: string | null,
  size: 'full' | 'thumb',
): Promise<string | null> {
  const [row] = await db
    .select({ image: campaignImages, state: campaigns.state, organizationId: campaigns.organizationId })
    .from(campaignImages)
    .innerJoin(campaigns, eq(campaigns.id, campaignImages.campaignId))
    .where(eq(campaignImages.id, imageId));
  if (!row) return null;
  if (row.state === 'draft' && row.organizationId !== viewerOrganizationId) return null;
  return size === 'thumb' ? row.image.thumbKey : row.image.storageKey;
}

function cardOf(row: TCampaignRow, charityName: string, images: TImageRow[]): TPublicCampaignCard {
  const first = images[0];
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    charityName,
    state: row.state,
    endsOn: row.endsOn,
    image: first ? imageView(first) : null,
    goalCents: row.goalCents,
    raisedCents: row.raisedCents,
    donationCount: row.donationCount,
  };
}

/** /funding: the active campaigns that have started, newest first. */
export async function listPublicCampaigns(db: DbExecutor) {
  const today = todayInSouthAfrica();
  const rows = await db
    .select({ campaign: campaigns, charityName: organizations.name })
    .from(campaigns)
    .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
    .where(
      and(
        eq(campaigns.state, 'active'),
        eq(organizations.status, 'active'),
        sql`${campaigns.startsOn} <= ${today}`,
        sql`(${campaigns.endsOn} is null or ${campaigns.endsOn} >= ${today})`,
      ),
    )
    .orderBy(desc(campaigns.createdAt))
    .limit(100);
  const images = await imagesOf(
    db,
    rows.map((r) => r.campaign.id),
  );
  return { campaigns: rows.map((r) => cardOf(r.campaign, r.charityName, images.get(r.campaign.id) ?? [])) };
}

/** Whether a campaign takes donations today. */
export function isOpen(row: TCampaignRow, today = todayInSouthAfrica()): boolean {
  return row.state === 'active' && row.startsOn <= today && (!row.endsOn || row.endsOn >= today);
}

/** A public campaign row (active or ended), or 404. */
export async function publicCampaignRow(db: DbExecutor, slug: string) {
  const [row] = await db
    .select({ campaign: campaigns, charityName: organizations.name, charitySlug: organizations.slug })
    .from(campaigns)
    .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
    .where(
      and(eq(campaigns.slug, slug), inArray(campaigns.state, ['active', 'ended']), eq(organizations.status, 'active')),
    );
  if (!row) throw notFound(M.notFound);
  return row;
}

/** A campaign's public page: progress, story, pictures and its recent donors (anonymous ones unnamed). */
export async function publicCampaign(
  db: DbExecutor,
  slug: string,
  options: { monthlySupported: boolean },
): Promise<TPublicCampaign> {
  const { campaign, charityName, charitySlug } = await publicCampaignRow(db, slug);
  const [directory] = await db
    .select({ listed: directoryProfiles.listed, logoUploadId: directoryProfiles.logoUploadId })
    .from(directoryProfiles)
    .where(eq(directoryProfiles.organizationId, campaign.organizationId));
  const profile = await ensureCharityProfile(db, campaign.organizationId);
  const images = (await imagesOf(db, [campaign.id])).get(campaign.id) ?? [];
  const recent = await db
    .select({
      anonymous: donations.anonymous,
      donorName: donations.donorName,
      amountCents: donations.amountCents,
      message: donations.message,
      paidAt: donations.paidAt,
    })
    .from(donations)
    .where(and(eq(donations.campaignId, campaign.id), eq(donations.status, 'paid')))
    .orderBy(desc(donations.paidAt))
    .limit(10);
  const card = cardOf(campaign, charityName, images);
  return {
    ...card,
    state: isOpen(campaign) ? 'active' : campaign.state === 'active' ? 'ended' : campaign.state,
    story: campaign.story,
    startsOn: campaign.startsOn,
    images: images.map(imageView),
    charity: {
      name: charityName,
      town: profile.town,
      s18aReceipts: issuesReceipts(profile),
      logoUrl: directory?.logoUploadId ? organisationLogoPath(campaign.organizationId, directory.logoUploadId) : null,
      profilePath: (directory?.listed ?? true) ? `/directory/${charitySlug}` : null,
    },
    recentDonors: recent.map((d) => ({
      name: d.anonymous ? 'Anonymous' : firstNameAndInitial(d.donorName),
      amountCents: d.amountCents,
      message: d.message,
      paidAt: (d.paidAt ?? new Date()).toISOString(),
    })),
    presetsCents: [...DONATION_PRESETS_CENTS],
    monthly: options.monthlySupported
      ? { available: true, reason: null }
      : { available: false, reason: M.monthlyUnavailable },
  };
}

/** A charity's campaigns open today (active, started, not ended), newest first: its directory profile lists them. */
export async function openCampaignsOf(db: DbExecutor, organizationId: string): Promise<TCampaignSummary[]> {
  const today = todayInSouthAfrica();
  const rows = await db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.organizationId, organizationId),
        eq(campaigns.state, 'active'),
        sql`${campaigns.startsOn} <= ${today}`,
        sql`(${campaigns.endsOn} is null or ${campaigns.endsOn} >= ${today})`,
      ),
    )
    .orderBy(desc(campaigns.createdAt))
    .limit(20);
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    goalCents: row.goalCents,
    raisedCents: row.raisedCents,
    donationCount: row.donationCount,
    endsOn: row.endsOn,
  }));
}

/** "Thandi N." : the public never sees a donor's full name. */
export function firstNameAndInitial(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'A donor';
  const last = parts.length > 1 ? ` ${parts[parts.length - 1]![0]!.toUpperCase()}.` : '';
  return `${parts[0]}${last}`;
}

/** The sitemap's campaigns: active and ended ones. */
export async function campaignSitemapPaths(db: DbExecutor): Promise<{ path: string; updatedAt?: Date }[]> {
  const rows = await db
    .select({ slug: campaigns.slug, updatedAt: campaigns.updatedAt })
    .from(campaigns)
    .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
    .where(and(inArray(campaigns.state, ['active', 'ended']), eq(organizations.status, 'active')))
    .orderBy(asc(campaigns.slug));
  return [{ path: '/funding' }, ...rows.map((r) => ({ path: `/funding/${r.slug}`, updatedAt: r.updatedAt }))];
}
