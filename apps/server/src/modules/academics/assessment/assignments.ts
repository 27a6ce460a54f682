import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import {
  ASSESSMENT_MESSAGES,
  type TAssignment,
  type TAssignmentCreate,
  type TAssignmentMarksSave,
  type TLatePolicy,
  type TLearnerAssignment,
  type TMarking,
  type TSubmissionSave,
  ZAssignmentCreate,
  ZAssignmentMarksSave,
  ZSubmissionSave,
} from '@sekolo/shared/schemas/assessment';
import { subjectClassTitle } from '@sekolo/shared/schemas/timetable';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import {
  assessmentMarks,
  assessmentProgrammes,
  assessmentTasks,
  assignmentSubmissions,
  assignments,
  guardians,
  learnerGuardians,
  learners,
  registerClasses,
  subjectClasses,
  subjectClassLearners,
  uploads,
  users,
} from '../../../platform/db/schema/index.ts';
import { lockForTransaction, transaction } from '../../../platform/db/transaction.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { GUARDIAN_LINKS, LINKED_LEARNER, myChildren } from '../../../platform/tenancy/guardian-children.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { assertUploadsOwnedBy, attachUploadsToOrganization } from '../../uploads/index.ts';
import { actsSchoolWide, markedClassOf, type TMarkedClass } from './access.ts';
import { classLearners } from './gradebook.ts';
import { formatDue, notifySubjectClassFamilies } from './notify-families.ts';
import type { JobQueue } from '../../../platform/jobs/queue.ts';

/**
 * Assignments: a teacher sets one per subject class they teach, learners with accounts submit
 * until the deadline (after it per the late policy), the teacher marks every learner (paper work
 * too) and releases the marks at once; a formal task's marks then fill its empty gradebook cells.
 */

const assignmentColumns = {
  id: assignments.id,
  subjectClassId: assignments.subjectClassId,
  subject: subjectClasses.subject,
  groupName: subjectClasses.groupName,
  registerClassName: registerClasses.name,
  teacherId: subjectClasses.teacherUserId,
  teacherName: users.name,
  title: assignments.title,
  instructions: assignments.instructions,
  attachmentIds: assignments.attachmentIds,
  dueAt: assignments.dueAt,
  totalMarks: assignments.totalMarks,
  taskId: assignments.taskId,
  taskName: assessmentTasks.name,
  latePolicy: assignments.latePolicy,
  releasedAt: assignments.releasedAt,
  createdAt: assignments.createdAt,
  submitted: sql<number>`(select count(*) from ${assignmentSubmissions} where ${assignmentSubmissions.assignmentId} = ${assignments.id} and ${assignmentSubmissions.submittedAt} is not null)`,
  marked: sql<number>`(select count(*) from ${assignmentSubmissions} where ${assignmentSubmissions.assignmentId} = ${assignments.id} and ${assignmentSubmissions.mark} is not null)`,
  learners: sql<number>`case when ${subjectClasses.membership} = 'chosen'
    then (select count(*) from ${subjectClassLearners} inner join ${learners} on ${learners.id} = ${subjectClassLearners.learnerId}
          where ${subjectClassLearners.subjectClassId} = ${subjectClasses.id} and ${learners.archivedAt} is null)
    else (select count(*) from ${learners}
          where ${learners.registerClassId} = ${subjectClasses.registerClassId} and ${learners.archivedAt} is null)
    end`,
};

async function attachmentsOf(db: DbExecutor, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: uploads.id, name: uploads.originalName, mimeType: uploads.mimeType, size: uploads.sizeBytes })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), isNull(uploads.deletedAt)));
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}

