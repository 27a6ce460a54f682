import { asc, eq } from 'drizzle-orm';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import type { TSchoolGrade } from '@sekolo/shared/constants/enumerations';
import type { DbExecutor } from '../../platform/db/client.ts';
import { guardians, learnerGuardians, learners, organizations, registerClasses } from '../../platform/db/schema/index.ts';
import { GUARDIAN_LINKS, LINKED_LEARNER, myChildren } from '../../platform/tenancy/guardian-children.ts';

export type TMyChild = {
  id: string;
  firstName: string;
  lastName: string;
  preferredName: string;
  grade: TSchoolGrade;
  registerClassName: string | null;
  schoolName: string;
  relation: string;
};

/** The parent dashboard: only the children this signed-in guardian is linked to, in any school. */
export async function listMyChildren(db: DbExecutor, userId: string): Promise<TMyChild[]> {
  const rows = await db
    .select({
      learner: learners,
      className: registerClasses.name,
      schoolName: organizations.name,
      relation: learnerGuardians.relation,
    })
    .from(guardians)
    .innerJoin(learnerGuardians, GUARDIAN_LINKS)
    .innerJoin(learners, LINKED_LEARNER)
    .innerJoin(organizations, eq(organizations.id, learners.organizationId))
    .leftJoin(registerClasses, eq(registerClasses.id, learners.registerClassId))
    .where(myChildren(userId))
    .orderBy(asc(learners.firstName), asc(learners.id));
  return rows.map((row) => ({
    id: row.learner.id,
    firstName: row.learner.firstName,
    lastName: row.learner.lastName,
    preferredName: row.learner.preferredName,
    grade: gradeFromNumber(row.learner.grade),
    registerClassName: row.className,
    schoolName: row.schoolName,
    relation: row.relation,
  }));
}
