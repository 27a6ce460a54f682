import { sql, type SQL } from 'drizzle-orm';

/**
 * Every approved organisation the directory may show, one row each, with its public facts read
 * where their owners keep them, in one statement (no query per organisation):
 * - the organisation (approval created it: D10) and its choices (directory_profiles, this module);
 * - a school's profile (school_profiles, modules/school-settings): town, province, address, contacts, logo;
 * - a business partner's marketplace profile (marketplace_sellers, modules/listings): partner types,
 *   town, province, tag line, about;
 * - the approved application's first step (modules/applications): what the organisation registered
 *   (tag line, address, partner types), where the two above have nothing yet (a charity always).
 * Young entrepreneurs' shops ('shop') are not in the directory: their shops are on the marketplace.
 */
export function directorySource(where: SQL = sql`TRUE`): SQL {
  return sql`
    SELECT o.id, o.name, o.slug, o.type AS kind, o.created_at,
      COALESCE(dp.listed, TRUE) AS listed,
      dp.organization_id IS NOT NULL AS chosen,
      COALESCE(dp.show_email, TRUE) AS show_email,
      COALESCE(dp.show_phone, TRUE) AS show_phone,
      COALESCE(dp.show_address, o.type <> 'school') AS show_address,
      COALESCE(dp.show_map, o.type <> 'school') AS show_map,
      COALESCE(dp.tag_line, NULLIF(ms.tag_line, ''), a.s1->>'tagLine', '') AS tag_line,
      COALESCE(NULLIF(sp.province, ''), NULLIF(ms.province, ''), a.s1->>'province', '') AS province,
      COALESCE(NULLIF(sp.city, ''), NULLIF(ms.town, ''), a.s1->>'town', '') AS town,
      COALESCE(NULLIF(sp.street_address, ''), a.s1->>'streetAddress', '') AS street_address,
      COALESCE(NULLIF(sp.suburb, ''), a.s1->>'suburb', '') AS suburb,
      COALESCE(NULLIF(sp.postal_code, ''), a.s1->>'postalCode', '') AS postal_code,
      CASE WHEN o.type = 'business' THEN COALESCE(
        NULLIF(ms.partner_types, '{}'),
        CASE WHEN jsonb_typeof(a.s1->'businessPartnerTypes') = 'array'
          THEN ARRAY(SELECT jsonb_array_elements_text(a.s1->'businessPartnerTypes')) END,
        '{}') ELSE '{}' END AS partner_types,
      COALESCE(ms.about, '') AS about,
      sp.logo_upload_id,
      dp.logo_upload_id AS profile_logo_upload_id,
      COALESCE(NULLIF(sp.email, ''), dp.contact_email, a.applicant_email, '') AS email,
      COALESCE(NULLIF(sp.phone, ''), dp.contact_phone, '') AS phone,
      NULLIF(sp.website, '') AS website
    FROM organizations o
    LEFT JOIN directory_profiles dp ON dp.organization_id = o.id
    LEFT JOIN school_profiles sp ON sp.organization_id = o.id
    LEFT JOIN marketplace_sellers ms ON ms.organization_id = o.id
    LEFT JOIN LATERAL (
      SELECT ap.step_data->'1' AS s1, u.email AS applicant_email
      FROM applications ap JOIN users u ON u.id = ap.user_id
      WHERE ap.organization_id = o.id AND ap.status = 'approved'
      ORDER BY ap.decided_at DESC NULLS LAST
      LIMIT 1
    ) a ON TRUE
    WHERE o.status = 'active' AND o.type IN ('school', 'business', 'charity') AND ${where}`;
}

/** A row of directorySource, as the driver returns it. */
export type TDirectoryRow = {
  id: string;
  name: string;
  slug: string;
  kind: 'school' | 'business' | 'charity';
  created_at: Date | string;
  listed: boolean;
  chosen: boolean;
  show_email: boolean;
  show_phone: boolean;
  show_address: boolean;
  show_map: boolean;
  tag_line: string;
  province: string;
  town: string;
  street_address: string;
  suburb: string;
  postal_code: string;
  partner_types: string[] | string;
  about: string;
  logo_upload_id: string | null;
  profile_logo_upload_id: string | null;
  email: string;
  phone: string;
  website: string | null;
};

/** A text[] as node-postgres or PGlite returns it (an array, or '{a,b}' text from some drivers). */
export function arrayOf(value: string[] | string | null | undefined): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}
