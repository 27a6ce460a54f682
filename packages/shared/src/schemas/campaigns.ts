import { z } from 'zod';
import { ZCheckoutRedirectSchema } from './payments.ts';

/*
 * Charities and donations (D24): a charity's campaigns, donations through the checkout, s18A
 * receipts. Amounts are integer cents (D13).
 */

export const CAMPAIGN_STATES = ['draft', 'active', 'ended'] as const;
export type TCampaignState = (typeof CAMPAIGN_STATES)[number];
export const CAMPAIGN_STATE_LABELS: Record<TCampaignState, string> = {
  draft: 'Draft',
  active: 'Active',
  ended: 'Ended',
};

/** The amounts offered on a campaign's page (R100, R250, R500, R1 000); the donor may give their own. */
export const DONATION_PRESETS_CENTS = [10_000, 25_000, 50_000, 100_000] as const;
export const MIN_DONATION_CENTS = 1_000;
export const MAX_DONATION_CENTS = 10_000_000;
export const MAX_CAMPAIGN_IMAGES = 6;

export const CAMPAIGN_MESSAGES = {
  titleRequired: 'Please give the campaign a title.',
  goalRange: 'The goal must be between R100 and R10 000 000.',
  startRequired: 'Please choose a start date.',
  endBeforeStart: 'The end date must be on or after the start date.',
  notFound: 'There is no such campaign.',
  notActive: 'This campaign is not taking donations.',
  needsPicture: 'Add a picture before the campaign goes live.',
  amountRange: 'Please give between R10 and R100 000.',
  nameRequired: 'Please enter the name for the receipt.',
  notCharity: 'Only an approved charity runs campaigns.',
  pboRequired: 'Record the PBO number before it can be checked.',
  imageType: 'Please choose a PNG, JPEG or WebP picture.',
  imageTooLarge: 'The picture is larger than 10 MB.',
  tooManyImages: `A campaign has at most ${MAX_CAMPAIGN_IMAGES} pictures.`,
  receiptNotFound: 'There is no such receipt.',
  monthlyUnavailable: 'Monthly giving needs a payment provider that can charge a card every month.',
  monthlyNotFound: 'There is no such monthly gift.',
  monthlyEnded: 'This monthly gift has already stopped.',
  monthlyProviderDown:
    'The payment provider could not stop the monthly payment just now. Please try again in a few minutes.',
} as const;

/** Once, or the same gift every month until the donor stops it. */
export const DONATION_FREQUENCIES = ['once', 'monthly'] as const;
export type TDonationFrequency = (typeof DONATION_FREQUENCIES)[number];
export const MONTHLY_GIFT_STATUSES = ['pending', 'active', 'cancelled', 'failed'] as const;
export type TMonthlyGiftStatus = (typeof MONTHLY_GIFT_STATUSES)[number];
export const MONTHLY_GIFT_STATUS_LABELS: Record<TMonthlyGiftStatus, string> = {
  pending: 'Waiting for the first payment',
  active: 'Active',
  cancelled: 'Cancelled',
  failed: 'Stopped: the card was declined',
};
const M = CAMPAIGN_MESSAGES;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-03-01.');

export const ZCampaignInput = z
  .object({
    title: z.string().trim().min(1, M.titleRequired).max(120),
    summary: z.string().trim().max(240).default(''),
    story: z.string().trim().max(10_000).default(''),
    goalCents: z.number().int().min(10_000, M.goalRange).max(1_000_000_000, M.goalRange),
    startsOn: isoDate,
    endsOn: isoDate.nullable().default(null),
  })
  .refine((v) => !v.endsOn || v.endsOn >= v.startsOn, { message: M.endBeforeStart, path: ['endsOn'] });
export type TCampaignInput = z.input<typeof ZCampaignInput>;

export const ZCampaignStateChange = z.object({ state: z.enum(CAMPAIGN_STATES) });
export const ZCampaignIdParams = z.object({ id: z.string().uuid() });
export const ZCampaignImageParams = z.object({ id: z.string().uuid(), imageId: z.string().uuid() });
export const ZCampaignSlugParams = z.object({ slug: z.string().min(1).max(120) });

