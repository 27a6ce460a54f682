import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client.ts';
import { organizations } from '../platform/db/schema/index.ts';
import { DEMO_SCHOOL } from './seed-accounts.ts';

/** The demo school's id, or null when the accounts seeder has not created it (the later seeders then do nothing). */
export async function findDemoSchoolId(db: Database): Promise<string | null> {
  const [school] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, DEMO_SCHOOL.slug));
  return school?.id ?? null;
}