async function selectAssignments(db: DbExecutor, organizationId: string, where?: SQL): Promise<TAssignment[]> {
  const rows = await db
    .select(assignmentColumns)
    .from(assignments)
    .innerJoin(subjectClasses, eq(subjectClasses.id, assignments.subjectClassId))
    .innerJoin(registerClasses, eq(registerClasses.id, subjectClasses.registerClassId))
    .innerJoin(users, eq(users.id, subjectClasses.teacherUserId))
    .leftJoin(assessmentTasks, eq(assessmentTasks.id, assignments.taskId))
    .where(and(eq(assignments.organizationId, organizationId), where))
    .orderBy(desc(assignments.dueAt), asc(assignments.title));
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      subjectClassId: row.subjectClassId,
      subjectClassTitle: subjectClassTitle({
        registerClassName: row.registerClassName,
        subjectLabel: capsSubjectLabel(row.subject),
        groupName: row.groupName,
      }),
      teacherName: row.teacherName,
      title: row.title,
      instructions: row.instructions,
      attachments: await attachmentsOf(db, row.attachmentIds),
      dueAt: row.dueAt.toISOString(),
      totalMarks: row.totalMarks,
      taskId: row.taskId,
      taskName: row.taskName,
      latePolicy: row.latePolicy as TLatePolicy,
      releasedAt: row.releasedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      learners: Number(row.learners),
      submitted: Number(row.submitted),
      marked: Number(row.marked),
    })),
  );
}

/** The assignments the caller set work for: their own subject classes', or every one school-wide. */
export function listAssignments(db: Database, ctx: TSchoolContext, subjectClassId?: string) {
  return selectAssignments(
    db,
    ctx.organizationId,
    and(
      actsSchoolWide(ctx) ? undefined : eq(subjectClasses.teacherUserId, ctx.user.id),
      subjectClassId ? eq(assignments.subjectClassId, subjectClassId) : undefined,
    ),
  );
}

export async function createAssignments(db: Database, ctx: TSchoolContext, raw: TAssignmentCreate, jobs?: JobQueue) {
  const input = ZAssignmentCreate.parse(raw);
  const classes: TMarkedClass[] = [];
  for (const [i, id] of [...new Set(input.subjectClassIds)].entries()) {
    // An id of no class of the school is a wrong field of the form, named as such.
    const found = await markedClassOf(db, ctx, id).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 404)
        throw badRequest(ASSESSMENT_MESSAGES.subjectClasses, {
          [`subjectClassIds.${i}`]: ASSESSMENT_MESSAGES.subjectClasses,
        });
      throw error;
    });
    classes.push(found);
  }
  if (input.taskId) {
    const [task] = await db
      .select({ grade: assessmentProgrammes.grade, subject: assessmentProgrammes.subject })
      .from(assessmentTasks)
      .innerJoin(assessmentProgrammes, eq(assessmentProgrammes.id, assessmentTasks.programmeId))
      .where(and(eq(assessmentTasks.id, input.taskId), eq(assessmentTasks.organizationId, ctx.organizationId)));
    if (!task || classes.some((c) => c.grade !== task.grade || c.subject !== task.subject))
      throw badRequest(ASSESSMENT_MESSAGES.notATask, { taskId: ASSESSMENT_MESSAGES.notATask });
  }
  await assertUploadsOwnedBy(db, ctx.user.id, input.attachmentIds);
  const ids = await transaction(db, async (tx) => {
    const made = await tx
      .insert(assignments)
      .values(
        classes.map((c) => ({
          organizationId: ctx.organizationId,
          subjectClassId: c.id,
          createdBy: ctx.user.id,
          title: input.title,
          instructions: input.instructions,
          attachmentIds: input.attachmentIds,
          dueAt: new Date(input.dueAt),
          totalMarks: input.totalMarks,
          taskId: input.taskId,
          latePolicy: input.latePolicy,
        })),
      )
      .returning({ id: assignments.id });
    await attachUploadsToOrganization(tx, {
      ownerUserId: ctx.user.id,
      organizationId: ctx.organizationId,
      ids: input.attachmentIds,
    });
    await recordAudit(tx, {
      action: 'assignment.created',
      actorUserId: ctx.user.id,
      target: made.map((m) => `assignments:${m.id}`).join(','),
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, classes: made.length },
    });
    for (const [i, m] of made.entries())
      await notifySubjectClassFamilies(tx, jobs, {
        organizationId: ctx.organizationId,
        subjectClassIds: [classes[i]!.id],
        kind: 'assignment',
        eventKey: `assignment:${m.id}`,
        title: `New assignment: ${input.title}`,
        body: `${capsSubjectLabel(classes[i]!.subject)}: due ${formatDue(new Date(input.dueAt))}.`,
        learnerLink: '/dashboard/student/assignments',
      });
    return made.map((m) => m.id);
  });
  return selectAssignments(db, ctx.organizationId, inArray(assignments.id, ids));
}

