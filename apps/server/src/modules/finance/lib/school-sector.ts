import { sql } from 'drizzle-orm';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';

/**
 * Whether a school is a public school, for the Schools Act's fee exemptions. The platform stores
 * the school type its registration chose (the approved application's first step: 'primary',
 * 'high', 'private', ...); an independent ('private') school and the kinds that are not schools
 * under the Act are not public. A school registered without an application (created by the
 * platform) counts as public, the common case in South Africa.
 */
const NOT_PUBLIC = ['private', 'homeschooling', 'tutor', 'college', 'university', 'daycare'];

export async function isPublicSchool(db: DbExecutor, organizationId: string): Promise<boolean> {
  const [row] = rowsOf<{ school_type: string | null }>(
    await db.execute(sql`
      SELECT step_data->'1'->>'schoolType' AS school_type FROM applications
      WHERE organization_id = ${organizationId}::uuid AND status = 'approved'
      ORDER BY decided_at DESC NULLS LAST LIMIT 1`),
  );
  return !row?.school_type || !NOT_PUBLIC.includes(row.school_type);
}
