import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { gradeFromNumber, gradeToNumber, SCHOOL_MESSAGES, type TRegisterClass } from '@sekolo/shared/schemas/school';
import type { TSchoolGrade } from '@sekolo/shared/constants/enumerations';
import type { Database, DbExecutor } from '../../db/client.ts';
import { learners, registerClasses, registerClassTeachers, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, isUniqueViolation } from '../../lib/errors.ts';
import type { TSchoolContext } from './school-context.ts';

/** The school's register classes, by grade then name, with their active learner counts and class teacher. */
export async function listRegisterClasses(db: DbExecutor, organizationId: string): Promise<TRegisterClass[]> {
  const rows = await db
    .select({
      id: registerClasses.id,
      name: registerClasses.name,
      grade: registerClasses.grade,
      learnerCount: count(learners.id),
      teacherId: registerClassTeachers.userId,
      teacherName: users.name,
    })
    .from(registerClasses)
    .leftJoin(learners, and(eq(learners.registerClassId, registerClasses.id), isNull(learners.archivedAt)))
    .leftJoin(registerClassTeachers, eq(registerClassTeachers.registerClassId, registerClasses.id))
    .leftJoin(users, eq(users.id, registerClassTeachers.userId))
    .where(eq(registerClasses.organizationId, organizationId))
    .groupBy(registerClasses.id, registerClassTeachers.userId, users.name)
    .orderBy(asc(registerClasses.grade), asc(registerClasses.name));
  return rows.map((row) => ({ ...row, grade: gradeFromNumber(row.grade), learnerCount: Number(row.learnerCount) }));
}

export async function createRegisterClass(
  db: Database,
  ctx: TSchoolContext,
  input: { name: string; grade: TSchoolGrade },
): Promise<TRegisterClass> {
  const taken = new AppError(409, 'CONFLICT', SCHOOL_MESSAGES.classNameTaken, { name: SCHOOL_MESSAGES.classNameTaken });
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: registerClasses.id })
        .from(registerClasses)
        .where(
          and(
            eq(registerClasses.organizationId, ctx.organizationId),
            sql`lower(${registerClasses.name}) = lower(${input.name})`,
          ),
        );
      if (existing) throw taken;
      const [row] = await tx
        .insert(registerClasses)
        .values({ organizationId: ctx.organizationId, name: input.name, grade: gradeToNumber(input.grade) })
        .returning();
      await recordAudit(tx, {
        action: 'register_class.created',
        actorUserId: ctx.user.id,
        target: `register_class:${row!.id}`,
        ip: ctx.ip,
        details: { organizationId: ctx.organizationId, name: input.name },
      });
      return { id: row!.id, name: row!.name, grade: input.grade, learnerCount: 0, teacherId: null, teacherName: null };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken;
    throw error;
  }
}
