import { z } from 'zod';
import { BUSINESS_PARTNER_TYPE_IDS } from '../constants/roles.ts';
import { ZCampaignSummary } from './campaigns.ts';
import { ZUploadId } from './uploads.ts';

/*
 * The public directory (D11, D21): approved schools, business partners and charities,
 * each with one public profile page at /directory/<slug>, and the organisation's own choice of
 * what that page shows ("Public profile" settings).
 */

export const DIRECTORY_KINDS = ['school', 'business', 'charity'] as const;
export type TDirectoryKind = (typeof DIRECTORY_KINDS)[number];

/** The directory's type filter: a kind, or one business partner type. */
export const DIRECTORY_TYPE_FILTERS = [...DIRECTORY_KINDS, ...BUSINESS_PARTNER_TYPE_IDS] as const;
export type TDirectoryTypeFilter = (typeof DIRECTORY_TYPE_FILTERS)[number];

export const DIRECTORY_PAGE_SIZE = 24;

export const DIRECTORY_MESSAGES = {
  notFound: 'There is no such organisation in the directory.',
  notAllowed: 'Only the admin of an approved school, business partner or charity can change its public profile.',
  tagLineTooLong: 'Keep the tag line to 150 characters or fewer.',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number',
  saved: 'Your public profile is saved.',
  logoNotImage: 'The logo must be a PNG, JPEG or WebP picture.',
  noLogo: 'This organisation has no logo.',
} as const;

export const ZDirectoryQuery = z.object({
  q: z.string().trim().max(100).optional(),
  type: z.enum(DIRECTORY_TYPE_FILTERS).optional(),
  /** A region id of REGIONS_BY_COUNTRY (e.g. gauteng). */
  province: z.string().trim().max(60).optional(),
  town: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(60).default(DIRECTORY_PAGE_SIZE),
});
export type TDirectoryQuery = z.input<typeof ZDirectoryQuery>;

/** One organisation in the directory's results: no contacts (they are on the profile, as chosen). */
export const ZDirectoryEntry = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  kind: z.enum(DIRECTORY_KINDS),
  partnerTypes: z.array(z.string()),
  tagLine: z.string(),
  town: z.string(),
  province: z.string(),
  logoUrl: z.string().nullable(),
});
export type TDirectoryEntry = z.infer<typeof ZDirectoryEntry>;

export const ZDirectoryPage = z.object({
  items: z.array(ZDirectoryEntry),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TDirectoryPage = z.infer<typeof ZDirectoryPage>;

export const ZDirectorySlugParams = z.object({ slug: z.string().trim().min(1).max(80) });

/**
 * An organisation's public profile. A contact the organisation hides is null: it never leaves the
 * server. `shopPath` (business partners: their marketplace shop) and `admissionsPath` (a school with
 * a round open today) link to the organisation's other public pages.
 */
export const ZDirectoryProfile = ZDirectoryEntry.extend({
  about: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  /** The street address lines (street, suburb, town and postal code, province); null when hidden. */
  address: z.array(z.string()).nullable(),
  /** A Google Maps search for the organisation; null when the organisation hides the map. */
  mapUrl: z.string().nullable(),
  shopPath: z.string().nullable(),
  admissionsPath: z.string().nullable(),
  memberSince: z.string(),
  /** A charity's active campaigns, each with its progress, linking to /funding/<slug>. */
  campaigns: z.array(ZCampaignSummary),
});
export type TDirectoryProfile = z.infer<typeof ZDirectoryProfile>;

const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .refine((value) => value === '' || z.email().safeParse(value).success, DIRECTORY_MESSAGES.emailInvalid);
const optionalPhone = z
  .string()
  .trim()
  .max(20)
  .refine((value) => value === '' || /^\+?[0-9 ()-]{9,20}$/.test(value), DIRECTORY_MESSAGES.phoneInvalid);

/** What the organisation's admin chooses on the "Public profile" page. */
export const ZDirectorySettingsInput = z.object({
  listed: z.boolean(),
  showEmail: z.boolean(),
  showPhone: z.boolean(),
  showAddress: z.boolean(),
  showMap: z.boolean(),
  tagLine: z.string().trim().max(150, DIRECTORY_MESSAGES.tagLineTooLong),
  /** Business partners and charities only (a school's contacts are in its school profile). */
  contactEmail: optionalEmail.optional(),
  contactPhone: optionalPhone.optional(),
  /** Business partners and charities: the logo, an image the admin uploaded (a school's is in its school profile); null removes it. */
  logoUploadId: ZUploadId.nullable().optional(),
});
export type TDirectorySettingsInput = z.input<typeof ZDirectorySettingsInput>;

export const ZDirectorySettings = z.object({
  kind: z.enum(DIRECTORY_KINDS),
  name: z.string(),
  slug: z.string(),
  listed: z.boolean(),
  showEmail: z.boolean(),
  showPhone: z.boolean(),
  showAddress: z.boolean(),
  showMap: z.boolean(),
  tagLine: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  /** The street address the profile would show (from the school profile or the application). */
  address: z.array(z.string()),
  /** False until the organisation saves its choices once (the defaults apply until then). */
  chosen: z.boolean(),
  logoUploadId: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type TDirectorySettings = z.infer<typeof ZDirectorySettings>;

/** A Google Maps search URL for a place: its name and address, or its name and town. */
export function googleMapsSearchUrl(parts: string[]): string {
  const query = parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** The public address of a business partner's or charity's logo (its directory profile's logo). */
export function organisationLogoPath(organizationId: string, uploadId: string): string {
  return `/api/directory/logos/${organizationId}?v=${uploadId.slice(0, 8)}`;
}
