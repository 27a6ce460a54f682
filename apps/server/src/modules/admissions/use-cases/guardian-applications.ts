import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import {
  ADMISSION_MESSAGES as M,
  admissionConsentText,
  submissionProblems,
  type TAdmissionDocument,
  type TAdmissionQuestion,
  type TApplicationDetail,
  type TApplicationDraft,
  type TApplicationSummary,
} from '@sekolo/shared/schemas/admissions';
import { PRIVACY_POLICY_VERSION } from '@sekolo/shared/constants/privacy';
import { gradeFromNumber, gradeToNumber } from '@sekolo/shared/schemas/school';
import type { TSchoolGrade } from '@sekolo/shared/constants/enumerations';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import {
  admissionApplications,
  admissionDocumentRequests,
  admissionDocuments,
  admissionRoundGrades,
  admissionRounds,
  organizations,
} from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../../platform/http/errors.ts';
import type { TSessionUser } from '../../../platform/auth/guards.ts';
import { assertUploadsOwnedBy, attachUploadsToOrganization } from '../../uploads/index.ts';
import { changeStatus, type TNotifier } from '../lib/status.ts';
import { applicationDetail, draftOf, isRoundOpen, summaries, type TApplicationRow } from '../lib/views.ts';

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short reference a family can read out on the phone, e.g. ADM-7KQ2M9. */
export function newReference(): string {
  let out = 'ADM-';
  for (let i = 0; i < 6; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}

/** The guardian's own application, locked for a change; anyone else's is 404. */
async function ownApplication(tx: DbExecutor, user: TSessionUser, id: string, lock = false): Promise<TApplicationRow> {
  const query = tx
    .select()
    .from(admissionApplications)
    .where(and(eq(admissionApplications.id, id), eq(admissionApplications.guardianUserId, user.id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(M.applicationNotFound);
  return row;
}

export async function listMyApplications(db: Database, user: TSessionUser): Promise<TApplicationSummary[]> {
  const rows = await db
    .select()
    .from(admissionApplications)
    .where(eq(admissionApplications.guardianUserId, user.id))
    .orderBy(desc(admissionApplications.createdAt));
  return summaries(db, rows);
}

export async function readMyApplication(db: Database, user: TSessionUser, id: string): Promise<TApplicationDetail> {
  return applicationDetail(db, await ownApplication(db, user, id));
}

/**
 * Starts an application. The guardian's consent is the first thing stored: the row cannot exist
 * without it (its consent columns are NOT NULL), and the child's data comes only with later saves.
 */
export async function startApplication(
  db: Database,
  user: TSessionUser,
  input: { roundId: string; grade: TSchoolGrade; relation: TApplicationDraft['guardian']['relation'] },
  ip: string,
): Promise<TApplicationDetail> {
  const row = await transaction(db, async (tx) => {
    const [round] = await tx
      .select({ round: admissionRounds, school: organizations.name })
      .from(admissionRounds)
      .innerJoin(organizations, eq(organizations.id, admissionRounds.organizationId))
      .where(and(eq(admissionRounds.id, input.roundId), eq(organizations.status, 'active')));
    if (!round) throw notFound(M.roundNotFound);
    if (!isRoundOpen(round.round)) throw conflict(M.roundClosed);
    const grade = gradeToNumber(input.grade);
    const [offered] = await tx
      .select({ grade: admissionRoundGrades.grade })
      .from(admissionRoundGrades)
      .where(and(eq(admissionRoundGrades.roundId, input.roundId), eq(admissionRoundGrades.grade, grade)));
    if (!offered) throw badRequest(M.gradeNotOffered, { grade: M.gradeNotOffered });
    const guardianName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.name;
    const [created] = await tx
      .insert(admissionApplications)
      .values({
        organizationId: round.round.organizationId,
        roundId: input.roundId,
        grade,
        reference: newReference(),
        guardianUserId: user.id,
        consentGivenAt: new Date(),
        consentPolicyVersion: PRIVACY_POLICY_VERSION,
        consentGuardianName: guardianName,
        consentText: admissionConsentText(guardianName, round.school),
        guardian: { firstName: user.firstName, lastName: user.lastName, phone: '', relation: input.relation },
      })
      .returning();
    await recordAudit(tx, {
      action: 'admission.consent_given',
      actorUserId: user.id,
      target: `admission_application:${created!.id}`,
      ip,
      details: { organizationId: round.round.organizationId, policyVersion: PRIVACY_POLICY_VERSION },
    });
    return created!;
  });
  return applicationDetail(db, row);
}

function childKeyOf(draft: TApplicationDraft): string | null {
  const first = draft.child.firstName.trim().toLowerCase();
  return first && draft.child.dateOfBirth ? `${first}|${draft.child.dateOfBirth}` : null;
}

/** Saves a draft: only the round's own questions are kept. */
export async function saveDraft(
  db: Database,
  user: TSessionUser,
  id: string,
  draft: TApplicationDraft,
): Promise<TApplicationDetail> {
  try {
    const row = await transaction(db, async (tx) => {
      const app = await ownApplication(tx, user, id, true);
      if (app.status !== 'draft') throw conflict(M.notADraft);
      const [round] = await tx.select().from(admissionRounds).where(eq(admissionRounds.id, app.roundId));
      const questionIds = new Set((round!.questions as TAdmissionQuestion[]).map((q) => q.id));
      const answers = Object.fromEntries(Object.entries(draft.answers).filter(([key]) => questionIds.has(key)));
      const [updated] = await tx
        .update(admissionApplications)
        .set({
          child: draft.child,
          guardian: draft.guardian,
          answers,
          childKey: childKeyOf(draft),
          updatedAt: new Date(),
        })
        .where(eq(admissionApplications.id, app.id))
        .returning();
      return updated!;
    });
    return applicationDetail(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.alreadyApplied);
    throw error;
  }
}

export async function deleteDraft(db: Database, user: TSessionUser, id: string): Promise<void> {
  await transaction(db, async (tx) => {
    const app = await ownApplication(tx, user, id, true);
    if (app.status !== 'draft') throw conflict(M.notADraft);
    await tx.delete(admissionApplications).where(eq(admissionApplications.id, app.id));
  });
}

/**
 * Adds one of the guardian's uploads to the application: a document the round asks for (while a
 * draft), or the answer to the school's request. Once submitted, the file is attached to the
 * school, whose admins may then open it (uploads' access rules, D9); an answered request that was
 * the last one open puts the application back under review.
 */
export async function addDocument(
  db: Database,
  notifier: TNotifier,
  user: TSessionUser,
  id: string,
  input: { documentKey: string; uploadId: string; requestId?: string | null },
): Promise<TApplicationDetail> {
  const row = await transaction(db, async (tx) => {
    let app = await ownApplication(tx, user, id, true);
    await assertUploadsOwnedBy(tx, user.id, [input.uploadId]);
    let label: string;
    let requestId: string | null = null;
    if (input.requestId) {
      const [request] = await tx
        .select()
        .from(admissionDocumentRequests)
        .where(
          and(eq(admissionDocumentRequests.id, input.requestId), eq(admissionDocumentRequests.applicationId, app.id)),
        );
      if (!request) throw notFound(M.requestNotFound);
      if (request.fulfilledAt) throw conflict(M.requestClosed);
      label = request.label;
      requestId = request.id;
    } else {
      if (app.status !== 'draft') throw conflict(M.notADraft);
      const [round] = await tx.select().from(admissionRounds).where(eq(admissionRounds.id, app.roundId));
      const document = (round!.documents as TAdmissionDocument[]).find((d) => d.id === input.documentKey);
      if (!document) throw badRequest(M.documentUnknown, { documentKey: M.documentUnknown });
      label = document.label;
    }
    try {
      await tx.insert(admissionDocuments).values({
        organizationId: app.organizationId,
        applicationId: app.id,
        documentKey: requestId ? 'request' : input.documentKey,
        label,
        uploadId: input.uploadId,
        requestId,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('This file is already on the application.');
      throw error;
    }
    if (app.status !== 'draft') {
      await attachUploadsToOrganization(tx, {
        ownerUserId: user.id,
        organizationId: app.organizationId,
        ids: [input.uploadId],
      });
    }
    if (requestId) {
      await tx
        .update(admissionDocumentRequests)
        .set({ fulfilledAt: new Date() })
        .where(eq(admissionDocumentRequests.id, requestId));
      const open = await tx
        .select({ id: admissionDocumentRequests.id })
        .from(admissionDocumentRequests)
        .where(and(eq(admissionDocumentRequests.applicationId, app.id), isNull(admissionDocumentRequests.fulfilledAt)));
      if (open.length === 0 && app.status === 'documents_requested') {
        app = await changeStatus(tx, notifier, app, 'under_review', {
          userId: user.id,
          note: 'The requested documents were uploaded.',
        });
      }
    }
    return app;
  });
  return applicationDetail(db, row);
}

export async function removeDocument(
  db: Database,
  user: TSessionUser,
  id: string,
  documentId: string,
): Promise<TApplicationDetail> {
  const row = await transaction(db, async (tx) => {
    const app = await ownApplication(tx, user, id, true);
    if (app.status !== 'draft') throw conflict(M.notADraft);
    const removed = await tx
      .delete(admissionDocuments)
      .where(and(eq(admissionDocuments.id, documentId), eq(admissionDocuments.applicationId, app.id)))
      .returning({ id: admissionDocuments.id });
    if (removed.length === 0) throw notFound(M.documentNotFound);
    return app;
  });
  return applicationDetail(db, row);
}

/** Submits a complete draft while its round is open; the documents go to the school. */
export async function submitApplication(
  db: Database,
  notifier: TNotifier,
  user: TSessionUser,
  id: string,
): Promise<TApplicationDetail> {
  const row = await transaction(db, async (tx) => {
    const app = await ownApplication(tx, user, id, true);
    if (app.status !== 'draft') throw conflict(M.notADraft);
    const [round] = await tx.select().from(admissionRounds).where(eq(admissionRounds.id, app.roundId));
    if (!isRoundOpen(round!)) throw conflict(M.roundClosed);
    const documents = await tx
      .select({ key: admissionDocuments.documentKey, uploadId: admissionDocuments.uploadId })
      .from(admissionDocuments)
      .where(eq(admissionDocuments.applicationId, app.id))
      .orderBy(asc(admissionDocuments.createdAt));
    const draft = draftOf(app);
    const problems = submissionProblems(
      draft,
      gradeFromNumber(app.grade),
      { questions: round!.questions as TAdmissionQuestion[], documents: round!.documents as TAdmissionDocument[] },
      documents.map((d) => d.key),
    );
    if (Object.keys(problems).length > 0)
      throw badRequest('Complete the highlighted parts of the application before you submit it.', problems);
    await attachUploadsToOrganization(tx, {
      ownerUserId: user.id,
      organizationId: app.organizationId,
      ids: documents.map((d) => d.uploadId),
    });
    return changeStatus(tx, notifier, app, 'submitted', { userId: user.id }, { submittedAt: new Date() });
  });
  return applicationDetail(db, row);
}

/** The guardian answers an open offer: accepted by its date, or declined. */
export async function answerOffer(
  db: Database,
  notifier: TNotifier,
  user: TSessionUser,
  id: string,
  answer: 'accepted' | 'declined',
): Promise<TApplicationDetail> {
  const row = await transaction(db, async (tx) => {
    const app = await ownApplication(tx, user, id, true);
    if (app.status === 'lapsed') throw conflict(M.offerLapsed);
    if (app.status !== 'offered') throw conflict(M.noOffer);
    if (app.offerExpiresOn && app.offerExpiresOn < todayInSouthAfrica()) {
      await changeStatus(tx, notifier, app, 'lapsed', { userId: null });
      return null;
    }
    return changeStatus(tx, notifier, app, answer, {
      userId: user.id,
      note: answer === 'declined' ? 'The family declined the offer.' : '',
    });
  });
  // A lapse found here is kept (committed) and then reported.
  if (!row) throw new AppError(409, 'CONFLICT', M.offerLapsed);
  return applicationDetail(db, row);
}
