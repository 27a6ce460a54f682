import { and, eq } from 'drizzle-orm';
import type { TPermission } from '@sekolo/shared/constants/roles';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import { ASSESSMENT_MESSAGES } from '@sekolo/shared/schemas/assessment';
import { subjectClassTitle } from '@sekolo/shared/schemas/timetable';
import type { DbExecutor } from '../../../platform/db/client.ts';
import { registerClasses, subjectClasses, users } from '../../../platform/db/schema/index.ts';
import { forbidden, notFound } from '../../../platform/http/errors.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';

/** Who reads the programme of assessment; who edits it (the school admin). */
export const READ_PROGRAMME: TPermission[] = ['manage_curriculum', 'manage_grades', 'view_curriculum'];
export const EDIT_PROGRAMME: TPermission[] = ['manage_curriculum'];
/** Who opens a gradebook: a teacher (their own subject classes) or the school admin (every one). */
export const MARK_GRADES: TPermission[] = ['manage_grades', 'manage_curriculum'];
/** Who takes year-end decisions: the school admin (every class) or a teacher (their register classes as class teacher). */
export const DECIDE_PROMOTIONS: TPermission[] = ['manage_curriculum', 'manage_grades'];
/** Who sets and marks assignments: a teacher (their own subject classes) or the school admin. */
export const SET_ASSIGNMENTS: TPermission[] = ['create_assignments', 'manage_curriculum'];

/** Whether the caller acts over every subject class of the school, not only those they teach. */
export function actsSchoolWide(ctx: TSchoolContext): boolean {
  return ctx.user.permissions.includes('manage_curriculum');
}

export type TMarkedClass = {
  id: string;
  subject: string;
  subjectLabel: string;
  title: string;
  registerClassId: string;
  membership: string;
  grade: number;
  teacherId: string;
  teacherName: string;
};

/**
 * The subject class the caller may mark: another school's id or none is 404; a teacher who does
 * not teach it is refused (403) unless they act school-wide.
 */
export async function markedClassOf(db: DbExecutor, ctx: TSchoolContext, id: string): Promise<TMarkedClass> {
  const [row] = await db
    .select({
      id: subjectClasses.id,
      subject: subjectClasses.subject,
      groupName: subjectClasses.groupName,
      registerClassId: subjectClasses.registerClassId,
      registerClassName: registerClasses.name,
      membership: subjectClasses.membership,
      grade: registerClasses.grade,
      teacherId: subjectClasses.teacherUserId,
      teacherName: users.name,
    })
    .from(subjectClasses)
    .innerJoin(registerClasses, eq(registerClasses.id, subjectClasses.registerClassId))
    .innerJoin(users, eq(users.id, subjectClasses.teacherUserId))
    .where(and(eq(subjectClasses.id, id), eq(subjectClasses.organizationId, ctx.organizationId)));
  if (!row) throw notFound(ASSESSMENT_MESSAGES.notFound);
  if (row.teacherId !== ctx.user.id && !actsSchoolWide(ctx)) throw forbidden(ASSESSMENT_MESSAGES.notYourClass);
  const subjectLabel = capsSubjectLabel(row.subject);
  return {
    id: row.id,
    subject: row.subject,
    subjectLabel,
    title: subjectClassTitle({ registerClassName: row.registerClassName, subjectLabel, groupName: row.groupName }),
    registerClassId: row.registerClassId,
    membership: row.membership,
    grade: row.grade,
    teacherId: row.teacherId,
    teacherName: row.teacherName,
  };
}
