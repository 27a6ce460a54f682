import { and, asc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import { formatDate } from '@sekolo/shared/domain/sa-calendar';
import {
  ACHIEVEMENT_LEVELS,
  REPORT_CARD_MESSAGES,
  type TReportCard,
  type TReportCardComments,
  type TReportCardGenerate,
} from '@sekolo/shared/schemas/assessment';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import {
  attendanceRecords,
  guardians,
  learnerGuardians,
  learners,
  organizations,
  registerClasses,
  reportCards,
} from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { composeMail } from '../../../platform/mail/compose-mail.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import { GUARDIAN_LINKS, LINKED_LEARNER, myChildren } from '../../../platform/tenancy/guardian-children.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { getTerms } from '../timetable/terms.ts';
import { marksOf } from './gradebook.ts';
import { termMark, yearMark } from './marks.ts';
import { ensureProgramme, phaseOf, programmeTasks } from './programme.ts';
import { subjectClassesOfLearner } from './results.ts';

/**
 * Report cards: one per learner and term, made for a class or a learner by the school admin,
 * published to guardians. The PDF is drawn when it is downloaded, from the marks, the registers
 * and the comments as they stand.
 */

const cardColumns = {
  id: reportCards.id,
  learnerId: reportCards.learnerId,
  firstName: learners.firstName,
  lastName: learners.lastName,
  admissionNumber: learners.admissionNumber,
  className: registerClasses.name,
  year: reportCards.year,
  term: reportCards.term,
  classTeacherComment: reportCards.classTeacherComment,
  principalComment: reportCards.principalComment,
  generatedAt: reportCards.generatedAt,
  publishedAt: reportCards.publishedAt,
};

async function selectCards(db: DbExecutor, organizationId: string, where: SQL | undefined): Promise<TReportCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(reportCards)
    .innerJoin(learners, eq(learners.id, reportCards.learnerId))
    .leftJoin(registerClasses, eq(registerClasses.id, learners.registerClassId))
    .where(and(eq(reportCards.organizationId, organizationId), where))
    .orderBy(asc(registerClasses.name), asc(learners.lastName), asc(learners.firstName));
  return rows.map((row) => ({
    id: row.id,
    learnerId: row.learnerId,
    learnerName: `${row.firstName} ${row.lastName}`,
    admissionNumber: row.admissionNumber,
    className: row.className ?? '',
    year: row.year,
    term: row.term,
    classTeacherComment: row.classTeacherComment,
    principalComment: row.principalComment,
    generatedAt: row.generatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  }));
}

export function listReportCards(
  db: Database,
  ctx: TSchoolContext,
  query: { year: number; term: number; registerClassId?: string },
) {
  return selectCards(
    db,
    ctx.organizationId,
    and(
      eq(reportCards.year, query.year),
      eq(reportCards.term, query.term),
      query.registerClassId ? eq(learners.registerClassId, query.registerClassId) : undefined,
    ),
  );
}

