import { and, asc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { formatDate } from '@sekolo/shared/domain/sa-calendar';
import {
  ACHIEVEMENT_LEVELS,
  REPORT_CARD_MESSAGES,
  type TPromotionDecision,
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
  registerClasses,
  organizations,
  reportCards,
  schoolProfiles,
} from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { composeMail } from '../../../platform/mail/compose-mail.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import { GUARDIAN_LINKS, LINKED_LEARNER, myChildren } from '../../../platform/tenancy/guardian-children.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { buffer } from 'node:stream/consumers';
import { zipSync } from 'fflate';
import { toPng } from '../../../platform/lib/resize-image.ts';
import { logoFileOf, type IFileStorage } from '../../uploads/index.ts';
import { getTerms } from '../timetable/terms.ts';
import { subjectLinesOf, type TSubjectLine } from './card-lines.ts';
import { promotionsOf } from './promotion.ts';

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

/**
 * Publishes a class's generated cards of the term, or the whole school's (no class); each guardian
 * with an e-mail is told once per card.
 */
export async function publishReportCards(
  db: Database,
  mailer: Mailer,
  publicUrl: string,
  ctx: TSchoolContext,
  input: { year: number; term: number; registerClassId?: string | undefined },
) {
  const inClass = (registerClassId: string | undefined) =>
    registerClassId ? eq(learners.registerClassId, registerClassId) : undefined;
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
              .where(and(eq(learners.organizationId, ctx.organizationId), inClass(input.registerClassId))),
          ),
        ),
      )
      .returning({ id: reportCards.id });
    const [already] = await tx
      .select({ n: sql<number>`count(*)` })
      .from(reportCards)
      .innerJoin(learners, eq(learners.id, reportCards.learnerId))
      .where(
        and(
          eq(reportCards.organizationId, ctx.organizationId),
          eq(reportCards.year, input.year),
          eq(reportCards.term, input.term),
          inClass(input.registerClassId),
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
              // The cards this transaction published (now() is the transaction's start); a
              // subquery, so a whole school's thousands of learners are no list of parameters.
              inArray(
                learners.id,
                tx
                  .select({ id: reportCards.learnerId })
                  .from(reportCards)
                  .where(
                    and(
                      eq(reportCards.organizationId, ctx.organizationId),
                      eq(reportCards.year, input.year),
                      eq(reportCards.term, input.term),
                      sql`${reportCards.publishedAt} = now()`,
                    ),
                  ),
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
      target: input.registerClassId
        ? `register_classes:${input.registerClassId}`
        : `organizations:${ctx.organizationId}`,
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

type TTermAttendance = { days: number; present: number; late: number; absent: number };

/**
 * Each learner's register marks within the term's dates, counted by status in one statement for
 * them all; null for everyone when the year has no such term.
 */
async function termAttendanceOf(
  db: Database,
  organizationId: string,
  learnerIds: string[],
  year: number,
  term: number,
): Promise<Map<string, TTermAttendance> | null> {
  const dates = (await getTerms(db, organizationId, year)).terms.find((t) => t.term === term);
  if (!dates) return null;
  const out = new Map<string, TTermAttendance>(
    learnerIds.map((id) => [id, { days: 0, present: 0, late: 0, absent: 0 }]),
  );
  if (!learnerIds.length) return out;
  const rows = await db
    .select({ learnerId: attendanceRecords.learnerId, status: attendanceRecords.status, n: sql<number>`count(*)` })
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.organizationId, organizationId),
        inArray(attendanceRecords.learnerId, learnerIds),
        gte(attendanceRecords.date, dates.startsOn),
        lte(attendanceRecords.date, dates.endsOn),
      ),
    )
    .groupBy(attendanceRecords.learnerId, attendanceRecords.status);
  for (const row of rows) {
    const counts = out.get(row.learnerId);
    if (!counts) continue;
    const n = Number(row.n);
    counts.days += n;
    if (row.status === 'present' || row.status === 'late') counts.present += n;
    if (row.status === 'late') counts.late += n;
    if (row.status === 'absent' || row.status === 'excused') counts.absent += n;
  }
  return out;
}

const A4: [number, number] = [595.28, 841.89];

/** What every card of a school shows: its name, its principal, and its logo. */
type TSchoolHeader = { name: string; principalName: string; logo: { bytes: Uint8Array; png: boolean } | null };

