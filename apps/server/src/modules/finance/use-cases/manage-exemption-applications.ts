import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { formatZar } from '@sekolo/shared/domain/money';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import {
  EXEMPTION_MESSAGES as EM,
  type TExemptionApplication,
  type TMyExemptions,
  type ZAutomaticExemptionSchema,
  type ZExemptionApplicationSchema,
  type ZExemptionApplicationsQuery,
  type ZExemptionDecisionSchema,
} from '@sekolo/shared/schemas/finance-exemptions';
import { FINANCE_MESSAGES as M } from '@sekolo/shared/schemas/finance';
import type { z } from 'zod';
import { rowsOf, type Database, type DbExecutor } from '../../../platform/db/client.ts';
import { feeExemptionApplications, learners, uploads, users } from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import type { JobQueue } from '../../../platform/jobs/queue.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.ts';
import { assertUploadsOwnedBy } from '../../uploads/index.ts';
import { notify } from '../../notifications/index.ts';
import type { TFinanceCaller } from '../lib/caller.ts';
import { formatPercentBps } from '../lib/format.ts';
import { compulsoryFeesOf } from '../lib/exemption-credits.ts';
import { isPublicSchool } from '../lib/school-sector.ts';
import { fullName } from '../lib/views.ts';
import { assertSchoolDocuments, insertExemption, toExemption } from './manage-learner-concessions.ts';

/**
 * Exemption from school fees at a public school (Schools Act s39/s41 and the Exemption of Parents
 * from Payment of School Fees Regulations): a parent applies from the parent dashboard with income
 * details and documents; the school grants it (in full, or partly by a percentage or an amount of
 * the year's compulsory fees) or declines it with a reason; the parent is told and every act is
 * audited. The school records the automatic exemptions (foster care, a youth care centre or place
 * of safety, an orphan or a child without visible means of support, a child support grant) with
 * proof, in full and without an income test. A granted exemption goes through insertExemption, the
 * same path as the school's recorded decisions: it credits the year's issued invoices.
 */

type TApplicationRow = typeof feeExemptionApplications.$inferSelect;

const PARENT_FINANCE_PAGE = '/dashboard/parent/finance';

async function assertPublicSchool(db: DbExecutor, organizationId: string) {
  if (!(await isPublicSchool(db, organizationId))) throw conflict(EM.notPublicSchool);
}

async function views(db: DbExecutor, rows: TApplicationRow[]): Promise<TExemptionApplication[]> {
  if (!rows.length) return [];
  const learnerRows = await db
    .select()
    .from(learners)
    .where(
      inArray(
        learners.id,
        rows.map((r) => r.learnerId),
      ),
    );
  const applicantIds = rows.flatMap((r) => (r.applicantUserId ? [r.applicantUserId] : []));
  const applicants = applicantIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, applicantIds))
    : [];
  // An application captured at the school's office names no applicant: the paying guardian is shown.
  const payers = rowsOf<{ learner_id: string; first_name: string; last_name: string }>(
    await db.execute(sql`
      SELECT lg.learner_id, g.first_name, g.last_name FROM learner_guardians lg JOIN guardians g ON g.id = lg.guardian_id
      WHERE lg.pays_fees AND lg.learner_id IN (${sql.join(
        rows.map((r) => sql`${r.learnerId}::uuid`),
        sql`, `,
      )})`),
  );
  const documentIds = rows.flatMap((r) => r.documentIds);
  const documents = documentIds.length
    ? await db
        .select({ id: uploads.id, name: uploads.originalName, mimeType: uploads.mimeType })
        .from(uploads)
        .where(inArray(uploads.id, documentIds))
    : [];
  return rows.map((r) => {
    const learner = learnerRows.find((l) => l.id === r.learnerId)!;
    return {
      id: r.id,
      year: r.year,
      learner: {
        id: learner.id,
        name: fullName(learner.firstName, learner.lastName),
        grade: gradeFromNumber(learner.grade),
        admissionNumber: learner.admissionNumber,
      },
      applicantName:
        applicants.find((a) => a.id === r.applicantUserId)?.name ??
        payers
          .filter((p) => p.learner_id === r.learnerId)
          .map((p) => fullName(p.first_name, p.last_name))
          .join(', '),
      requestedExtent: r.requestedExtent as 'full' | 'partial',
      annualIncomeCents: r.annualIncomeCents,
      annualFeesCents: r.annualFeesCents,
      feesToIncomeBps: r.annualIncomeCents > 0 ? Math.round((r.annualFeesCents * 10_000) / r.annualIncomeCents) : null,
      dependants: r.dependants,
      notes: r.notes,
      documents: r.documentIds.flatMap((id) => documents.filter((d) => d.id === id)),
      status: r.status as TExemptionApplication['status'],
      decision:
        r.status === 'pending'
          ? null
          : {
              extent: (r.decidedExtent as 'full' | 'partial' | null) ?? null,
              percentBps: r.decidedPercentBps,
              amountCents: r.decidedAmountCents,
              reason: r.decisionReason ?? '',
              decidedAt: r.decidedAt!.toISOString(),
            },
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** The learners the signed-in guardian may apply for (their own children at this school), with the year's fees. */
async function myLearners(db: DbExecutor, caller: TFinanceCaller, year: number) {
  const rows = rowsOf<{ id: string; first_name: string; last_name: string }>(
    await db.execute(sql`
      SELECT DISTINCT l.id, l.first_name, l.last_name
      FROM learners l
      JOIN learner_guardians lg ON lg.learner_id = l.id
      JOIN guardians g ON g.id = lg.guardian_id
      WHERE l.organization_id = ${caller.organizationId}::uuid AND g.organization_id = ${caller.organizationId}::uuid
        AND g.user_id = ${caller.userId}
      ORDER BY l.first_name, l.last_name`),
  );
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      name: fullName(r.first_name, r.last_name),
      annualFeesCents: await compulsoryFeesOf(db, caller.organizationId, r.id, year),
    })),
  );
}

