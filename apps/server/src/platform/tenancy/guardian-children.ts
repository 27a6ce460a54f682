import { and, eq, isNull } from 'drizzle-orm';
import { guardians, learnerGuardians, learners } from '../db/schema/index.ts';

/**
 * A signed-in guardian's children, as join conditions every "my children" query shares:
 * `from(guardians).innerJoin(learnerGuardians, GUARDIAN_LINKS).innerJoin(learners, LINKED_LEARNER)`.
 * The learner must belong to the guardian's own school (tenant isolation); `myChildren(userId)`
 * keeps the signed-in guardian's rows and leaves archived learners out.
 */
export const GUARDIAN_LINKS = eq(learnerGuardians.guardianId, guardians.id);
export const LINKED_LEARNER = and(
  eq(learners.id, learnerGuardians.learnerId),
  eq(learners.organizationId, guardians.organizationId),
);
export const myChildren = (userId: string) => and(eq(guardians.userId, userId), isNull(learners.archivedAt));
