import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  ZApplicationDraftSchema,
  type TAdmissionDocument,
  type TAdmissionQuestion,
  type TAdmissionRound,
  type TApplicationDetail,
  type TApplicationSummary,
  type TPublicAdmissionRound,
  PLACE_HOLDING_STATUSES,
  type TAdmissionStatus,
} from '@sekolo/shared/schemas/admissions';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { DbExecutor } from '../../../platform/db/client.ts';
import {
  admissionApplications,
  admissionDocumentRequests,
  admissionDocuments,
  admissionRoundGrades,
  admissionRounds,
  admissionStatusEvents,
  organizations,
  uploads,
  users,
} from '../../../platform/db/schema/index.ts';

export type TApplicationRow = typeof admissionApplications.$inferSelect;
export type TRoundRow = typeof admissionRounds.$inferSelect;

export const isRoundOpen = (round: Pick<TRoundRow, 'opensOn' | 'closesOn'>, today = todayInSouthAfrica()) =>
  round.opensOn <= today && today <= round.closesOn;

/** The draft as stored, read through the schema so an older row gets today's defaults. */
export function draftOf(row: Pick<TApplicationRow, 'child' | 'guardian' | 'answers'>) {
  const parsed = ZApplicationDraftSchema.safeParse({ child: row.child, guardian: row.guardian, answers: row.answers });
  if (parsed.success) return parsed.data;
  return ZApplicationDraftSchema.parse({ child: {}, guardian: { relation: 'parent' }, answers: {} });
}

export function childNameOf(row: Pick<TApplicationRow, 'child'>): string {
  const child = row.child as { firstName?: string; lastName?: string };
  return [child.firstName, child.lastName].filter(Boolean).join(' ');
}

export function guardianNameOf(row: Pick<TApplicationRow, 'guardian' | 'consentGuardianName'>): string {
  const g = row.guardian as { firstName?: string; lastName?: string };
  return [g.firstName, g.lastName].filter(Boolean).join(' ') || row.consentGuardianName;
}

/** Grades of rounds with places, places held (offered, accepted, enrolled) and applications made. */
export async function roundGrades(db: DbExecutor, roundIds: string[]) {
  if (roundIds.length === 0) return new Map<string, TAdmissionRound['grades']>();
  const grades = await db
    .select()
    .from(admissionRoundGrades)
    .where(inArray(admissionRoundGrades.roundId, roundIds))
    .orderBy(asc(admissionRoundGrades.grade));
  const counts = await db
    .select({
      roundId: admissionApplications.roundId,
      grade: admissionApplications.grade,
      held: sql<number>`count(*) filter (where ${inArray(admissionApplications.status, [...PLACE_HOLDING_STATUSES])})::int`,
      applications: sql<number>`count(*) filter (where ${admissionApplications.status} <> 'draft')::int`,
    })
    .from(admissionApplications)
    .where(inArray(admissionApplications.roundId, roundIds))
    .groupBy(admissionApplications.roundId, admissionApplications.grade);
  const byRound = new Map<string, TAdmissionRound['grades']>();
  for (const g of grades) {
    const c = counts.find((x) => x.roundId === g.roundId && x.grade === g.grade);
    const list = byRound.get(g.roundId) ?? [];
    list.push({
      grade: gradeFromNumber(g.grade),
      places: g.places,
      held: c?.held ?? 0,
      applications: c?.applications ?? 0,
    });
    byRound.set(g.roundId, list);
  }
  return byRound;
}

export function roundView(row: TRoundRow, grades: TAdmissionRound['grades']): TAdmissionRound {
  return {
    id: row.id,
    name: row.name,
    year: row.year,
    opensOn: row.opensOn,
    closesOn: row.closesOn,
    open: isRoundOpen(row),
    grades,
    questions: row.questions as TAdmissionQuestion[],
    documents: row.documents as TAdmissionDocument[],
    offerDays: row.offerDays,
    retentionDays: row.retentionDays,
  };
}

export function publicRoundView(row: TRoundRow, grades: { grade: number; places: number }[]): TPublicAdmissionRound {
  return {
    id: row.id,
    name: row.name,
    year: row.year,
    opensOn: row.opensOn,
    closesOn: row.closesOn,
    open: isRoundOpen(row),
    grades: grades.map((g) => ({ grade: gradeFromNumber(g.grade), places: g.places })),
    questions: row.questions as TAdmissionQuestion[],
    documents: row.documents as TAdmissionDocument[],
    offerDays: row.offerDays,
  };
}