export async function myExemptions(db: Database, caller: TFinanceCaller): Promise<TMyExemptions> {
  const year = Number(todayInSouthAfrica().slice(0, 4));
  const learnersOfMine = await myLearners(db, caller, year);
  const rows = learnersOfMine.length
    ? await db
        .select()
        .from(feeExemptionApplications)
        .where(
          and(
            eq(feeExemptionApplications.organizationId, caller.organizationId),
            inArray(
              feeExemptionApplications.learnerId,
              learnersOfMine.map((l) => l.id),
            ),
          ),
        )
        .orderBy(desc(feeExemptionApplications.createdAt))
    : [];
  return {
    publicSchool: await isPublicSchool(db, caller.organizationId),
    learners: learnersOfMine,
    applications: await views(db, rows),
  };
}

export async function applyForExemption(
  db: Database,
  jobs: JobQueue,
  caller: TFinanceCaller,
  input: z.output<typeof ZExemptionApplicationSchema>,
) {
  await assertPublicSchool(db, caller.organizationId);
  const mine = await myLearners(db, caller, input.year);
  if (!mine.some((l) => l.id === input.learnerId))
    throw badRequest(EM.notYourLearner, { learnerId: EM.notYourLearner });
  await assertUploadsOwnedBy(db, caller.userId, input.documentIds);
  const row = await transaction(db, async (tx) => {
    const [created] = await tx
      .insert(feeExemptionApplications)
      .values({
        organizationId: caller.organizationId,
        learnerId: input.learnerId,
        applicantUserId: caller.userId,
        year: input.year,
        requestedExtent: input.requestedExtent,
        annualIncomeCents: input.annualIncomeCents,
        annualFeesCents: await compulsoryFeesOf(tx, caller.organizationId, input.learnerId, input.year),
        dependants: input.dependants,
        notes: input.notes,
        documentIds: [...new Set(input.documentIds)],
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict(EM.alreadyPending);
    await recordAudit(tx, {
      action: 'finance.exemption_applied',
      actorUserId: caller.userId,
      target: `learner:${input.learnerId}`,
      ip: caller.ip,
      details: { applicationId: created.id, year: input.year, requestedExtent: input.requestedExtent },
    });
    // The school's finance staff hear of it (who holds view_financials with manage_payments or manage_settings).
    await notify(tx, jobs, {
      organizationId: caller.organizationId,
      kind: 'invoice',
      eventKey: `exemption-application:${created.id}`,
      recipients: sql`select m.user_id from organization_members m join users u on u.id = m.user_id
        where m.organization_id = ${caller.organizationId}::uuid and u.role in ('school_admin', 'accountant')`,
      title: 'A parent applied for a fee exemption',
      body: `An application for exemption from school fees for ${input.year} is waiting for a decision.`,
      link: '/dashboard/school/finance/exemptions',
    });
    return created;
  });
  return (await views(db, [row]))[0]!;
}

export async function listExemptionApplications(
  db: DbExecutor,
  organizationId: string,
  query: z.output<typeof ZExemptionApplicationsQuery>,
) {
  const status =
    query.status === 'pending'
      ? sql`${feeExemptionApplications.status} = 'pending'`
      : query.status === 'decided'
        ? sql`${feeExemptionApplications.status} <> 'pending'`
        : sql`true`;
  const rows = await db
    .select()
    .from(feeExemptionApplications)
    .where(and(eq(feeExemptionApplications.organizationId, organizationId), status))
    .orderBy(desc(feeExemptionApplications.createdAt))
    .limit(500);
  return { applications: await views(db, rows) };
}

export async function decideExemptionApplication(
  db: Database,
  jobs: JobQueue,
  caller: TFinanceCaller,
  applicationId: string,
  input: z.output<typeof ZExemptionDecisionSchema>,
) {
  const row = await transaction(db, async (tx) => {
    const [application] = await tx
      .select()
      .from(feeExemptionApplications)
      .where(
        and(
          eq(feeExemptionApplications.id, applicationId),
          eq(feeExemptionApplications.organizationId, caller.organizationId),
        ),
      )
      .for('update');
    if (!application) throw notFound(EM.applicationNotFound);
    if (application.status !== 'pending') throw conflict(EM.alreadyDecided);
    const granted = input.decision === 'granted';
    if (granted) await assertPublicSchool(tx, caller.organizationId);
    let percentBps: number | null = null;
    let amountCents: number | null = null;
    if (granted && input.extent === 'partial') {
      if (input.percentBps !== undefined) percentBps = input.percentBps;
      else {
        // An amount is granted as its share of the learner's compulsory fees of the year: the
        // invoice run and the credit of issued invoices both work in shares.
        const fees = await compulsoryFeesOf(tx, caller.organizationId, application.learnerId, application.year);
        if (fees <= 0) throw badRequest(EM.noFeesForYear, { amountCents: EM.noFeesForYear });
        amountCents = Math.min(input.amountCents!, fees);
        percentBps = Math.max(1, Math.min(10_000, Math.round((amountCents * 10_000) / fees)));
      }
    }
    const today = todayInSouthAfrica();
    const exemption = await insertExemption(tx, caller, application.learnerId, {
      year: application.year,
      category: 'income',
      decision: granted ? 'granted' : 'refused',
      extent: granted ? input.extent : 'full',
      percentBps: granted && input.extent === 'partial' ? percentBps : null,
      amountCents,
      decisionNotes: input.reason,
      decidedOn: today,
      documentIds: application.documentIds,
      automatic: false,
    });
    const [updated] = await tx
      .update(feeExemptionApplications)
      .set({
        status: granted ? 'granted' : 'declined',
        decidedExtent: granted ? input.extent : null,
        decidedPercentBps: granted && input.extent === 'partial' ? percentBps : null,
        decidedAmountCents: amountCents,
        decisionReason: input.reason,
        decidedBy: caller.userId,
        decidedAt: new Date(),
        exemptionId: exemption.id,
      })
      .where(eq(feeExemptionApplications.id, applicationId))
      .returning();
    const share = !granted
      ? ''
      : input.extent === 'full'
        ? 'in full'
        : amountCents !== null
          ? `partly: ${formatZar(amountCents)} of the year’s fees`
          : `partly: ${formatPercentBps(percentBps!)} of the year’s fees`;
    if (application.applicantUserId)
      await notify(tx, jobs, {
        organizationId: caller.organizationId,
        kind: 'invoice',
        eventKey: `exemption-decision:${application.id}`,
        recipients: [application.applicantUserId],
        title: granted ? 'Fee exemption granted' : 'Fee exemption declined',
        body: granted
          ? `Your application for exemption from ${application.year} school fees was granted ${share}. ${input.reason}`
          : `Your application for exemption from ${application.year} school fees was declined: ${input.reason}`,
        link: PARENT_FINANCE_PAGE,
      });
    await recordAudit(tx, {
      action: granted ? 'finance.exemption_application_granted' : 'finance.exemption_application_declined',
      actorUserId: caller.userId,
      target: `fee_exemption_application:${application.id}`,
      ip: caller.ip,
      details: { exemptionId: exemption.id, extent: input.extent, percentBps, amountCents },
    });
    return updated!;
  });
  return (await views(db, [row]))[0]!;
}

/** A document of an application, for the school's finance staff: its stored key, name and type. */
export async function applicationDocument(
  db: DbExecutor,
  organizationId: string,
  applicationId: string,
  uploadId: string,
) {
  const [application] = await db
    .select({ documentIds: feeExemptionApplications.documentIds })
    .from(feeExemptionApplications)
    .where(
      and(eq(feeExemptionApplications.id, applicationId), eq(feeExemptionApplications.organizationId, organizationId)),
    );
  if (!application?.documentIds.includes(uploadId)) throw notFound(EM.applicationNotFound);
  const [upload] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), sql`${uploads.deletedAt} is null`));
  if (!upload) throw notFound(EM.applicationNotFound);
  return upload;
}

/** An automatic exemption (a category the regulations name): full, no income test, with proof. */
export async function recordAutomaticExemption(
  db: Database,
  caller: TFinanceCaller,
  learnerId: string,
  input: z.output<typeof ZAutomaticExemptionSchema>,
) {
  await assertPublicSchool(db, caller.organizationId);
  const [learner] = await db
    .select({ id: learners.id })
    .from(learners)
    .where(and(eq(learners.id, learnerId), eq(learners.organizationId, caller.organizationId)));
  if (!learner) throw notFound(M.learnerNotFound);
  await assertSchoolDocuments(db, caller, input.documentIds);
  const row = await transaction(db, (tx) =>
    insertExemption(tx, caller, learnerId, {
      year: input.year,
      category: input.category,
      decision: 'granted',
      extent: 'full',
      percentBps: null,
      amountCents: null,
      decisionNotes:
        input.notes || 'Automatic exemption (Exemption of Parents from Payment of School Fees Regulations).',
      decidedOn: todayInSouthAfrica(),
      documentIds: input.documentIds,
      automatic: true,
    }),
  );
  return toExemption(row);
}