/** The assignment the caller may mark: 404 for another school's or none, 403 for another teacher's class. */
async function markedAssignmentOf(db: DbExecutor, ctx: TSchoolContext, id: string) {
  const [row] = await selectAssignments(db, ctx.organizationId, eq(assignments.id, id));
  if (!row) throw notFound(ASSESSMENT_MESSAGES.notFound);
  const subjectClass = await markedClassOf(db, ctx, row.subjectClassId).catch((error: unknown) => {
    throw error instanceof AppError && error.statusCode === 403
      ? forbidden(ASSESSMENT_MESSAGES.notYourAssignment)
      : error;
  });
  return { assignment: row, subjectClass };
}

const submissionOf = async (
  db: DbExecutor,
  row: { text: string; uploadIds: string[]; submittedAt: Date | null; late: boolean },
) =>
  row.submittedAt
    ? {
        text: row.text,
        files: await attachmentsOf(db, row.uploadIds),
        submittedAt: row.submittedAt.toISOString(),
        late: row.late,
      }
    : null;

export async function getMarking(db: Database, ctx: TSchoolContext, id: string): Promise<TMarking> {
  const { assignment, subjectClass } = await markedAssignmentOf(db, ctx, id);
  const [people, submissions] = await Promise.all([
    classLearners(db, ctx.organizationId, subjectClass),
    db.select().from(assignmentSubmissions).where(eq(assignmentSubmissions.assignmentId, id)),
  ]);
  const byLearner = new Map(submissions.map((s) => [s.learnerId, s]));
  return {
    assignment,
    rows: await Promise.all(
      people.map(async (learner) => {
        const s = byLearner.get(learner.id);
        return {
          learnerId: learner.id,
          firstName: learner.firstName,
          lastName: learner.lastName,
          admissionNumber: learner.admissionNumber,
          hasAccount: learner.userId !== null,
          submission: s ? await submissionOf(db, s) : null,
          mark: s?.mark === null || s?.mark === undefined ? null : Number(s.mark),
          comment: s?.comment ?? '',
        };
      }),
    ),
  };
}

