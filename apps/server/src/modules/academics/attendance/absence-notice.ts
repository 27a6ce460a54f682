import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TChildAbsence } from '@sekolo/shared/schemas/attendance';
import type { DbExecutor } from '../../../platform/db/client.ts';
import {
  attendanceRecords,
  guardians,
  learnerGuardians,
  learners,
  organizations,
} from '../../../platform/db/schema/index.ts';
import { composeMail } from '../../../platform/mail/compose-mail.ts';
import { GUARDIAN_LINKS, LINKED_LEARNER, myChildren } from '../../../platform/tenancy/guardian-children.ts';
import { onEachDay } from './learner-days.ts';

/** How far back the parent dashboard lists a child's absences. */
export const ABSENCE_NOTICE_DAYS = 14;

const DAY_FORMAT = new Intl.DateTimeFormat('en-ZA', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function formatDay(date: string): string {
  return DAY_FORMAT.format(new Date(`${date}T00:00:00Z`));
}

/** What one absence e-mail says: to a guardian, of their child, with the mark's reason ('' for none). */
export type TAbsenceMailValues = { guardianFirstName: string; child: string; reason: string };

export const ABSENCE_MAIL_TAG = 'attendance-absence';

/** The absence e-mail to one guardian, as the register save stores it in the outbox. */
export function absenceMail(
  school: { schoolName: string; publicUrl: string },
  date: string,
  values: TAbsenceMailValues,
): { subject: string; text: string; html: string } {
  const day = formatDay(date);
  return {
    subject: `${values.child} was marked absent on ${day}`,
    ...composeMail({
      greeting: `Hello ${values.guardianFirstName},`,
      paragraphs: [
        `${school.schoolName} marked ${values.child} absent on ${day}.`,
        ...(values.reason ? [`Reason recorded: ${values.reason}`] : []),
        'If you did not expect this, please contact the school. You can also see your child’s attendance on your Sekolo parent dashboard.',
      ],
      actions: [{ label: 'Open my dashboard', url: `${school.publicUrl}/dashboard/parent` }],
    }),
  };
}

/** The slots of an absence mail's templates for its values, and the value of absenceMail each stands for. */
const SLOT_VALUES = { guardian: 'guardianFirstName', child: 'child', reason: 'reason' } as const;
/** Those slots, and the school's name (the save's statement reads it with the caller's session). */
export type TAbsenceMailSlot = keyof typeof SLOT_VALUES | 'school';
/** Each slot's argument of `format` in fillAbsenceMail, in order: `%2$s` is the child's name. */
const SLOT_ARGUMENTS = ['guardian', 'child', 'school', 'reason'] as const satisfies readonly TAbsenceMailSlot[];

/**
 * A text as a template: a format string of PostgreSQL's `format`, its literal text with each `%`
 * doubled and each slot a positional argument (SLOT_ARGUMENTS). Filled in by fillAbsenceMail.
 */
export type TMailTemplate = string;

/**
 * The absence e-mail of one day as templates, for the register save's statement, which writes each
 * guardian's mail itself (register.ts): absenceMail written once with a marker for each value and
 * for the school's name, then cut at the markers into a format string. A marker holds NUL
 * characters, which no text PostgreSQL stores can hold and which HTML escaping leaves alone. Two
 * forms of the body: with the reason's paragraph and without. `publicUrl` is the server's (its
 * links).
 */
export function absenceMailTemplates(publicUrl: string, date: string) {
  const marked = (withReason: boolean) =>
    absenceMail(
      { schoolName: '\0school\0', publicUrl },
      date,
      Object.fromEntries(
        Object.entries(SLOT_VALUES).map(([slot, value]) => [
          value,
          slot === 'reason' && !withReason ? '' : `\0${slot}\0`,
        ]),
      ) as TAbsenceMailValues,
    );
  // Literal text and slots alternate between the markers (literal, slot, literal, …, literal).
  const cut = (text: string): TMailTemplate =>
    text
      .split('\0')
      .map((piece, i) =>
        i % 2 === 0 ? piece.replaceAll('%', '%%') : `%${SLOT_ARGUMENTS.indexOf(piece as TAbsenceMailSlot) + 1}$s`,
      )
      .join('');
  const withReason = marked(true);
  const withoutReason = marked(false);
  return {
    subject: cut(withReason.subject),
    text: cut(withReason.text),
    html: cut(withReason.html),
    textWithoutReason: cut(withoutReason.text),
    htmlWithoutReason: cut(withoutReason.html),
  };
}
export type TAbsenceMailTemplates = ReturnType<typeof absenceMailTemplates>;

/** The templates of recent days, as the save's `mail` value (JSON). */
const templatesJson = new Map<string, string>();

/**
 * absenceMailTemplates as JSON, kept for the next save: every class saves the same day's registers,
 * so one day's mail is written once, not once a register (the few hundred most recent days are
 * kept).
 */
export function absenceMailTemplatesJson(publicUrl: string, date: string): string {
  const key = `${date} ${publicUrl}`;
  let json = templatesJson.get(key);
  if (json === undefined) {
    json = JSON.stringify(absenceMailTemplates(publicUrl, date));
    if (templatesJson.size >= 500) templatesJson.clear();
    templatesJson.set(key, json);
  }
  return json;
}

/**
 * SQL: `template` (a text, a TMailTemplate) filled in with each slot's value; HTML-escaped when
 * `html`, as composeMail escapes a paragraph (escapeHtml, then each line break a <br>). One call of
 * `format`, not a query over the template's pieces: the save's statement fills five texts, and a
 * query each made up much of the plan PostgreSQL starts on every save.
 */
export function fillAbsenceMail(template: SQL, values: Record<TAbsenceMailSlot, SQL>, html: boolean): SQL {
  const value = (slot: TAbsenceMailSlot) => {
    const raw = sql`coalesce(${values[slot]}, '')`;
    if (!html) return raw;
    return sql`replace(replace(replace(replace(replace(replace(${raw}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
      '"', '&quot;'), '''', '&#39;'), E'\\n', '<br>')`;
  };
  return sql`format(${template}, ${sql.join(
    SLOT_ARGUMENTS.map((slot) => value(slot)),
    sql`, `,
  )})`;
}

/** The parent dashboard's notice: recent absences of the signed-in guardian's children, newest first. */
export async function listMyChildrenAbsences(
  db: DbExecutor,
  userId: string,
  since: string,
  today: string,
): Promise<TChildAbsence[]> {
  const rows = await db
    .select({
      learnerId: learners.id,
      firstName: learners.firstName,
      lastName: learners.lastName,
      date: attendanceRecords.date,
      reason: attendanceRecords.reason,
      schoolName: organizations.name,
    })
    .from(guardians)
    .innerJoin(learnerGuardians, GUARDIAN_LINKS)
    .innerJoin(learners, LINKED_LEARNER)
    .innerJoin(organizations, eq(organizations.id, learners.organizationId))
    .innerJoin(
      attendanceRecords,
      and(
        eq(attendanceRecords.organizationId, learners.organizationId),
        eq(attendanceRecords.learnerId, learners.id),
        onEachDay(since, today),
        eq(attendanceRecords.status, 'absent'),
      ),
    )
    .where(myChildren(userId))
    .orderBy(desc(attendanceRecords.date), desc(learners.firstName))
    .limit(50);
  return rows.map((r) => ({
    learnerId: r.learnerId,
    learnerName: `${r.firstName} ${r.lastName}`,
    date: r.date,
    status: 'absent' as const,
    reason: r.reason,
    schoolName: r.schoolName,
  }));
}