export const ZCampaignImage = z.object({ id: z.string(), url: z.string(), thumbUrl: z.string(), alt: z.string() });

const ZProgress = {
  goalCents: z.number().int(),
  raisedCents: z.number().int(),
  donationCount: z.number().int(),
};

export const ZOwnCampaign = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  story: z.string(),
  state: z.enum(CAMPAIGN_STATES),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  images: z.array(ZCampaignImage),
  ...ZProgress,
});
export type TOwnCampaign = z.infer<typeof ZOwnCampaign>;
export const ZOwnCampaigns = z.object({ campaigns: z.array(ZOwnCampaign) });

export const ZPublicCampaignCard = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  charityName: z.string(),
  state: z.enum(CAMPAIGN_STATES),
  endsOn: z.string().nullable(),
  image: ZCampaignImage.nullable(),
  ...ZProgress,
});
export type TPublicCampaignCard = z.infer<typeof ZPublicCampaignCard>;
export const ZPublicCampaigns = z.object({ campaigns: z.array(ZPublicCampaignCard) });

/** A donor as the public and the charity see them: an anonymous gift never carries a name. */
export const ZPublicDonor = z.object({
  name: z.string(),
  amountCents: z.number().int(),
  message: z.string(),
  paidAt: z.string(),
});
export const ZPublicCampaign = ZPublicCampaignCard.extend({
  story: z.string(),
  startsOn: z.string(),
  images: z.array(ZCampaignImage),
  charity: z.object({
    name: z.string(),
    town: z.string(),
    s18aReceipts: z.boolean(),
    logoUrl: z.string().nullable(),
    /** The charity's directory profile, when it is listed. */
    profilePath: z.string().nullable(),
  }),
  recentDonors: z.array(ZPublicDonor),
  presetsCents: z.array(z.number().int()),
  /** Whether the active payment provider can take a monthly gift, and why not when it cannot. */
  monthly: z.object({ available: z.boolean(), reason: z.string().nullable() }),
});
export type TPublicCampaign = z.infer<typeof ZPublicCampaign>;

export const ZDonationInput = z.object({
  frequency: z.enum(DONATION_FREQUENCIES).default('once'),
  amountCents: z.number().int().min(MIN_DONATION_CENTS, M.amountRange).max(MAX_DONATION_CENTS, M.amountRange),
  anonymous: z.boolean().default(false),
  /** The name on the s18A receipt (the account's name when left empty). */
  donorName: z.string().trim().max(120).default(''),
  donorAddress: z.string().trim().max(300).default(''),
  /** South African ID number or income tax reference number, for the s18A receipt. */
  donorTaxNumber: z.string().trim().max(20).default(''),
  message: z.string().trim().max(280).default(''),
});
export type TDonationInput = z.input<typeof ZDonationInput>;
export const ZDonationCheckout = z.object({ donationId: z.string(), redirect: ZCheckoutRedirectSchema });

export const ZCharityDonor = z.object({
  id: z.string(),
  campaignTitle: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  anonymous: z.boolean(),
  amountCents: z.number().int(),
  message: z.string(),
  paidAt: z.string(),
  receiptNumber: z.string().nullable(),
  /** A month's charge of a monthly gift. */
  monthly: z.boolean(),
});
export const ZCharityDonors = z.object({
  donors: z.array(ZCharityDonor),
  totalCents: z.number().int(),
  count: z.number().int(),
  /** The monthly gifts running now: how many, and what they bring in a month. */
  monthlyDonorCount: z.number().int(),
  monthlyTotalCents: z.number().int(),
});
export type TCharityDonor = z.infer<typeof ZCharityDonor>;
export const ZCharityDonorsQuery = z.object({ campaignId: z.string().uuid().optional() });