/** Marks and comments of the class's learners, submitted or marked from paper; refused once released. */
export async function saveAssignmentMarks(db: Database, ctx: TSchoolContext, id: string, raw: TAssignmentMarksSave) {
  const input = ZAssignmentMarksSave.parse(raw);
  const { assignment, subjectClass } = await markedAssignmentOf(db, ctx, id);
  if (assignment.releasedAt) throw conflict(ASSESSMENT_MESSAGES.alreadyReleased);
  const inClass = new Set((await classLearners(db, ctx.organizationId, subjectClass)).map((l) => l.id));
  const fields: Record<string, string> = {};
  input.marks.forEach((m, i) => {
    if (!inClass.has(m.learnerId)) fields[`marks.${i}.learnerId`] = ASSESSMENT_MESSAGES.notInClass;
    else if (m.mark !== null && m.mark > assignment.totalMarks)
      fields[`marks.${i}.mark`] = ASSESSMENT_MESSAGES.markAboveMax;
  });
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);
  await transaction(db, async (tx) => {
    await lockForTransaction(tx, `assignment:${id}`);
    const [current] = await tx
      .select({ releasedAt: assignments.releasedAt })
      .from(assignments)
      .where(eq(assignments.id, id));
    if (current?.releasedAt) throw conflict(ASSESSMENT_MESSAGES.alreadyReleased);
    for (const m of input.marks) {
      const values = { mark: m.mark, comment: m.comment, markedBy: ctx.user.id, markedAt: new Date() };
      await tx
        .insert(assignmentSubmissions)
        .values({ organizationId: ctx.organizationId, assignmentId: id, learnerId: m.learnerId, ...values })
        .onConflictDoUpdate({
          target: [assignmentSubmissions.assignmentId, assignmentSubmissions.learnerId],
          set: values,
        });
    }
    await recordAudit(tx, {
      action: 'assignment.marked',
      actorUserId: ctx.user.id,
      target: `assignments:${id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, marks: input.marks.length },
    });
  });
  return getMarking(db, ctx, id);
}

/**
 * Releases the marks and comments to learners and parents (idempotent). A formal task's marks,
 * scaled to the task's total, fill the task's empty gradebook cells; a cell already marked keeps its mark.
 */
export async function releaseAssignment(db: Database, ctx: TSchoolContext, id: string, jobs?: JobQueue) {
  const { assignment } = await markedAssignmentOf(db, ctx, id);
  if (!assignment.releasedAt)
    await transaction(db, async (tx) => {
      await lockForTransaction(tx, `assignment:${id}`);
      const [released] = await tx
        .update(assignments)
        .set({ releasedAt: new Date() })
        .where(and(eq(assignments.id, id), isNull(assignments.releasedAt)))
        .returning({ id: assignments.id });
      if (!released) return;
      if (assignment.taskId) {
        const [task] = await tx
          .select({ maxMark: assessmentTasks.maxMark })
          .from(assessmentTasks)
          .where(eq(assessmentTasks.id, assignment.taskId));
        const marked = await tx
          .select({ learnerId: assignmentSubmissions.learnerId, mark: assignmentSubmissions.mark })
          .from(assignmentSubmissions)
          .where(and(eq(assignmentSubmissions.assignmentId, id), sql`${assignmentSubmissions.mark} is not null`));
        if (task && marked.length)
          await tx
            .insert(assessmentMarks)
            .values(
              marked.map((m) => ({
                organizationId: ctx.organizationId,
                taskId: assignment.taskId!,
                learnerId: m.learnerId,
                mark: Math.round((Number(m.mark) / assignment.totalMarks) * task.maxMark * 100) / 100,
                updatedBy: ctx.user.id,
              })),
            )
            .onConflictDoNothing();
      }
      await notifySubjectClassFamilies(tx, jobs, {
        organizationId: ctx.organizationId,
        subjectClassIds: [assignment.subjectClassId],
        kind: 'marks',
        eventKey: `assignment-marks:${id}`,
        title: `Marks released: ${assignment.title}`,
        body: `${assignment.subjectClassTitle}: the marks of “${assignment.title}” are out.`,
        learnerLink: '/dashboard/student/assignments',
      });
      await recordAudit(tx, {
        action: 'assignment.released',
        actorUserId: ctx.user.id,
        target: `assignments:${id}`,
        ip: ctx.ip,
        details: { organizationId: ctx.organizationId },
      });
    });
  return getMarking(db, ctx, id);
}

/* ---------- Learners and parents ---------- */

type TLearnerRef = { id: string; firstName: string; lastName: string; registerClassId: string | null };
const learnerRef = {
  id: learners.id,
  firstName: learners.firstName,
  lastName: learners.lastName,
  registerClassId: learners.registerClassId,
};

/** Where a learner takes the assignment's subject class. */
const takenBy = (learner: TLearnerRef) =>
  sql`((${subjectClasses.membership} = 'register_class' and ${subjectClasses.registerClassId} = ${learner.registerClassId})
    or (${subjectClasses.membership} = 'chosen' and exists (select 1 from ${subjectClassLearners}
      where ${subjectClassLearners.subjectClassId} = ${subjectClasses.id} and ${subjectClassLearners.learnerId} = ${learner.id})))`;

async function assignmentsOfLearner(
  db: DbExecutor,
  organizationId: string,
  learner: TLearnerRef,
  where?: SQL,
): Promise<TLearnerAssignment[]> {
  const list = await selectAssignments(db, organizationId, and(takenBy(learner), where));
  if (!list.length) return [];
  const submissions = await db
    .select()
    .from(assignmentSubmissions)
    .where(
      and(
        eq(assignmentSubmissions.learnerId, learner.id),
        inArray(
          assignmentSubmissions.assignmentId,
          list.map((a) => a.id),
        ),
      ),
    );
  const now = Date.now();
  return Promise.all(
    list.map(async (a) => {
      const s = submissions.find((row) => row.assignmentId === a.id);
      const submission = s ? await submissionOf(db, s) : null;
      const released = a.releasedAt !== null;
      const status = released
        ? 'released'
        : submission
          ? submission.late
            ? 'late'
            : 'submitted'
          : Date.parse(a.dueAt) < now
            ? 'missing'
            : 'open';
      return {
        id: a.id,
        learnerId: learner.id,
        learnerName: `${learner.firstName} ${learner.lastName}`,
        subjectLabel: a.subjectClassTitle,
        teacherName: a.teacherName,
        title: a.title,
        instructions: a.instructions,
        attachments: a.attachments,
        dueAt: a.dueAt,
        totalMarks: a.totalMarks,
        latePolicy: a.latePolicy,
        status,
        submission,
        mark: released && s?.mark !== null && s?.mark !== undefined ? Number(s.mark) : null,
        comment: released ? (s?.comment ?? '') : null,
      } satisfies TLearnerAssignment;
    }),
  );
}

async function learnersOfAccount(db: DbExecutor, ctx: TSchoolContext) {
  return db
    .select(learnerRef)
    .from(learners)
    .where(
      and(
        eq(learners.organizationId, ctx.organizationId),
        eq(learners.userId, ctx.user.id),
        isNull(learners.archivedAt),
      ),
    );
}

export async function myAssignments(db: Database, ctx: TSchoolContext) {
  const own = await learnersOfAccount(db, ctx);
  return (await Promise.all(own.map((l) => assignmentsOfLearner(db, ctx.organizationId, l)))).flat();
}

export async function myChildrenAssignments(db: Database, ctx: TSchoolContext) {
  const children = await db
    .select(learnerRef)
    .from(guardians)
    .innerJoin(learnerGuardians, GUARDIAN_LINKS)
    .innerJoin(learners, LINKED_LEARNER)
    .where(and(eq(guardians.organizationId, ctx.organizationId), myChildren(ctx.user.id)))
    .orderBy(asc(learners.firstName));
  return (await Promise.all(children.map((l) => assignmentsOfLearner(db, ctx.organizationId, l)))).flat();
}

/**
 * The signed-in learner's submission: 404 unless the assignment is set for one of their subject
 * classes; after the deadline refused or marked late by the assignment's policy; refused once released.
 */
export async function submitAssignment(db: Database, ctx: TSchoolContext, id: string, raw: TSubmissionSave) {
  const input = ZSubmissionSave.parse(raw);
  const own = await learnersOfAccount(db, ctx);
  if (!own.length) throw forbidden(ASSESSMENT_MESSAGES.noLearnerAccount);
  let found: { learner: TLearnerRef; assignment: TLearnerAssignment } | undefined;
  for (const learner of own) {
    const [assignment] = await assignmentsOfLearner(db, ctx.organizationId, learner, eq(assignments.id, id));
    if (assignment) found = { learner, assignment };
  }
  if (!found) throw notFound(ASSESSMENT_MESSAGES.notFound);
  const { learner, assignment } = found;
  if (assignment.status === 'released') throw conflict(ASSESSMENT_MESSAGES.alreadyReleased);
  const late = Date.now() > Date.parse(assignment.dueAt);
  if (late && assignment.latePolicy === 'refuse') throw conflict(ASSESSMENT_MESSAGES.pastDeadline);
  await assertUploadsOwnedBy(db, ctx.user.id, input.uploadIds);
  await transaction(db, async (tx) => {
    const values = { text: input.text, uploadIds: input.uploadIds, submittedAt: new Date(), late };
    await tx
      .insert(assignmentSubmissions)
      .values({ organizationId: ctx.organizationId, assignmentId: id, learnerId: learner.id, ...values })
      .onConflictDoUpdate({
        target: [assignmentSubmissions.assignmentId, assignmentSubmissions.learnerId],
        set: values,
      });
    await attachUploadsToOrganization(tx, {
      ownerUserId: ctx.user.id,
      organizationId: ctx.organizationId,
      ids: input.uploadIds,
    });
    await recordAudit(tx, {
      action: 'assignment.submitted',
      actorUserId: ctx.user.id,
      target: `assignments:${id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, late },
    });
  });
  const [after] = await assignmentsOfLearner(db, ctx.organizationId, learner, eq(assignments.id, id));
  return after!;
}
