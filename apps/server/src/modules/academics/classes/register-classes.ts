import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  gradeFromNumber,
  gradeToNumber,
  REGISTER_CLASS_MESSAGES,
  SCHOOL_MESSAGES,
  type TRegisterClass,
} from '@sekolo/shared/schemas/school';
import { gradeLabel, type TSchoolGrade } from '@sekolo/shared/constants/enumerations';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import {
  attendanceRecords,
  learners,
  registerClasses,
  registerClassTeachers,
  subjectClasses,
  subjectClassLearners,
  users,
} from '../../../platform/db/schema/index.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { AppError, isUniqueViolation, notFound } from '../../../platform/http/errors.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';

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
  return withClassName(() =>
    db.transaction(async (tx) => {
      await assertClassNameFree(tx, ctx.organizationId, input.name);
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
    }),
  );
}

/** A name another class of the school has (case ignored), refused on the name field. */
const classNameTaken = () =>
  new AppError(409, 'CONFLICT', SCHOOL_MESSAGES.classNameTaken, { name: SCHOOL_MESSAGES.classNameTaken });

/** Refuses `name` when another class of the school than `except` has it, case ignored. */
async function assertClassNameFree(tx: DbExecutor, organizationId: string, name: string, except?: string) {
  const [other] = await tx
    .select({ id: registerClasses.id })
    .from(registerClasses)
    .where(
      and(
        eq(registerClasses.organizationId, organizationId),
        sql`lower(${registerClasses.name}) = lower(${name})`,
        except ? ne(registerClasses.id, except) : undefined,
      ),
    );
  if (other) throw classNameTaken();
}

/** A write of a class's name: of two saves of one name at once, the unique index refuses the second. */
async function withClassName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw classNameTaken();
    throw error;
  }
}

/** A class of this school, its row locked for the change (a learner added meanwhile waits on it), or 404. */
async function lockSchoolClass(tx: DbExecutor, ctx: TSchoolContext, classId: string) {
  const [row] = await tx
    .select({ id: registerClasses.id, name: registerClasses.name, grade: registerClasses.grade })
    .from(registerClasses)
    .where(and(eq(registerClasses.id, classId), eq(registerClasses.organizationId, ctx.organizationId)))
    .for('update');
  if (!row) throw notFound(SCHOOL_MESSAGES.classNotFound);
  return row;
}

/** The learners whose class it is: active, and archived (who keep their class and grade). */
async function classLearners(tx: DbExecutor, classId: string) {
  const [row] = await tx
    .select({
      active: sql<number>`count(*) filter (where ${learners.archivedAt} is null)`.mapWith(Number),
      archived: sql<number>`count(*) filter (where ${learners.archivedAt} is not null)`.mapWith(Number),
    })
    .from(learners)
    .where(eq(learners.registerClassId, classId));
  return { active: row?.active ?? 0, archived: row?.archived ?? 0 };
}

/**
 * Renames a class or corrects its grade (a class made with the wrong grade). The name stays unique
 * in the school, case aside (409 on the name). Each learner is in their class's grade, so the grade
 * changes only while no learner (archived ones included) has the class, and no learner of the old
 * grade is in a group of chosen learners it is home to (409 on the grade, saying what to do).
 * Learners' search rows take the new name by trigger (migration 0021). Audited with what changed.
 */
