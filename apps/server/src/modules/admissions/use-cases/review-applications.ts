import { and, asc, eq, ilike, inArray, isNotNull, like, ne, or, sql } from 'drizzle-orm';
import {
  ADMISSION_MESSAGES as M,
  admissionStatusLabel,
  gradeName,
  PLACE_HOLDING_STATUSES,
  SCHOOL_TRANSITIONS,
  type TAdmissionStatus,
  type TSchoolApplicationDetail,
  type TApplicationSummary,
  type TSchoolSetStatus,
} from '@sekolo/shared/schemas/admissions';
import { gradeFromNumber, gradeToNumber, ZLearnerSchema } from '@sekolo/shared/schemas/school';
import type { TSchoolGrade } from '@sekolo/shared/constants/enumerations';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import {
  admissionApplications,
  admissionDocumentRequests,
  admissionNotes,
  admissionRoundGrades,
  admissionRounds,
  learners,
  users,
} from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../../platform/http/errors.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { admitLearner } from '../../people/index.ts';
import { changeStatus, type TNotifier } from '../lib/status.ts';
import { applicationDetail, childNameOf, draftOf, summaries, type TApplicationRow } from '../lib/views.ts';

export type TApplicationFilter = { roundId?: string; grade?: TSchoolGrade; status?: TAdmissionStatus; search?: string };

/** The school's applications (never the guardians' drafts), in review order: waitlist by its order. */
async function filteredRows(db: DbExecutor, organizationId: string, filter: TApplicationFilter) {
  const term = filter.search?.trim();
  return db
    .select()
    .from(admissionApplications)
    .where(
      and(
        eq(admissionApplications.organizationId, organizationId),
        ne(admissionApplications.status, 'draft'),
        filter.roundId ? eq(admissionApplications.roundId, filter.roundId) : undefined,
        filter.grade ? eq(admissionApplications.grade, gradeToNumber(filter.grade)) : undefined,
        filter.status ? eq(admissionApplications.status, filter.status) : undefined,
        term
          ? or(
              ilike(sql`${admissionApplications.child}->>'firstName'`, `${term}%`),
              ilike(sql`${admissionApplications.child}->>'lastName'`, `${term}%`),
              ilike(admissionApplications.reference, `%${term}%`),
            )
          : undefined,
      ),
    )
    .orderBy(
      asc(admissionApplications.grade),
      sql`${admissionApplications.waitlistPosition} asc nulls last`,
      asc(admissionApplications.submittedAt),
      asc(admissionApplications.id),
    )
    .limit(2000);
}

export async function listApplications(
  db: Database,
  organizationId: string,
  filter: TApplicationFilter,
): Promise<TApplicationSummary[]> {
  return summaries(db, await filteredRows(db, organizationId, filter));
}