export const ZCharityProfileInput = z.object({
  registeredName: z.string().trim().min(1, 'Please enter the registered name.').max(200),
  npoNumber: z.string().trim().max(30).default(''),
  pboNumber: z.string().trim().max(30).default(''),
  s18aApproved: z.boolean().default(false),
  streetAddress: z.string().trim().max(200).default(''),
  suburb: z.string().trim().max(100).default(''),
  town: z.string().trim().max(100).default(''),
  postalCode: z.string().trim().max(10).default(''),
  province: z.string().trim().max(60).default(''),
  thankYouText: z.string().trim().max(2000).default(''),
});
export type TCharityProfileInput = z.input<typeof ZCharityProfileInput>;
export const ZCharityProfile = z.object({
  organizationId: z.string(),
  name: z.string(),
  registeredName: z.string(),
  npoNumber: z.string(),
  pboNumber: z.string(),
  s18aApproved: z.boolean(),
  pboVerifiedAt: z.string().nullable(),
  /** Receipts are issued when the charity has s18A approval and the operator checked its PBO number. */
  issuesReceipts: z.boolean(),
  streetAddress: z.string(),
  suburb: z.string(),
  town: z.string(),
  postalCode: z.string(),
  province: z.string(),
  thankYouText: z.string(),
});
export type TCharityProfile = z.infer<typeof ZCharityProfile>;

export const ZMyDonation = z.object({
  id: z.string(),
  campaignTitle: z.string(),
  campaignSlug: z.string(),
  charityName: z.string(),
  charityId: z.string(),
  amountCents: z.number().int(),
  status: z.enum(['pending', 'paid', 'failed']),
  anonymous: z.boolean(),
  paidAt: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  /** The tax year (ending February of this year) the gift falls in. */
  taxYear: z.number().int().nullable(),
  monthly: z.boolean(),
});
export type TMyDonation = z.infer<typeof ZMyDonation>;
export const ZMyMonthlyGift = z.object({
  id: z.string(),
  campaignTitle: z.string(),
  campaignSlug: z.string(),
  charityName: z.string(),
  amountCents: z.number().int(),
  status: z.enum(MONTHLY_GIFT_STATUSES),
  nextChargeOn: z.string().nullable(),
  startedAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** The months paid so far and their total (the gifts, without the processing fee). */
  paidCount: z.number().int(),
  paidTotalCents: z.number().int(),
});
export type TMyMonthlyGift = z.infer<typeof ZMyMonthlyGift>;
export const ZMyDonations = z.object({ donations: z.array(ZMyDonation), monthlyGifts: z.array(ZMyMonthlyGift) });
export const ZMonthlyGiftIdParams = z.object({ id: z.string().uuid() });

/** A charity's open campaign as its directory profile lists it. */
export const ZCampaignSummary = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  goalCents: z.number().int(),
  raisedCents: z.number().int(),
  donationCount: z.number().int(),
  endsOn: z.string().nullable(),
});
export type TCampaignSummary = z.infer<typeof ZCampaignSummary>;
export const ZDonationIdParams = z.object({ id: z.string().uuid() });
export const ZSummaryParams = z.object({
  organizationId: z.string().uuid(),
  taxYear: z.coerce.number().int().min(2000).max(2100),
});
export const ZSignedReceiptQuery = z.object({ token: z.string().min(10).max(200) });

export const ZConsoleCharity = z.object({
  organizationId: z.string(),
  name: z.string(),
  registeredName: z.string(),
  npoNumber: z.string(),
  pboNumber: z.string(),
  s18aApproved: z.boolean(),
  pboVerifiedAt: z.string().nullable(),
});
export const ZConsoleCharities = z.object({ charities: z.array(ZConsoleCharity) });
export type TConsoleCharity = z.infer<typeof ZConsoleCharity>;
export const ZOrganizationIdParams = z.object({ organizationId: z.string().uuid() });
export const ZPboVerification = z.object({ verified: z.boolean() });

/** The South African tax year a date (YYYY-MM-DD) falls in, named by the year it ends: 1 March – end February. */
export function taxYearOf(isoDate: string): number {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return month >= 3 ? year + 1 : year;
}
/** The first and last day of a tax year. */
export function taxYearRange(taxYear: number): { from: string; to: string } {
  const leap = (taxYear % 4 === 0 && taxYear % 100 !== 0) || taxYear % 400 === 0;
  return { from: `${taxYear - 1}-03-01`, to: `${taxYear}-02-${leap ? 29 : 28}` };
}
