import type { DbExecutor } from '../../db/client.ts';

/**
 * INTEGRATION POINT (issue 6 x payments): before learners are created the package's learner
 * limit must be checked with `assertLearnerCapacity(db, organizationId, adding)`, which helper
 * "payments" exports from modules/payments/. Until it lands this calls nothing, and nothing here
 * pretends to check: replace the body with
 *   `await assertLearnerCapacity(db, organizationId, adding);`
 * (create-learner.ts and import-learners.ts already call this inside their transaction).
 */
export async function checkLearnerCapacity(_db: DbExecutor, _organizationId: string, _adding: number): Promise<void> {
  // Intentionally empty until modules/payments exports assertLearnerCapacity (see above).
}