/** Makes the term's cards of a class's active learners, or of one learner (another school's ids: 400). */
export async function generateReportCards(db: Database, ctx: TSchoolContext, input: TReportCardGenerate) {
  const whom = input.registerClassId
    ? eq(learners.registerClassId, input.registerClassId)
    : eq(learners.id, input.learnerId!);
  const people = await db
    .select({ id: learners.id })
    .from(learners)
    .where(and(eq(learners.organizationId, ctx.organizationId), whom, sql`${learners.archivedAt} is null`));
  if (!people.length) {
    const field = input.registerClassId ? 'registerClassId' : 'learnerId';
    throw badRequest(REPORT_CARD_MESSAGES.whom, { [field]: REPORT_CARD_MESSAGES.whom });
  }
  await transaction(db, async (tx) => {
    await tx
      .insert(reportCards)
      .values(
        people.map((p) => ({
          organizationId: ctx.organizationId,
          learnerId: p.id,
          year: input.year,
          term: input.term,
          generatedBy: ctx.user.id,
        })),
      )
      .onConflictDoUpdate({
        target: [reportCards.learnerId, reportCards.year, reportCards.term],
        set: { generatedAt: sql`now()`, generatedBy: ctx.user.id },
      });
    await recordAudit(tx, {
      action: 'report_cards.generated',
      actorUserId: ctx.user.id,
      target: input.registerClassId ? `register_classes:${input.registerClassId}` : `learners:${input.learnerId}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, year: input.year, term: input.term, cards: people.length },
    });
  });
  return selectCards(
    db,
    ctx.organizationId,
    and(
      eq(reportCards.year, input.year),
      eq(reportCards.term, input.term),
      inArray(
        reportCards.learnerId,
        people.map((p) => p.id),
      ),
    ),
  );
}

export async function saveReportCardComments(
  db: Database,
  ctx: TSchoolContext,
  id: string,
  input: TReportCardComments,
) {
  const [updated] = await db
    .update(reportCards)
    .set(input)
    .where(and(eq(reportCards.id, id), eq(reportCards.organizationId, ctx.organizationId)))
    .returning({ id: reportCards.id });
  if (!updated) throw notFound(REPORT_CARD_MESSAGES.notFound);
  const [card] = await selectCards(db, ctx.organizationId, eq(reportCards.id, id));
  return card!;
}

/** Publishes a class's generated cards of the term; each guardian with an e-mail is told once per card. */
export async function publishReportCards(
  db: Database,
  mailer: Mailer,
  publicUrl: string,
  ctx: TSchoolContext,
  input: { year: number; term: number; registerClassId: string },
) {
  return transaction(db, async (tx) => {
    const published = await tx
      .update(reportCards)
      .set({ publishedAt: sql`now()` })
      .where(
        and(
          eq(reportCards.organizationId, ctx.organizationId),
          eq(reportCards.year, input.year),
          eq(reportCards.term, input.term),
          sql`${reportCards.publishedAt} is null`,
          inArray(
            reportCards.learnerId,
            tx
              .select({ id: learners.id })
              .from(learners)
              .where(
                and(
                  eq(learners.organizationId, ctx.organizationId),
                  eq(learners.registerClassId, input.registerClassId),
                ),
              ),
          ),
        ),
      )
      .returning({ learnerId: reportCards.learnerId });
    const [already] = await tx
      .select({ n: sql<number>`count(*)` })
      .from(reportCards)
      .innerJoin(learners, eq(learners.id, reportCards.learnerId))
      .where(
        and(
          eq(reportCards.organizationId, ctx.organizationId),
          eq(reportCards.year, input.year),
          eq(reportCards.term, input.term),
          eq(learners.registerClassId, input.registerClassId),
        ),
      );
    if (!Number(already?.n)) throw conflict(REPORT_CARD_MESSAGES.nothingToPublish);
    const recipients = published.length
      ? await tx
          .select({
            email: guardians.email,
            guardianFirstName: guardians.firstName,
            childFirstName: learners.firstName,
            childLastName: learners.lastName,
          })
          .from(guardians)
          .innerJoin(learnerGuardians, GUARDIAN_LINKS)
          .innerJoin(learners, LINKED_LEARNER)
          .where(
            and(
              eq(guardians.organizationId, ctx.organizationId),
              isNotNull(guardians.email),
              inArray(
                learners.id,
                published.map((p) => p.learnerId),
              ),
            ),
          )
      : [];
    const mails = recipients
      .filter((r) => r.email)
      .map((r) => {
        const child = `${r.childFirstName} ${r.childLastName}`;
        const content = composeMail({
          greeting: `Hello ${r.guardianFirstName},`,
          paragraphs: [
            `${ctx.schoolName} has published ${child}'s report card for Term ${input.term} of ${input.year}.`,
            'Sign in to Sekolo to read and download it on your parent dashboard.',
          ],
          actions: [{ label: 'Open the parent dashboard', url: `${publicUrl}/dashboard/parent` }],
        });
        return {
          to: r.email!,
          subject: `${child}'s Term ${input.term} report card`,
          ...content,
          tag: 'report-card-published',
        };
      });
    await mailer.sendMany(mails, { within: tx });
    await recordAudit(tx, {
      action: 'report_cards.published',
      actorUserId: ctx.user.id,
      target: `register_classes:${input.registerClassId}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, year: input.year, term: input.term, cards: published.length },
    });
    return { published: published.length, mailed: mails.length };
  });
}

/** The published cards of the signed-in guardian's children. */
export async function childrenReportCards(db: Database, ctx: TSchoolContext) {
  const children = await db
    .select({ id: learners.id })
    .from(guardians)
    .innerJoin(learnerGuardians, GUARDIAN_LINKS)
    .innerJoin(learners, LINKED_LEARNER)
    .where(and(eq(guardians.organizationId, ctx.organizationId), myChildren(ctx.user.id)));
  if (!children.length) return [];
  return selectCards(
    db,
    ctx.organizationId,
    and(
      isNotNull(reportCards.publishedAt),
      inArray(
        reportCards.learnerId,
        children.map((c) => c.id),
      ),
    ),
  );
}

/** The signed-in learner's own published cards. */
export function ownReportCards(db: Database, ctx: TSchoolContext) {
  return selectCards(db, ctx.organizationId, and(isNotNull(reportCards.publishedAt), eq(learners.userId, ctx.user.id)));
}

/**
 * The card the caller may download: the admin (manage_curriculum) any of the school's; anyone else
 * only a published card of their own child or of themselves. Anything else is 404.
 */
async function readableCard(db: Database, ctx: TSchoolContext, id: string) {
  const [card] = await selectCards(db, ctx.organizationId, eq(reportCards.id, id));
  if (!card) throw notFound(REPORT_CARD_MESSAGES.notFound);
  if (ctx.user.permissions.includes('manage_curriculum')) return card;
  const visible = [...(await childrenReportCards(db, ctx)), ...(await ownReportCards(db, ctx))];
  if (!visible.some((c) => c.id === id)) throw notFound(REPORT_CARD_MESSAGES.notFound);
  return card;
}

type TSubjectLine = { subject: string; mark: number | null; level: number | null };

/** Each subject's mark of the term (term 4: the year mark) and level. */
async function subjectLines(db: Database, organizationId: string, learnerId: string, year: number, term: number) {
  const [learner] = await db
    .select({
      id: learners.id,
      firstName: learners.firstName,
      lastName: learners.lastName,
      grade: learners.grade,
      registerClassId: learners.registerClassId,
    })
    .from(learners)
    .where(eq(learners.id, learnerId));
  const lines: TSubjectLine[] = [];
  for (const subjectClass of await subjectClassesOfLearner(db, organizationId, learner!)) {
    const tasks = await programmeTasks(
      db,
      await ensureProgramme(db, organizationId, year, subjectClass.grade, subjectClass.subject),
    );
    const values = (
      await marksOf(
        db,
        tasks.map((t) => t.id),
        [learnerId],
      )
    ).byLearner.get(learnerId);
    const outcome =
      term === 4
        ? yearMark(tasks, phaseOf(subjectClass.grade), values ?? new Map())
        : termMark(tasks, term, values ?? new Map());
    lines.push({ subject: capsSubjectLabel(subjectClass.subject), ...outcome });
  }
  return { learner: learner!, lines };
}

/** The learner's register marks within the term's dates. */
async function termAttendance(db: Database, organizationId: string, learnerId: string, year: number, term: number) {
  const dates = (await getTerms(db, organizationId, year)).terms.find((t) => t.term === term);
  if (!dates) return null;
  const rows = await db
    .select({ status: attendanceRecords.status, n: sql<number>`count(*)` })
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.organizationId, organizationId),
        eq(attendanceRecords.learnerId, learnerId),
        gte(attendanceRecords.date, dates.startsOn),
        lte(attendanceRecords.date, dates.endsOn),
      ),
    )
    .groupBy(attendanceRecords.status);
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return {
    days: rows.reduce((sum, r) => sum + Number(r.n), 0),
    present: count('present') + count('late'),
    late: count('late'),
    absent: count('absent') + count('excused'),
  };
}

const A4: [number, number] = [595.28, 841.89];

/** The report card as a PDF, with its file name. */
export async function reportCardPdf(db: Database, ctx: TSchoolContext, id: string) {
  const card = await readableCard(db, ctx, id);
  const [school] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId));
  const { learner, lines } = await subjectLines(db, ctx.organizationId, card.learnerId, card.year, card.term);
  const attendance = await termAttendance(db, ctx.organizationId, card.learnerId, card.year, card.term);

  const doc = await PDFDocument.create();
  doc.setTitle(`Report card: ${card.learnerName}, Term ${card.term} ${card.year}`);
  doc.setAuthor(school?.name ?? 'Sekolo');
  const page = doc.addPage(A4);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.06, 0.09, 0.16);
  const muted = rgb(0.35, 0.4, 0.47);
  let y = 790;
  const text = (value: string, x: number, options: { size?: number; font?: typeof regular; color?: typeof ink } = {}) =>
    page.drawText(value, {
      x,
      y,
      size: options.size ?? 10,
      font: options.font ?? regular,
      color: options.color ?? ink,
    });
  const wrap = (value: string, width: number, size = 10) => {
    const words = value.split(/\s+/).filter(Boolean);
    const out: string[] = [];
    let lineText = '';
    for (const word of words) {
      const next = lineText ? `${lineText} ${word}` : word;
      if (regular.widthOfTextAtSize(next, size) > width && lineText) {
        out.push(lineText);
        lineText = word;
      } else lineText = next;
    }
    if (lineText) out.push(lineText);
    return out;
  };

  text(school?.name ?? '', 50, { size: 18, font: bold });
  y -= 22;
  text(`Report card: Term ${card.term} of ${card.year}`, 50, { size: 12, color: muted });
  y -= 30;
  for (const [label, value] of [
    ['Learner', card.learnerName],
    ['Admission number', card.admissionNumber],
    ['Class', `${card.className} (Grade ${gradeFromNumber(learner.grade)})`],
    ['Date', formatDate(card.generatedAt.slice(0, 10))],
  ] as const) {
    text(label, 50, { color: muted });
    text(value, 170);
    y -= 15;
  }
  y -= 15;
  text('Subject', 50, { font: bold });
  text(card.term === 4 ? 'Year mark' : 'Mark', 330, { font: bold });
  text('Level', 410, { font: bold });
  y -= 6;
  page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.5, color: muted });
  for (const line of lines) {
    y -= 16;
    text(line.subject, 50);
    text(line.mark === null ? '–' : `${Math.round(line.mark)}%`, 330);
    const level = ACHIEVEMENT_LEVELS.find((l) => l.level === line.level);
    text(level ? `${level.level} ${level.label}` : '–', 410, { size: 9 });
  }
  y -= 30;
  text('Attendance', 50, { font: bold });
  y -= 15;
  text(
    attendance && attendance.days
      ? `Present ${attendance.present} of ${attendance.days} school days (late ${attendance.late}), absent ${attendance.absent}.`
      : 'No registers were kept for this term.',
    50,
  );
  for (const [label, comment] of [
    ["Class teacher's comment", card.classTeacherComment],
    ["Principal's comment", card.principalComment],
  ] as const) {
    y -= 28;
    text(label, 50, { font: bold });
    for (const lineText of wrap(comment || '–', 495)) {
      y -= 14;
      text(lineText, 50);
    }
  }
  y = 60;
  text('Levels: 7 Outstanding 80–100, 6 Meritorious 70–79, 5 Substantial 60–69, 4 Adequate 50–59,', 50, {
    size: 8,
    color: muted,
  });
  y -= 11;
  text('3 Moderate 40–49, 2 Elementary 30–39, 1 Not achieved 0–29.', 50, { size: 8, color: muted });
  const safeName = card.learnerName.replace(/[^A-Za-z0-9]+/g, '-');
  return {
    filename: `report-card-${safeName}-${card.year}-term-${card.term}.pdf`,
    pdf: await doc.save(),
  };
}