/** Summaries of applications, with their round's name and school and their open requests. */
export async function summaries(db: DbExecutor, rows: TApplicationRow[]): Promise<TApplicationSummary[]> {
  if (rows.length === 0) return [];
  const roundIds = [...new Set(rows.map((r) => r.roundId))];
  const rounds = await db
    .select({
      id: admissionRounds.id,
      name: admissionRounds.name,
      year: admissionRounds.year,
      school: organizations.name,
    })
    .from(admissionRounds)
    .innerJoin(organizations, eq(organizations.id, admissionRounds.organizationId))
    .where(inArray(admissionRounds.id, roundIds));
  const open = await db
    .select({ applicationId: admissionDocumentRequests.applicationId, n: count() })
    .from(admissionDocumentRequests)
    .where(
      and(
        inArray(
          admissionDocumentRequests.applicationId,
          rows.map((r) => r.id),
        ),
        isNull(admissionDocumentRequests.fulfilledAt),
      ),
    )
    .groupBy(admissionDocumentRequests.applicationId);
  return rows.map((row) => {
    const round = rounds.find((r) => r.id === row.roundId)!;
    return {
      id: row.id,
      reference: row.reference,
      schoolName: round.school,
      roundId: row.roundId,
      roundName: round.name,
      year: round.year,
      grade: gradeFromNumber(row.grade),
      status: row.status as TAdmissionStatus,
      childName: childNameOf(row),
      guardianName: guardianNameOf(row),
      submittedAt: row.submittedAt?.toISOString() ?? null,
      offerExpiresOn: row.offerExpiresOn,
      waitlistPosition: row.waitlistPosition,
      openRequests: open.find((o) => o.applicationId === row.id)?.n ?? 0,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** Everything the guardian sees of one application (the school sees this and its notes). */
export async function applicationDetail(db: DbExecutor, row: TApplicationRow): Promise<TApplicationDetail> {
  const [summary] = await summaries(db, [row]);
  const [round] = await db.select().from(admissionRounds).where(eq(admissionRounds.id, row.roundId));
  const grades = await db
    .select({ grade: admissionRoundGrades.grade, places: admissionRoundGrades.places })
    .from(admissionRoundGrades)
    .where(eq(admissionRoundGrades.roundId, row.roundId))
    .orderBy(asc(admissionRoundGrades.grade));
  const documents = await db
    .select({
      id: admissionDocuments.id,
      documentKey: admissionDocuments.documentKey,
      label: admissionDocuments.label,
      uploadId: admissionDocuments.uploadId,
      name: uploads.originalName,
      size: uploads.sizeBytes,
      mimeType: uploads.mimeType,
      requestId: admissionDocuments.requestId,
      createdAt: admissionDocuments.createdAt,
    })
    .from(admissionDocuments)
    .innerJoin(uploads, eq(uploads.id, admissionDocuments.uploadId))
    .where(and(eq(admissionDocuments.applicationId, row.id), isNull(uploads.deletedAt)))
    .orderBy(asc(admissionDocuments.createdAt));
  const requests = await db
    .select()
    .from(admissionDocumentRequests)
    .where(eq(admissionDocumentRequests.applicationId, row.id))
    .orderBy(asc(admissionDocumentRequests.requestedAt));
  const history = await db
    .select()
    .from(admissionStatusEvents)
    .where(eq(admissionStatusEvents.applicationId, row.id))
    .orderBy(asc(admissionStatusEvents.at));
  const [guardian] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.guardianUserId));
  return {
    ...summary!,
    draft: draftOf(row),
    consent: {
      givenAt: row.consentGivenAt.toISOString(),
      policyVersion: row.consentPolicyVersion,
      guardianName: row.consentGuardianName,
      text: row.consentText,
    },
    guardianEmail: guardian?.email ?? '',
    round: publicRoundView(round!, grades),
    documents: documents.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
    requests: requests.map((r) => ({
      id: r.id,
      label: r.label,
      note: r.note,
      requestedAt: r.requestedAt.toISOString(),
      fulfilledAt: r.fulfilledAt?.toISOString() ?? null,
    })),
    history: history.map((h) => ({ status: h.status as TAdmissionStatus, note: h.note, at: h.at.toISOString() })),
    learnerId: row.learnerId,
  };
}