async function schoolApplication(tx: DbExecutor, organizationId: string, id: string, lock = false) {
  const query = tx
    .select()
    .from(admissionApplications)
    .where(
      and(
        eq(admissionApplications.id, id),
        eq(admissionApplications.organizationId, organizationId),
        ne(admissionApplications.status, 'draft'),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(M.applicationNotFound);
  return row;
}

/** The next admission number in the school's own pattern (DHS-0031 after DHS-0030), as a suggestion. */
export async function suggestAdmissionNumber(db: DbExecutor, organizationId: string): Promise<string> {
  const [latest] = await db
    .select({ n: learners.admissionNumber })
    .from(learners)
    .where(eq(learners.organizationId, organizationId))
    .orderBy(sql`${learners.createdAt} desc`, sql`${learners.admissionNumber} desc`)
    .limit(1);
  const match = latest ? /^(.*?)(\d+)$/.exec(latest.n) : null;
  if (!match) return `${new Date().getFullYear()}-0001`;
  const prefix = match[1]!;
  const width = match[2]!.length;
  const rows = await db
    .select({ n: learners.admissionNumber })
    .from(learners)
    .where(and(eq(learners.organizationId, organizationId), like(learners.admissionNumber, `${prefix}%`)));
  let max = 0;
  for (const { n } of rows) {
    const digits = n.slice(prefix.length);
    if (/^\d+$/.test(digits)) max = Math.max(max, Number(digits));
  }
  return `${prefix}${String(max + 1).padStart(width, '0')}`;
}

async function schoolDetail(db: DbExecutor, row: TApplicationRow): Promise<TSchoolApplicationDetail> {
  const notes = await db
    .select()
    .from(admissionNotes)
    .where(eq(admissionNotes.applicationId, row.id))
    .orderBy(asc(admissionNotes.createdAt));
  return {
    ...(await applicationDetail(db, row)),
    notes: notes.map((n) => ({ id: n.id, body: n.body, author: n.authorName, at: n.createdAt.toISOString() })),
    suggestedAdmissionNumber: await suggestAdmissionNumber(db, row.organizationId),
  };
}

/** Staff open an application: a child's data, so the read is audited (D15). */
export async function readApplication(db: Database, ctx: TSchoolContext, id: string) {
  const row = await schoolApplication(db, ctx.organizationId, id);
  await recordAudit(db, {
    action: 'admission_application.read',
    actorUserId: ctx.user.id,
    target: `admission_application:${id}`,
    ip: ctx.ip,
    details: { organizationId: ctx.organizationId },
  });
  return schoolDetail(db, row);
}

const csvCell = (value: string) =>
  /[",\n\r]/.test(value) || /^[=+\-@]/.test(value)
    ? `"${value.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"`
    : value;

/** The applications as CSV for the school's own records; an export of children's data, audited. */
export async function exportApplications(db: Database, ctx: TSchoolContext, filter: TApplicationFilter) {
  const rows = await filteredRows(db, ctx.organizationId, filter);
  const list = await summaries(db, rows);
  const header = [
    'Reference',
    'Round',
    'Grade',
    'Child',
    'Date of birth',
    'Guardian',
    'Phone',
    'Status',
    'Waiting list',
    'Offer open until',
    'Submitted',
  ];
  const lines = [header.join(',')];
  rows.forEach((row, i) => {
    const s = list[i]!;
    const draft = draftOf(row);
    lines.push(
      [
        s.reference,
        s.roundName,
        gradeName(s.grade),
        s.childName,
        draft.child.dateOfBirth,
        s.guardianName,
        draft.guardian.phone,
        admissionStatusLabel(s.status),
        s.waitlistPosition ? String(s.waitlistPosition) : '',
        s.offerExpiresOn ?? '',
        s.submittedAt ? todayInSouthAfrica(new Date(s.submittedAt)) : '',
      ]
        .map(csvCell)
        .join(','),
    );
  });
  await recordAudit(db, {
    action: 'admission_applications.exported',
    actorUserId: ctx.user.id,
    target: `organization:${ctx.organizationId}`,
    ip: ctx.ip,
    details: { organizationId: ctx.organizationId, rows: rows.length, filter },
  });
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Moves applications to one status, all or none. An offer locks its grade's row of the round
 * (admission_round_grades) before it counts the places held, so offers made at the same moment
 * queue there and together never exceed the grade's places.
 */
export async function changeStatuses(
  db: Database,
  notifier: TNotifier,
  ctx: TSchoolContext,
  input: { ids: string[]; status: TSchoolSetStatus; offerExpiresOn?: string; note: string },
): Promise<number> {
  const today = todayInSouthAfrica();
  if (input.status === 'offered' && input.offerExpiresOn && input.offerExpiresOn < today)
    throw badRequest(M.offerExpiresPast, { offerExpiresOn: M.offerExpiresPast });
  return transaction(db, async (tx) => {
    const ids = [...new Set(input.ids)].sort();
    const rows: TApplicationRow[] = [];
    for (const id of ids) rows.push(await schoolApplication(tx, ctx.organizationId, id, true));
    for (const row of rows) {
      if (row.status === input.status) continue;
      if (!SCHOOL_TRANSITIONS[input.status].includes(row.status as TAdmissionStatus))
        throw conflict(
          `${row.reference}: ${M.statusNotAllowed(admissionStatusLabel(row.status).toLowerCase(), admissionStatusLabel(input.status).toLowerCase())}`,
        );
    }
    const moving = rows.filter((row) => row.status !== input.status);
    const groups = new Map<string, TApplicationRow[]>();
    for (const row of moving) {
      const key = `${row.roundId}|${row.grade}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    const offerDays = new Map<string, number>();
    for (const [key, group] of [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const [roundId, gradeText] = key.split('|') as [string, string];
      const grade = Number(gradeText);
      if (input.status === 'offered') {
        const [place] = await tx
          .select({ places: admissionRoundGrades.places })
          .from(admissionRoundGrades)
          .where(and(eq(admissionRoundGrades.roundId, roundId), eq(admissionRoundGrades.grade, grade)))
          .for('update');
        const [{ held }] = (await tx
          .select({ held: sql<number>`count(*)::int` })
          .from(admissionApplications)
          .where(
            and(
              eq(admissionApplications.roundId, roundId),
              eq(admissionApplications.grade, grade),
              inArray(admissionApplications.status, [...PLACE_HOLDING_STATUSES]),
            ),
          )) as [{ held: number }];
        const places = place?.places ?? 0;
        if (held + group.length > places) throw conflict(M.capacityReached(gradeName(gradeFromNumber(grade)), places));
        const [round] = await tx
          .select({ offerDays: admissionRounds.offerDays })
          .from(admissionRounds)
          .where(eq(admissionRounds.id, roundId));
        offerDays.set(roundId, round!.offerDays);
      }
      let nextPosition = 0;
      if (input.status === 'waitlisted') {
        const [{ max }] = (await tx
          .select({ max: sql<number>`coalesce(max(${admissionApplications.waitlistPosition}), 0)::int` })
          .from(admissionApplications)
          .where(
            and(
              eq(admissionApplications.roundId, roundId),
              eq(admissionApplications.grade, grade),
              eq(admissionApplications.status, 'waitlisted'),
            ),
          )) as [{ max: number }];
        nextPosition = max;
      }
      const ordered = [...group].sort(
        (a, b) => (a.submittedAt?.getTime() ?? 0) - (b.submittedAt?.getTime() ?? 0) || a.id.localeCompare(b.id),
      );
      for (const row of ordered) {
        await changeStatus(
          tx,
          notifier,
          row,
          input.status,
          { userId: ctx.user.id, note: input.note },
          {
            offerExpiresOn:
              input.status === 'offered' ? input.offerExpiresOn || addDays(today, offerDays.get(roundId)!) : null,
            waitlistPosition: input.status === 'waitlisted' ? ++nextPosition : null,
          },
        );
      }
      if (group.some((row) => row.status === 'waitlisted')) await renumberWaitlist(tx, roundId, grade);
    }
    await recordAudit(tx, {
      action: 'admission.status_changed',
      actorUserId: ctx.user.id,
      target: `organization:${ctx.organizationId}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, status: input.status, applications: moving.map((r) => r.id) },
    });
    return moving.length;
  });
}

/** Closes the gaps in a grade's waiting list (1, 2, 3...) in its current order. */
async function renumberWaitlist(
  tx: DbExecutor,
  roundId: string,
  grade: number,
  first?: { id: string; position: number },
) {
  const rows = await tx
    .select({ id: admissionApplications.id })
    .from(admissionApplications)
    .where(
      and(
        eq(admissionApplications.roundId, roundId),
        eq(admissionApplications.grade, grade),
        eq(admissionApplications.status, 'waitlisted'),
        isNotNull(admissionApplications.waitlistPosition),
      ),
    )
    .orderBy(asc(admissionApplications.waitlistPosition), asc(admissionApplications.submittedAt));
  const order = rows.map((r) => r.id).filter((id) => id !== first?.id);
  if (first) order.splice(Math.min(first.position - 1, order.length), 0, first.id);
  for (const [index, id] of order.entries()) {
    await tx
      .update(admissionApplications)
      .set({ waitlistPosition: index + 1 })
      .where(eq(admissionApplications.id, id));
  }
}

/** Puts a waitlisted application at another place in its grade's waiting list. */
export async function moveOnWaitlist(db: Database, ctx: TSchoolContext, id: string, position: number) {
  const row = await transaction(db, async (tx) => {
    const app = await schoolApplication(tx, ctx.organizationId, id, true);
    if (app.status !== 'waitlisted') throw conflict(M.waitlistOnly);
    await tx
      .select({ grade: admissionRoundGrades.grade })
      .from(admissionRoundGrades)
      .where(and(eq(admissionRoundGrades.roundId, app.roundId), eq(admissionRoundGrades.grade, app.grade)))
      .for('update');
    await renumberWaitlist(tx, app.roundId, app.grade, { id: app.id, position });
    await recordAudit(tx, {
      action: 'admission.waitlist_moved',
      actorUserId: ctx.user.id,
      target: `admission_application:${id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, position },
    });
    return schoolApplication(tx, ctx.organizationId, id);
  });
  return schoolDetail(db, row);
}

export async function addNote(db: Database, ctx: TSchoolContext, id: string, body: string) {
  const row = await transaction(db, async (tx) => {
    const app = await schoolApplication(tx, ctx.organizationId, id);
    await tx.insert(admissionNotes).values({
      organizationId: ctx.organizationId,
      applicationId: id,
      authorUserId: ctx.user.id,
      authorName: ctx.user.name,
      body,
    });
    return app;
  });
  return schoolDetail(db, row);
}

/** Asks the guardian for another document, with a note; the application waits for it. */
export async function requestDocument(
  db: Database,
  notifier: TNotifier,
  ctx: TSchoolContext,
  id: string,
  input: { label: string; note: string },
) {
  const row = await transaction(db, async (tx) => {
    let app = await schoolApplication(tx, ctx.organizationId, id, true);
    if (!['submitted', 'under_review', 'documents_requested', 'waitlisted'].includes(app.status))
      throw conflict(M.statusNotAllowed(admissionStatusLabel(app.status).toLowerCase(), 'documents requested'));
    await tx.insert(admissionDocumentRequests).values({
      organizationId: ctx.organizationId,
      applicationId: id,
      label: input.label,
      note: input.note,
      requestedBy: ctx.user.id,
    });
    app = await changeStatus(tx, notifier, app, 'documents_requested', {
      userId: ctx.user.id,
      note: `${input.label}: ${input.note}`,
    });
    await recordAudit(tx, {
      action: 'admission.document_requested',
      actorUserId: ctx.user.id,
      target: `admission_application:${id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId },
    });
    return app;
  });
  return schoolDetail(db, row);
}

/**
 * Enrols an accepted application: the learner record from the child's data as the guardian gave
 * it, the guardian linked with their parent account, and the consent the application recorded
 * (people's admitLearner), in one transaction with the application's new status.
 */
export async function enrolApplication(
  db: Database,
  notifier: TNotifier,
  ctx: TSchoolContext,
  id: string,
  input: { admissionNumber: string; registerClassId?: string | null },
) {
  try {
    const { row, learnerId } = await transaction(db, async (tx) => {
      const app = await schoolApplication(tx, ctx.organizationId, id, true);
      if (app.status !== 'accepted') throw conflict(M.notAccepted);
      const draft = draftOf(app);
      const parsed = ZLearnerSchema.safeParse({
        ...draft.child,
        homeLanguage: draft.child.homeLanguage || null,
        grade: gradeFromNumber(app.grade),
        admissionNumber: input.admissionNumber,
        registerClassId: input.registerClassId || null,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw badRequest(`The application's details do not make a learner record: ${issue.message}`, {
          [String(issue.path[0] ?? 'admissionNumber')]: issue.message,
        });
      }
      const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, app.guardianUserId));
      const admitted = await admitLearner(tx, ctx, {
        learner: parsed.data,
        guardian: {
          userId: app.guardianUserId,
          firstName: draft.guardian.firstName,
          lastName: draft.guardian.lastName,
          email: account!.email,
          phone: draft.guardian.phone,
          relation: draft.guardian.relation,
        },
        consent: {
          givenAt: app.consentGivenAt,
          policyVersion: app.consentPolicyVersion,
          guardianName: app.consentGuardianName,
        },
      });
      const updated = await changeStatus(
        tx,
        notifier,
        app,
        'enrolled',
        {
          userId: ctx.user.id,
          note: `${childNameOf(app)} is enrolled with admission number ${parsed.data.admissionNumber}.`,
        },
        { learnerId: admitted.learnerId },
      );
      return { row: updated, learnerId: admitted.learnerId };
    });
    return { application: await schoolDetail(db, row), learnerId };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('That admission number is already in use.');
    throw error;
  }
}