async function schoolHeader(db: Database, storage: IFileStorage, organizationId: string): Promise<TSchoolHeader> {
  const [profile] = await db
    .select({
      name: organizations.name,
      principalName: schoolProfiles.principalName,
      logoUploadId: schoolProfiles.logoUploadId,
    })
    .from(organizations)
    .leftJoin(schoolProfiles, eq(schoolProfiles.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  const file = await logoFileOf(db, organizationId, profile?.logoUploadId);
  let logo: TSchoolHeader['logo'] = null;
  if (file) {
    const stored = await storage.get(file.storageKey);
    if (stored) {
      const bytes = await buffer(stored.body);
      // pdf-lib draws PNG and JPEG: a WebP logo (as uploads store logos) is drawn from its PNG.
      logo =
        file.mimeType === 'image/webp'
          ? { bytes: new Uint8Array(await toPng(bytes)), png: true }
          : { bytes: new Uint8Array(bytes), png: file.mimeType === 'image/png' };
    }
  }
  return { name: profile?.name ?? '', principalName: profile?.principalName ?? '', logo };
}

/** The words a year-end card says of the decision, e.g. "Promoted to Grade 9". */
export function decisionText(decision: TPromotionDecision, grade: number): string {
  const next = grade >= 12 ? null : `Grade ${gradeFromNumber(grade + 1)}`;
  const here = `Grade ${gradeFromNumber(grade)}`;
  switch (decision) {
    case 'promoted':
      return next ? `Promoted to ${next}` : `Passed ${here}`;
    case 'condoned':
      return next ? `Condoned: promoted to ${next}` : `Condoned: passed ${here}`;
    case 'progressed':
      return next ? `Progressed to ${next}` : `Progressed: ${here} completed`;
    case 'not_promoted':
      return `Not promoted: repeats ${here}`;
  }
}

type TCardDrawing = {
  card: TReportCard;
  grade: number;
  lines: TSubjectLine[];
  attendance: TTermAttendance | null;
  decision: TPromotionDecision | null;
};

/**
 * What each card shows (cards of one year and term, e.g. a class's): their subjects' marks, the
 * term's attendance and, in term 4, the year-end decisions, read for all the cards together in a
 * handful of statements, not a few per card.
 */
async function cardDrawings(db: Database, organizationId: string, cards: TReportCard[]): Promise<TCardDrawing[]> {
  if (!cards.length) return [];
  const { year, term } = cards[0]!;
  if (cards.some((c) => c.year !== year || c.term !== term)) throw new Error('cardDrawings: cards of one term only');
  const ids = [...new Set(cards.map((c) => c.learnerId))];
  const lines = await subjectLinesOf(db, organizationId, ids, year, term);
  const attendance = await termAttendanceOf(db, organizationId, ids, year, term);
  const decisions =
    term === 4
      ? new Map(
          (
            await promotionsOf(
              db,
              organizationId,
              year,
              ids.map((id) => ({ id })),
              lines,
            )
          ).map((p) => [p.learnerId, p.effective]),
        )
      : null;
  return cards.map((card) => {
    const found = lines.get(card.learnerId);
    if (!found) throw notFound(REPORT_CARD_MESSAGES.learnerNotFound);
    return {
      card,
      grade: found.learner.grade,
      lines: found.lines,
      attendance: attendance?.get(card.learnerId) ?? null,
      decision: decisions?.get(card.learnerId) ?? null,
    };
  });
}

/** Draws a card on new pages of `doc` (the logo embedded once per document). */
async function drawCard(doc: PDFDocument, school: TSchoolHeader, embedded: EmbeddedAssets, d: TCardDrawing) {
  const { card, lines, attendance } = d;
  const page = doc.addPage(A4);
  const { regular, bold, logo } = embedded;
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

  let left = 50;
  if (logo) {
    // The logo at most 56 points high and 120 wide, beside the school's name.
    const scale = Math.min(56 / logo.height, 120 / logo.width, 1);
    page.drawImage(logo, {
      x: 50,
      y: 800 - logo.height * scale,
      width: logo.width * scale,
      height: logo.height * scale,
    });
    left = 50 + logo.width * scale + 14;
  }
  text(school.name, left, { size: 18, font: bold });
  y -= 22;
  text(`Report card: Term ${card.term} of ${card.year}`, left, { size: 12, color: muted });
  y = logo ? 730 : y - 30;
  for (const [label, value] of [
    ['Learner', card.learnerName],
    ['Admission number', card.admissionNumber],
    ['Class', `${card.className} (Grade ${gradeFromNumber(d.grade)})`],
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
  if (d.decision) {
    y -= 28;
    text('Year-end decision', 50, { font: bold });
    y -= 15;
    text(decisionText(d.decision, d.grade), 50);
  }
  for (const [label, comment] of [
    ["Class teacher's comment", card.classTeacherComment],
    [
      school.principalName ? `Principal's comment (${school.principalName})` : "Principal's comment",
      card.principalComment,
    ],
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
}

type EmbeddedAssets = {
  regular: Awaited<ReturnType<PDFDocument['embedFont']>>;
  bold: Awaited<ReturnType<PDFDocument['embedFont']>>;
  logo: Awaited<ReturnType<PDFDocument['embedPng']>> | null;
};

async function newDocument(school: TSchoolHeader, title: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor(school.name || 'Sekolo');
  let logo: EmbeddedAssets['logo'] = null;
  if (school.logo) {
    try {
      logo = school.logo.png ? await doc.embedPng(school.logo.bytes) : await doc.embedJpg(school.logo.bytes);
    } catch {
      // A picture pdf-lib cannot read leaves the card without a logo rather than without a card.
      logo = null;
    }
  }
  const embedded: EmbeddedAssets = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    logo,
  };
  return { doc, embedded };
}

const fileNameOf = (card: TReportCard) =>
  `report-card-${card.learnerName.replace(/[^A-Za-z0-9]+/g, '-')}-${card.year}-term-${card.term}.pdf`;

/** The report card as a PDF, with its file name. */
export async function reportCardPdf(db: Database, storage: IFileStorage, ctx: TSchoolContext, id: string) {
  const card = await readableCard(db, ctx, id);
  const school = await schoolHeader(db, storage, ctx.organizationId);
  const { doc, embedded } = await newDocument(
    school,
    `Report card: ${card.learnerName}, Term ${card.term} ${card.year}`,
  );
  const [drawing] = await cardDrawings(db, ctx.organizationId, [card]);
  await drawCard(doc, school, embedded, drawing!);
  return { filename: fileNameOf(card), pdf: await doc.save() };
}

/**
 * A class's generated cards of the term for the admin: one PDF (a page per learner, in register
 * order) or a zip of one PDF per learner. None generated yet is 409; another school's class 404.
 */
export async function reportCardBundle(
  db: Database,
  storage: IFileStorage,
  ctx: TSchoolContext,
  query: { year: number; term: number; registerClassId: string; format: 'pdf' | 'zip' },
) {
  const [klass] = await db
    .select({ name: registerClasses.name })
    .from(registerClasses)
    .where(and(eq(registerClasses.id, query.registerClassId), eq(registerClasses.organizationId, ctx.organizationId)));
  if (!klass) throw notFound(REPORT_CARD_MESSAGES.classNotFound);
  const cards = await listReportCards(db, ctx, query);
  if (!cards.length) throw conflict(REPORT_CARD_MESSAGES.nothingToBundle);
  const school = await schoolHeader(db, storage, ctx.organizationId);
  const drawings = await cardDrawings(db, ctx.organizationId, cards);
  const base = `report-cards-${klass.name.replace(/[^A-Za-z0-9]+/g, '-')}-${query.year}-term-${query.term}`;
  if (query.format === 'pdf') {
    const { doc, embedded } = await newDocument(
      school,
      `Report cards: ${klass.name}, Term ${query.term} ${query.year}`,
    );
    for (const drawing of drawings) await drawCard(doc, school, embedded, drawing);
    return { filename: `${base}.pdf`, type: 'application/pdf', bytes: await doc.save() };
  }
  const files: Record<string, Uint8Array> = {};
  for (const drawing of drawings) {
    const { card } = drawing;
    const { doc, embedded } = await newDocument(
      school,
      `Report card: ${card.learnerName}, Term ${card.term} ${card.year}`,
    );
    await drawCard(doc, school, embedded, drawing);
    let name = fileNameOf(card);
    // Two learners of one name get the admission number in the file's name.
    if (files[name]) name = name.replace(/\.pdf$/, `-${card.admissionNumber}.pdf`);
    files[name] = await doc.save();
  }
  // PDFs are compressed already: stored, not deflated again.
  return { filename: `${base}.zip`, type: 'application/zip', bytes: zipSync(files, { level: 0 }) };
}
