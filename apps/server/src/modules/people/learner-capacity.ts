import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.ts';
import { organizations } from '../../platform/db/schema/index.ts';
import { assertLearnerCapacity } from '../payments/index.ts';

/**
 * The package's learner limit. Called
 * inside the transaction that adds learners; the school's row is locked first, so two admins
 * adding learners at the same moment cannot both slip under the limit.
 */
export async function checkLearnerCapacity(db: DbExecutor, organizationId: string, adding: number): Promise<void> {
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  await assertLearnerCapacity(db, organizationId, adding);
}
