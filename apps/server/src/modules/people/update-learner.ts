import { and, eq, sql } from 'drizzle-orm';
import {
  gradeFromNumber,
  gradeToNumber,
  learnerEditSchema,
  SCHOOL_MESSAGES,
  type TLearner,
  type TLearnerValues,
} from '@sekolo/shared/schemas/school';
import type { Database } from '../../platform/db/client.ts';
import { learners } from '../../platform/db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { badRequest, isUniqueViolation, notFound, savedMeanwhile } from '../../platform/http/errors.ts';
import { reconcileLearnerGroups } from '../academics/index.ts';
import { getLearnerRow } from './get-learner.ts';
import { checkLearnerCapacity } from './learner-capacity.ts';
import {
  admissionNumberTaken,
  assertAdmissionNumberFree,
  assertRegisterClassFits,
  classSinceFor,
  learnerColumns,
} from './learner-rules.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';

/**
 * Saves a learner's record. `basedOn` is the record's `updatedAt` as the caller read it (the
 * request's If-Match): when someone else has saved the record since, nothing is written and the
 * answer is 409, where the later save would have overwritten the other's fields (a medical note,
 * say) with the values the caller's form still held. Without it the save is the last writer.
 * `values` passed every check but the age-for-grade rule (ZLearnerEditRequestSchema): that one is
 * made here against the locked row (learnerEditSchema), as the edit form makes it against the record
 * it shows, so an old record is not refused for its age when only its address changes.
 */
export async function updateLearner(
  db: Database,
  ctx: TSchoolContext,
  id: string,
  values: TLearnerValues,
  basedOn?: string,
): Promise<TLearner> {
  try {
    await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({
          id: learners.id,
          dateOfBirth: learners.dateOfBirth,
          grade: learners.grade,
          registerClassId: learners.registerClassId,
          registerClassSince: learners.registerClassSince,
          updatedAt: learners.updatedAt,
        })
        .from(learners)
        .where(and(eq(learners.id, id), eq(learners.organizationId, ctx.organizationId)))
        .for('update');
      if (!existing) throw notFound(SCHOOL_MESSAGES.learnerNotFound);
      if (basedOn !== undefined && existing.updatedAt.toISOString() !== basedOn)
        throw savedMeanwhile(SCHOOL_MESSAGES.learnerChangedMeanwhile);
      const checked = learnerEditSchema({
        dateOfBirth: existing.dateOfBirth,
        grade: gradeFromNumber(existing.grade),
      }).safeParse(values);
      if (!checked.success) {
        const fields: Record<string, string> = {};
        for (const issue of checked.error.issues) fields[String(issue.path[0])] ??= issue.message;
        throw badRequest(checked.error.issues[0]!.message, fields);
      }
      await assertRegisterClassFits(tx, ctx.organizationId, values.registerClassId, gradeToNumber(values.grade));
      await assertAdmissionNumberFree(tx, ctx.organizationId, values.admissionNumber, id);
      const registerClassId = values.registerClassId ?? null;
      // Moved to another class: in it from the day given, else today, so its earlier registers
      // neither list nor need them. A day given for the same class re-dates their joining it.
      const moved = existing.registerClassId !== registerClassId;
      const redated =
        registerClassId !== null &&
        values.registerClassSince !== null &&
        values.registerClassSince !== existing.registerClassSince;
      const since =
        moved || redated
          ? await classSinceFor(tx, ctx.organizationId, id, registerClassId, values.registerClassSince)
          : undefined;
      await tx
        .update(learners)
        .set({ ...learnerColumns(values), ...(since ? { registerClassSince: since } : {}) })
        .where(and(eq(learners.id, id), eq(learners.organizationId, ctx.organizationId)));
      const grade = gradeToNumber(values.grade);
      // A new grade or class changes the learner's groups and lessons (timetable module).
      if (existing.grade !== grade || moved)
        await reconcileLearnerGroups(tx, ctx, {
          id,
          firstName: values.firstName,
          lastName: values.lastName,
          grade,
          registerClassId,
        });
      await recordAudit(tx, {
        action: 'learner.updated',
        actorUserId: ctx.user.id,
        target: `learner:${id}`,
        ip: ctx.ip,
        details: {
          organizationId: ctx.organizationId,
          admissionNumber: values.admissionNumber,
          ...(since ? { registerClassSince: since } : {}),
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw admissionNumberTaken();
    throw error;
  }
  return (await getLearnerRow(db, ctx.organizationId, id))!;
}

/**
 * Archive (a learner who left) or restore; the record stays for the school's history. A restored
 * learner was not in their class while archived: they rejoin its registers from `restoredSince`,
 * today unless the admin gives an earlier day of the year (archived by mistake, say), so no
 * register of the days away lists them or waits for their mark.
 */
export async function setLearnerArchived(
  db: Database,
  ctx: TSchoolContext,
  id: string,
  archived: boolean,
  restoredSince: string | null = null,
): Promise<TLearner> {
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ registerClassId: learners.registerClassId, archivedAt: learners.archivedAt })
      .from(learners)
      .where(and(eq(learners.id, id), eq(learners.organizationId, ctx.organizationId)))
      .for('update');
    if (!existing) throw notFound(SCHOOL_MESSAGES.learnerNotFound);
    // Restoring a learner who is not archived changes nothing of their class.
    const rejoins = !archived && existing.archivedAt !== null;
    const since = rejoins
      ? await classSinceFor(tx, ctx.organizationId, id, existing.registerClassId, restoredSince)
      : undefined;
    const [row] = await tx
      .update(learners)
      .set({
        archivedAt: archived ? sql`coalesce(${learners.archivedAt}, now())` : null,
        updatedAt: sql`now()`,
        ...(since ? { registerClassSince: since } : {}),
      })
      .where(and(eq(learners.id, id), eq(learners.organizationId, ctx.organizationId)))
      .returning({ id: learners.id });
    if (!row) throw notFound(SCHOOL_MESSAGES.learnerNotFound);
    // A restored learner counts against the package's learner limit again.
    if (!archived) await checkLearnerCapacity(tx, ctx.organizationId, 0);
    await recordAudit(tx, {
      action: archived ? 'learner.archived' : 'learner.restored',
      actorUserId: ctx.user.id,
      target: `learner:${id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, ...(since ? { registerClassSince: since } : {}) },
    });
  });
  return (await getLearnerRow(db, ctx.organizationId, id))!;
}
