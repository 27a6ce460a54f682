import { and, eq, inArray, sql } from 'drizzle-orm';
import { REGIONS_BY_COUNTRY } from '@sekolo/shared/constants/enumerations';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { DIRECTORY_MESSAGES as M, googleMapsSearchUrl, type TDirectoryProfile } from '@sekolo/shared/schemas/directory';
import { rowsOf, type DbExecutor } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/errors.ts';
import { directoryProfiles, organizations } from '../../platform/db/schema/index.ts';
import { openCampaignsOf } from '../campaigns/index.ts';
import { logoFileOf, type TLogoFile } from '../uploads/index.ts';
import { directorySource, type TDirectoryRow } from './queries/directory-source.ts';
import { entryOf } from './queries/search-directory.ts';

const REGION_LABELS = new Map<string, string>(
  Object.values(REGIONS_BY_COUNTRY).flatMap((regions) => regions.map((r) => [r.id, r.label] as [string, string])),
);

/** A province or region id as people write it (gauteng: Gauteng); an unknown one as stored. */
export const regionLabel = (id: string) => REGION_LABELS.get(id) ?? id;

/** The street address lines: street, suburb, town and postal code, province. */
export function addressLines(row: TDirectoryRow): string[] {
  return [
    row.street_address,
    row.suburb,
    [row.town, row.postal_code].filter(Boolean).join(' '),
    regionLabel(row.province),
  ].filter((line) => line.trim() !== '');
}

/** One organisation's row, listed or not; null when there is none (or it is not in the directory's kinds). */
export async function directoryRow(
  db: DbExecutor,
  by: { slug: string } | { organizationId: string },
): Promise<(TDirectoryRow & { admissions_open: boolean }) | null> {
  const where = 'slug' in by ? sql`o.slug = ${by.slug}` : sql`o.id = ${by.organizationId}`;
  const today = todayInSouthAfrica();
  const [row] = rowsOf<TDirectoryRow & { admissions_open: boolean }>(
    await db.execute(sql`
      SELECT d.*, (d.kind = 'school' AND EXISTS (
        SELECT 1 FROM admission_rounds r
        WHERE r.organization_id = d.id AND r.opens_on <= ${today} AND r.closes_on >= ${today}
      )) AS admissions_open
      FROM (${directorySource(where)}) d`),
  );
  return row ?? null;
}

/**
 * A listed organisation's public profile (404 for one that is not listed, suspended or unknown):
 * only the contacts it chose to show; the others are null and never leave the server.
 */
export async function directoryProfile(db: DbExecutor, slug: string): Promise<TDirectoryProfile> {
  const row = await directoryRow(db, { slug });
  if (!row || !row.listed) throw notFound(M.notFound);
  const address = addressLines(row);
  const mapParts = row.show_address ? [row.name, ...address] : [row.name, row.town, regionLabel(row.province)];
  return {
    ...entryOf(row),
    about: row.about,
    email: row.show_email && row.email ? row.email : null,
    phone: row.show_phone && row.phone ? row.phone : null,
    website: row.website,
    address: row.show_address && address.length > 0 ? address : null,
    mapUrl:
      row.show_map && (row.town || (row.show_address && address.length > 0)) ? googleMapsSearchUrl(mapParts) : null,
    shopPath: row.kind === 'business' ? `/marketplace/sellers/${row.slug}` : null,
    admissionsPath: row.admissions_open ? `/schools/${row.slug}/admissions` : null,
    memberSince: new Date(row.created_at).toISOString(),
    campaigns: row.kind === 'charity' ? await openCampaignsOf(db, row.id) : [],
  };
}

/** A business partner's or charity's logo, chosen on its public profile; null when it has none. */
export async function profileLogoOf(db: DbExecutor, organizationId: string): Promise<TLogoFile | null> {
  const [row] = await db
    .select({ logoUploadId: directoryProfiles.logoUploadId })
    .from(directoryProfiles)
    .innerJoin(organizations, eq(organizations.id, directoryProfiles.organizationId))
    .where(
      and(
        eq(directoryProfiles.organizationId, organizationId),
        eq(organizations.status, 'active'),
        inArray(organizations.type, ['business', 'charity']),
      ),
    );
  return logoFileOf(db, organizationId, row?.logoUploadId);
}

/** The directory's page and every listed organisation's profile, for /sitemap.xml. */
export async function directorySitemapEntries(db: DbExecutor): Promise<{ path: string; updatedAt?: Date }[]> {
  const rows = rowsOf<{ slug: string }>(
    await db.execute(sql`SELECT d.slug FROM (${directorySource()}) d WHERE d.listed ORDER BY d.slug LIMIT 45000`),
  );
  return [{ path: '/directory' }, ...rows.map((row) => ({ path: `/directory/${row.slug}` }))];
}