export async function updateRegisterClass(
  db: Database,
  ctx: TSchoolContext,
  classId: string,
  input: { name: string; grade: TSchoolGrade },
): Promise<TRegisterClass> {
  return withClassName(() =>
    db.transaction(async (tx) => {
      const before = await lockSchoolClass(tx, ctx, classId);
      const grade = gradeToNumber(input.grade);
      await assertClassNameFree(tx, ctx.organizationId, input.name, classId);
      if (grade !== before.grade) {
        const fromGrade = gradeLabel(gradeFromNumber(before.grade)) ?? `Grade ${before.grade}`;
        const { active, archived } = await classLearners(tx, classId);
        if (active + archived > 0) {
          const message = REGISTER_CLASS_MESSAGES.gradeHasLearners(before.name, fromGrade, active, archived);
          throw new AppError(409, 'CONFLICT', message, { grade: message });
        }
        const [members] = await tx
          .select({ n: count() })
          .from(subjectClassLearners)
          .innerJoin(subjectClasses, eq(subjectClasses.id, subjectClassLearners.subjectClassId))
          .where(
            and(eq(subjectClasses.registerClassId, classId), eq(subjectClasses.organizationId, ctx.organizationId)),
          );
        const inGroups = Number(members?.n ?? 0);
        if (inGroups > 0) {
          const message = REGISTER_CLASS_MESSAGES.gradeHasGroupLearners(before.name, fromGrade, inGroups);
          throw new AppError(409, 'CONFLICT', message, { grade: message });
        }
      }
      if (input.name !== before.name || grade !== before.grade) {
        await tx
          .update(registerClasses)
          .set({ name: input.name, grade, updatedAt: sql`now()` })
          .where(eq(registerClasses.id, classId));
        await recordAudit(tx, {
          action: 'register_class.updated',
          actorUserId: ctx.user.id,
          target: `register_class:${classId}`,
          ip: ctx.ip,
          details: {
            organizationId: ctx.organizationId,
            name: input.name,
            fromName: before.name,
            grade: input.grade,
            fromGrade: gradeFromNumber(before.grade),
          },
        });
      }
      const [updated] = (await listRegisterClasses(tx, ctx.organizationId)).filter((c) => c.id === classId);
      return updated!;
    }),
  );
}

/**
 * Deletes a class made by mistake, only while nothing of the school's records hangs on it: no
 * learner has it (archived ones included: their class would be lost), it has no attendance
 * registers (its marks would go with it), and no subject class of the timetable is its (their
 * lessons would go with them). Each refusal is a 409 saying what to do. Its class teacher
 * assignment goes with it. Audited with its name and grade.
 */
export async function deleteRegisterClass(db: Database, ctx: TSchoolContext, classId: string) {
  return db.transaction(async (tx) => {
    const klass = await lockSchoolClass(tx, ctx, classId);
    const { active, archived } = await classLearners(tx, classId);
    if (active + archived > 0) {
      throw new AppError(409, 'CLASS_NOT_EMPTY', REGISTER_CLASS_MESSAGES.hasLearners(klass.name, active, archived));
    }
    const [registers] = await tx
      .select({ days: sql<number>`count(distinct ${attendanceRecords.date})`.mapWith(Number) })
      .from(attendanceRecords)
      .where(
        and(eq(attendanceRecords.organizationId, ctx.organizationId), eq(attendanceRecords.registerClassId, classId)),
      );
    if ((registers?.days ?? 0) > 0) {
      throw new AppError(409, 'CLASS_NOT_EMPTY', REGISTER_CLASS_MESSAGES.hasRegisters(klass.name, registers!.days));
    }
    const [subjects] = await tx
      .select({ n: count() })
      .from(subjectClasses)
      .where(and(eq(subjectClasses.organizationId, ctx.organizationId), eq(subjectClasses.registerClassId, classId)));
    const subjectCount = Number(subjects?.n ?? 0);
    if (subjectCount > 0) {
      throw new AppError(409, 'CLASS_NOT_EMPTY', REGISTER_CLASS_MESSAGES.hasSubjectClasses(klass.name, subjectCount));
    }
    await tx.delete(registerClasses).where(eq(registerClasses.id, classId));
    await recordAudit(tx, {
      action: 'register_class.deleted',
      actorUserId: ctx.user.id,
      target: `register_class:${classId}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, name: klass.name, grade: gradeFromNumber(klass.grade) },
    });
    return { deleted: true };
  });
}
