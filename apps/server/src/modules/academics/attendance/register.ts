import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import {
  ATTENDANCE_MESSAGES,
  schoolToday,
  type TAttendanceStatus,
  type TRegister,
  type TRegisterRow,
  type TRegisterSaveResult,
} from '@sekolo/shared/schemas/attendance';
import type { App } from '../../../platform/http/app-types.ts';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { columnPositions, namedArrayStatement, type DbExecutor } from '../../../platform/db/client.ts';
import {
  attendanceChanges,
  attendanceRecords,
  auditEvents,
  guardians,
  learnerGuardians,
  learners,
  notificationPreferences,
  notifications,
  outboxMessages,
  schoolNotificationSettings,
  registerClasses,
  registerClassTeachers,
} from '../../../platform/db/schema/index.ts';
import { truncateIp } from '../../../platform/audit/audit.ts';
import { badRequest, forbidden, isUniqueViolation, notFound, savedMeanwhile } from '../../../platform/http/errors.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { SESSION_COLUMN_COUNT, sessionWith } from '../../../platform/auth/session-lookup.ts';
import { canMarkClass, classesMarkedBy } from './attendance-access.ts';
import {
  ABSENCE_MAIL_TAG,
  absenceMailTemplatesJson,
  fillAbsenceMail,
  type TAbsenceMailTemplates,
} from './absence-notice.ts';
import { channelsSql } from '../../notifications/index.ts';
import { inClassOn } from './class-members.ts';

/**
 * `OFFSET 0` keeps a subquery a query of its own: PostgreSQL would otherwise fold the class's marks
 * into the join and probe the unique key per learner again. Written as SQL because drizzle leaves
 * out an offset of the number 0.
 */
const KEEP_APART = sql`0` as unknown as number;

/**
 * Every learner on the class's register of the day (in the class that day, or with a mark in it
 * that day: class-members.ts), with the day's saved mark or none: one statement (the class, its
 * teacher, its learners and their marks), so a register costs one round trip.
 *
 * The marks are found the way they were saved: the class's records of the day are one range of
 * attendance_records_class_date_idx, a few adjacent pages whatever the table's size. Asking for
 * each learner's mark by the learner and the date instead costs 40 probes of the unique key (at
 * scale, 42 blocks read from outside PostgreSQL's cache against 5, and twice the register reads a
 * second under pgbench, when that key was led by the learner). A learner with no mark in this
 * class's records (not yet marked, or marked in the class they were in that day before a move) is
 * looked up by the school's day and the learner (the unique key), so the register shows the same
 * marks either way.
 *
 * Built once, without a database (the scale bench, scripts/bench-school.mjs, runs its text too);
 * its columns are read by position (registerRows). `organizationId` is the school (a placeholder
 * by default); `ordered: false` leaves the rows unsorted, for a caller that orders them itself.
 */
export function registerQuery(organizationId: SQLWrapper = sql.placeholder('organizationId'), ordered = true) {
  const db = new QueryBuilder();
  const classId = sql.placeholder('classId');
  const date = sql.placeholder('date');
  const mark = {
    learnerId: attendanceRecords.learnerId,
    status: attendanceRecords.status,
    reason: attendanceRecords.reason,
    markedAt: attendanceRecords.markedAt,
  };
  const classMarks = db
    .select(mark)
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.organizationId, organizationId),
        eq(attendanceRecords.registerClassId, classId),
        eq(attendanceRecords.date, date),
      ),
    )
    .offset(KEEP_APART)
    .as('class_marks');
  const person = {
    id: learners.id,
    firstName: learners.firstName,
    lastName: learners.lastName,
    preferredName: learners.preferredName,
    admissionNumber: learners.admissionNumber,
  };
  // Who the register is of (class-members.ts): the learners in the class that day, then, rarely
  // any, a learner with a mark in it that day who is not (one who left the class since). The second
  // part reads the class's marks of the day (one range of attendance_records_class_date_idx) and
  // looks up a learner's row only for a mark no learner of the first part has.
  const listed = db
    .select(person)
    .from(learners)
    .where(inClassOn(classId, organizationId, date))
    .unionAll(
      db
        .select(person)
        .from(attendanceRecords)
        .innerJoin(
          learners,
          and(eq(learners.id, attendanceRecords.learnerId), eq(learners.organizationId, organizationId)),
        )
        .where(
          and(
            eq(attendanceRecords.organizationId, organizationId),
            eq(attendanceRecords.registerClassId, classId),
            eq(attendanceRecords.date, date),
            sql`(${inClassOn(classId, organizationId, date)}) is not true`,
          ),
        ),
    )
    .as('listed');
  // Only for a learner the class's marks lack: PostgreSQL skips the probe otherwise (a one-time filter).
  const otherMark = db
    .select(mark)
    .from(attendanceRecords)
    .where(
      and(
        sql`${classMarks.learnerId} is null`,
        eq(attendanceRecords.organizationId, organizationId),
        eq(attendanceRecords.date, date),
        eq(attendanceRecords.learnerId, listed.id),
      ),
    )
    .offset(KEEP_APART)
    .as('other_mark');
  const query = db
    .select({
      classId: registerClasses.id,
      className: registerClasses.name,
      grade: registerClasses.grade,
      teacherId: registerClassTeachers.userId,
      learnerId: listed.id,
      firstName: listed.firstName,
      lastName: listed.lastName,
      preferredName: listed.preferredName,
      admissionNumber: listed.admissionNumber,
      // One mark a learner, whichever found it. Flat columns: drizzle maps each selected field
      // of each row, a cost the profile of the read shows.
      status: sql<string | null>`coalesce(${classMarks.status}, ${otherMark.status})`,
      reason: sql<string | null>`coalesce(${classMarks.reason}, ${otherMark.reason})`,
      markedAt: sql<string | null>`coalesce(${classMarks.markedAt}, ${otherMark.markedAt})`,
    })
    .from(registerClasses)
    .leftJoin(registerClassTeachers, eq(registerClassTeachers.registerClassId, registerClasses.id))
    // The class's learners by the same arguments as the class (not by its columns), so PostgreSQL
    // expects 40 of them and hashes the class's marks once instead of scanning them per learner.
    .leftJoin(listed, sql`true`)
    .leftJoin(classMarks, eq(classMarks.learnerId, listed.id))
    .leftJoinLateral(otherMark, sql`true`)
    .where(and(eq(registerClasses.id, classId), eq(registerClasses.organizationId, organizationId)));
  return ordered ? query.orderBy(asc(listed.lastName), asc(listed.firstName), asc(listed.id)) : query;
}

/** A register row's fields (TRegisterRow), as registerQuery selects them and registerWithSessionQuery's JSON names them. */
const REGISTER_ROW_FIELDS = [
  'learnerId',
  'firstName',
  'lastName',
  'preferredName',
  'admissionNumber',
  'status',
  'reason',
] as const satisfies readonly (keyof TRegisterRow)[];

/** registerQuery's columns, in the order of its SELECT: registerRows reads each row by position. */
const REGISTER_COLUMNS = ['classId', 'className', 'grade', 'teacherId', ...REGISTER_ROW_FIELDS, 'markedAt'] as const;

const REGISTER = registerQuery();
const C = columnPositions(REGISTER._.selectedFields, REGISTER_COLUMNS);

/** The register's rows: the class (from the first row), each learner's row and the day's last mark time. */
function registerRows(rows: unknown[][]) {
  const first = rows[0];
  if (!first) return null;
  let last = 0;
  const learnerRows: TRegister['rows'] = [];
  for (const r of rows) {
    if (r[C.learnerId] === null) continue; // a class without learners: the class row alone
    const markedAt = r[C.markedAt] as string | null; // PostgreSQL's text of a timestamptz
    if (markedAt) last = Math.max(last, Date.parse(markedAt));
    learnerRows.push({
      learnerId: r[C.learnerId] as string,
      firstName: r[C.firstName] as string,
      lastName: r[C.lastName] as string,
      preferredName: r[C.preferredName] as string,
      admissionNumber: r[C.admissionNumber] as string,
      status: (r[C.status] as TAttendanceStatus | null) ?? null,
      reason: (r[C.reason] as string | null) ?? '',
    });
  }
  return {
    classId: first[C.classId] as string,
    className: first[C.className] as string,
    grade: first[C.grade] as number,
    teacherId: first[C.teacherId] as string | null,
    last,
    rows: learnerRows,
  };
}

const runRegister = namedArrayStatement('sekolo_register', REGISTER.getSQL(), registerRows);

export async function getRegister(
  db: DbExecutor,
  ctx: TSchoolContext,
  classId: string,
  date: string,
): Promise<TRegister> {
  const found = await runRegister(db, { classId, organizationId: ctx.organizationId, date });
  if (!found) throw notFound(ATTENDANCE_MESSAGES.classNotFound);
  return { ...registerHeader(ctx, found, date, found.last || null), rows: found.rows };
}

/** A register's fields but its rows, for the caller `ctx`; `lastMark` is the day's latest mark time. */
function registerHeader(
  ctx: TSchoolContext,
  cls: { classId: string; className: string; grade: number; teacherId: string | null },
  date: string,
  lastMark: string | number | null,
): Omit<TRegister, 'rows'> {
  return {
    classId: cls.classId,
    className: cls.className,
    grade: gradeFromNumber(cls.grade),
    date,
    canMark: canMarkClass(ctx, cls),
    markedAt: lastMark === null ? null : new Date(lastMark).toISOString(),
  };
}

/**
 * The register read and the caller's session in one statement, one round trip instead of two (the
 * session lookup's socket write and PostgreSQL's wake-up were a third of the server's busy time
 * for a read at scale, docs/decisions/007-school-scale-on-two-cores.md): the session of the token (SESSION_SELECT), then the class of
 * its school with its learners and the day's marks (registerQuery), the learners as the page's
 * JSON rows, written by PostgreSQL and sent as they are. One row: the session's columns, then the
 * class's (`SESSION_COLUMN_COUNT` on), or none when the token names no session.
 */
export function registerWithSessionQuery(): SQL {
  // Unordered: json_agg puts the rows in the register's order itself.
  const register = registerQuery(sql`(select "organizationId" from "session")`, false);
  const columns = sql.join(
    REGISTER_COLUMNS.map((name) => sql.identifier(name)),
    sql`, `,
  );
  // Each learner's row as a record whose columns are named as TRegisterRow's fields: json_agg writes
  // a record with its column names as keys (cheaper in PostgreSQL than json_build_object's pairs).
  const item = sql.join(
    REGISTER_ROW_FIELDS.map((name) =>
      name === 'reason' ? sql`coalesce("reason", '') as "reason"` : sql`${sql.identifier(name)}`,
    ),
    sql`, `,
  );
  return sql`with ${sessionWith('session')}
    select "session".*, ${sql.join(
      CLASS_COLUMNS.map((name) => sql`"class".${sql.identifier(name)}`),
      sql`, `,
    )}
    from "session" left join (
      select "classId", "className", "grade", "teacherId",
        coalesce(json_agg("item" order by "item"."lastName", "item"."firstName", "item"."learnerId")
          filter (where "item"."learnerId" is not null), '[]')::text as "rows",
        max("markedAt")::text as "markedAt"
      from (${register}) as "register"(${columns}) cross join lateral (select ${item}) as "item"
      group by "classId", "className", "grade", "teacherId"
    ) as "class" on true`;
}

/** What registerWithSessionQuery reads of the class, after the session's columns, and where in its row. */
const CLASS_COLUMNS = ['classId', 'className', 'grade', 'teacherId', 'rows', 'markedAt'] as const;
const K = Object.fromEntries(CLASS_COLUMNS.map((name, i) => [name, SESSION_COLUMN_COUNT + i])) as Record<
  (typeof CLASS_COLUMNS)[number],
  number
>;

/** The name registerWithSessionQuery's statement is prepared under (the scale bench runs it so too). */
export const REGISTER_SESSION_STATEMENT = 'sekolo_register_session';
const runRegisterWithSession = namedArrayStatement(
  REGISTER_SESSION_STATEMENT,
  registerWithSessionQuery(),
  (rows) => rows[0],
);

/**
 * The register of `classId` on `date` for the caller whose session `token` names, as the GET
 * route's JSON body (`{ register: TRegister }`), in one statement: `applyPolicy` applies the
 * route's policy to the session the statement read (401 and 403 as on every route), then the class
 * must be of the caller's school (404).
 */
export async function registerBodyForSession(
  db: DbExecutor,
  token: string,
  applyPolicy: (sessionColumns: readonly unknown[] | undefined) => Promise<TSchoolContext>,
  classId: string,
  date: string,
): Promise<string> {
  const row = await runRegisterWithSession(db, { token, classId, date });
  const ctx = await applyPolicy(row);
  const c = (name: (typeof CLASS_COLUMNS)[number]) => row![K[name]];
  if (c('classId') == null) throw notFound(ATTENDANCE_MESSAGES.classNotFound);
  const cls = {
    classId: c('classId') as string,
    className: c('className') as string,
    grade: c('grade') as number,
    teacherId: c('teacherId') as string | null,
  };
  const register = registerHeader(ctx, cls, date, c('markedAt') as string | null);
  // The rows are PostgreSQL's JSON text: put in as they are, not parsed and written again.
  return `{"register":${JSON.stringify(register).slice(0, -1)},"rows":${c('rows') as string}}}`;
}

/** The values of the save's statement, by name: the save's own, then who saves (SAVE_CALLER_PARAMS). */
const SAVE_REGISTER_PARAMS = ['classId', 'date', 'ip', 'marks', 'mail', 'mailStatus', 'mailLowercase'] as const;

/**
 * Who saves, by name: the caller the route's policy resolved (the school, its name, the user, and
 * whose registers they mark, classesMarkedBy), and the auth generation their session was read at
 * (null: read just now). The statement takes them as given while the generation holds.
 */
const SAVE_CALLER_PARAMS = ['organizationId', 'schoolName', 'userId', 'anyClass', 'teacherId', 'generation'] as const;

/** What saveRegisterStatement is given: values, or placeholders. */
export type TSaveRegisterParams = Record<
  (typeof SAVE_REGISTER_PARAMS)[number] | (typeof SAVE_CALLER_PARAMS)[number],
  unknown
>;

/** The name the save's statement is prepared under (the scale bench runs it so too). */
export const SAVE_REGISTER_STATEMENT = 'sekolo_save_register';

/**
 * The `WITH` query that says who saves: the caller the policy resolved, as parameters; empty when
 * the session read they were resolved from is out of date (the auth generation moved since).
 */
function callerWith(p: Record<string, unknown>): SQL {
  return sql`caller as (
      select ${p.organizationId}::uuid as organization_id, ${p.schoolName}::text as school_name, ${p.userId}::text as user_id,
        ${p.anyClass}::boolean as any_class, ${p.teacherId}::text as teacher_id
      where ${p.generation}::bigint is null or ${p.generation}::bigint = (select "n" from "auth_generation")
    )`;
}

/**
 * The whole save of a register, its absence e-mails included, as one statement: one round trip to
 * PostgreSQL instead of up to nine (begin, the class, the saved marks, the insert, the
 * corrections, the audit, the guardians, their mails, commit), each of which costs the server a
 * socket write and PostgreSQL a wake-up (a save's largest costs in the scale bench's profiles).
 * The caller comes resolved by the route's policy, whose session read is recent enough to
 * reuse (schoolPolicy's sessionReadWithinMs), so a save is one round trip in all. Being one statement, it is atomic without a transaction around it. Run prepared
 * (namedArrayStatement): its planning (about 1.8 ms) costs more than its run. docs/decisions/007-school-scale-on-two-cores.md has the
 * measurements. `marks` is the marks as a jsonb array of { learner_id, status, reason, was }, in the
 * register's order (`was`: the mark the caller's register showed, or null for no check); `mail` the
 * absence e-mail's templates (absenceMailTemplatesJson), `mailStatus` and `mailLowercase` the
 * mailer's form of an outbox row (Mailer.rowForm).
 *
 * - `caller`: who saves, as the policy resolved them (callerWith); nothing below finds a class
 *   without it, and the caller reads the session again and saves once more.
 * - `class`, `allowed`: the register class in the caller's school, and whether the caller marks it:
 *   `any_class` (an admin), or its class teacher is the caller's `teacher_id` (classesMarkedBy).
 *   The day's marks are neither locked nor written otherwise; the caller answers 404 or 403.
 * - `class_saved`, `checked`: whether each learner of the marks is on the register of the day (in
 *   the class that day, or with a mark in it that day: class-members.ts), and the
 *   day's saved mark, locked `FOR UPDATE` (a second save of the register waits, then corrects from
 *   the first's marks; of two first saves at once, the second fails on the unique key of
 *   (school, date, learner) and writes nothing). The class's marks of the day are found as the register
 *   read finds them, one range of attendance_records_class_date_idx; only a learner without one
 *   there (a first save, or a learner marked that day in the class they were in before a move) is
 *   looked up by the unique key (school, date, learner), a probe into the school's day. A
 *   correction then reads a few adjacent pages instead of 40 spread ones (pgbench at scale, three
 *   alternating pairs: 882 / 801, 913 / 833 and 957 / 861 saves a second, docs/decisions/007-school-scale-on-two-cores.md). Only the
 *   marks of the learners saved are locked: two classes' saves lock the rows of their own current
 *   learners, never each other's (a learner moved between them that day included), so they cannot
 *   deadlock.
 * - `stamp`: the time of the save, read once every lock is held (its count needs all of `checked`):
 *   a save that waited for another's locks is stamped after it, so the history keeps their order.
 *   The audit event takes it to the millisecond, as every audit event (platform/audit/audit.ts).
 * - Nothing is written unless every learner is in the class and no mark the save would change
 *   differs from the `was` the caller read (someone else saved it since: `conflicts`) (`ok`); the
 *   caller refuses the batch (400, or 409 for a mark saved meanwhile).
 * - New marks are inserted; changed marks are updated, each correction written to
 *   attendance_changes and the corrections audited (`attendance.corrected`, with their number).
 * - `mailed`: the e-mail to each guardian of a learner newly marked absent (one who receives
 *   communications and has an e-mail address), filled in from the templates (fillAbsenceMail),
 *   the school's name from `caller`.
 * - It answers (SAVE_ANSWER) whether the caller's session read was current, the class found and is the caller's to mark, the first
 *   learner not in the class and the counts: marks created, marks changed, mails stored (which the
 *   bench's pgbench side reads) and marks saved meanwhile.
 *
 * Data-modifying CTEs all see the statement's snapshot: the notices read the marks given, not the
 * rows written. The scale bench (scripts/bench-school.mjs) runs this very text.
 */
export function saveRegisterStatement(p: TSaveRegisterParams): SQL {
  const org = sql`(select organization_id from caller)`;
  const user = sql`(select user_id from caller)`;
  const cls = sql`${p.classId}::uuid`;
  const date = sql`${p.date}::date`;
  const now = sql`(select now from stamp)`;
  const absenceChannels = channelsSql('absence', sql`p`);
  const fill = (template: keyof TAbsenceMailTemplates, html: boolean) =>
    fillAbsenceMail(
      sql`t.${sql.raw(`"${template}"`)}`,
      {
        school: sql`k.school_name`,
        guardian: sql`n.guardian`,
        child: sql`n.child`,
        reason: sql`n.reason`,
      },
      html,
    );
  // A mark someone else saved after the caller read the register (it differs from the `was` the
  // caller sent), which this save would change: the save is refused whole.
  const stale = sql`c.was is not null
        and (c.old_status::text, coalesce(c.old_reason, '')) is distinct from (c.was->>'status', coalesce(c.was->>'reason', ''))
        and (c.status, c.reason) is distinct from (c.old_status, c.old_reason)`;
  const answer = sql`exists (select 1 from caller) as current,
      exists (select 1 from class) as class_found,
      (select allowed from allowed) as allowed,
      (select c.learner_id from checked as c where not c.in_class order by c.n limit 1) as stranger,
      (select count(*) from checked as c where c.record_id is null)::int as created,
      (select count(*) from updated)::int as changed,
      (select count(*) from mailed)::int as notified,
      (select count(*) from checked as c where ${stale})::int as conflicts`;
  return sql`with ${callerWith(p)}, class as (
      select rc.id, t.user_id as teacher_id from ${registerClasses} as rc
      left join ${registerClassTeachers} as t on t.register_class_id = rc.id
      where rc.id = ${cls} and rc.organization_id = ${org}
    ), allowed as (
      select coalesce(bool_or(caller.any_class or class.teacher_id = caller.teacher_id), false) as allowed
      from class cross join caller
    ), marks as (
      select m.learner_id, m.status, m.reason, m.was, m.n
      from rows from (jsonb_to_recordset(${p.marks}::jsonb) as (learner_id uuid, status text, reason text, was jsonb))
        with ordinality as m(learner_id, status, reason, was, n)
    ), class_saved as materialized (
      select a.id, a.learner_id, a.status, a.reason from ${attendanceRecords} as a
      where a.organization_id = ${org} and a.register_class_id = ${cls} and a.date = ${date}
        and a.learner_id in (select learner_id from marks) and (select allowed from allowed)
      for update
    ), checked as materialized (
      select marks.*,
        (in_class_saved.id is not null or exists (select 1 from ${learners} as l where l.id = marks.learner_id
          and l.organization_id = ${org} and l.register_class_id = ${cls} and l.archived_at is null
          and l.register_class_since <= ${date})) as in_class,
        coalesce(in_class_saved.id, elsewhere.id) as record_id,
        coalesce(in_class_saved.status, elsewhere.status) as old_status,
        coalesce(in_class_saved.reason, elsewhere.reason) as old_reason
      from marks left join class_saved as in_class_saved on in_class_saved.learner_id = marks.learner_id
      left join lateral (select a.id, a.status, a.reason from ${attendanceRecords} as a
        where in_class_saved.id is null and a.organization_id = ${org} and a.date = ${date} and a.learner_id = marks.learner_id
          and (select allowed from allowed)
        for update) as elsewhere on true
    ), stamp as (
      select clock_timestamp() as now, count(*) from checked
    ), ok as (
      select (select allowed from allowed) and bool_and(in_class) is not false
        and not coalesce(bool_or(${stale}), false) as ok from checked as c
    ), inserted as (
      insert into ${attendanceRecords} (organization_id, register_class_id, learner_id, date, status, reason, marked_by, marked_at)
      select ${org}, ${cls}, c.learner_id, ${date}, c.status, c.reason, ${user}, ${now}
      from checked as c where c.record_id is null and (select ok from ok)
      order by c.n
    ), changed as (
      select c.* from checked as c
      where c.record_id is not null and (c.status, c.reason) is distinct from (c.old_status, c.old_reason) and (select ok from ok)
    ), updated as (
      update ${attendanceRecords} as a set status = c.status, reason = c.reason, marked_by = ${user}, marked_at = ${now}
      from changed as c where a.id = c.record_id
      returning a.id
    ), history as (
      insert into ${attendanceChanges} (organization_id, record_id, old_status, old_reason, new_status, new_reason, changed_by, changed_at)
      select ${org}, c.record_id, c.old_status, c.old_reason, c.status, c.reason, ${user}, ${now}
      from changed as c join updated as u on u.id = c.record_id
    ), audit as (
      insert into ${auditEvents} (at, actor_user_id, action, target, ip, details)
      select date_trunc('milliseconds', ${now}), ${user}, 'attendance.corrected', 'register_class:' || ${cls}, ${p.ip},
        jsonb_build_object('organizationId', ${org}, 'date', ${date}, 'changed', count(*))
      from updated having count(*) > 0
    ), notices as (
      select l.first_name || ' ' || l.last_name as child, g.first_name as guardian, g.email, c.reason, c.n, g.id as guardian_id,
        c.learner_id, g.user_id, ${absenceChannels} as channels
      from checked as c
      join ${learnerGuardians} as lg on lg.learner_id = c.learner_id and lg.organization_id = ${org} and lg.receives_communications
      join ${learners} as l on l.id = c.learner_id
      join ${guardians} as g on g.id = lg.guardian_id and g.email is not null
      left join ${notificationPreferences} as p on p.user_id = g.user_id and p.kind = 'absence'
      where c.status = 'absent' and c.old_status is distinct from 'absent' and (select ok from ok)
        -- The school's notification settings (modules/school-settings) may turn absence notices off.
        and not exists (select 1 from ${schoolNotificationSettings} as ns where ns.organization_id = ${org} and not ns.absence_notices)
    ), templates as materialized (
      select m->>'subject' as "subject", m->>'text' as "text", m->>'textWithoutReason' as "textWithoutReason",
        m->>'html' as "html", m->>'htmlWithoutReason' as "htmlWithoutReason"
      from (select ${p.mail}::jsonb as m) as given
    ), mailed as (
      insert into ${outboxMessages} ("to", subject, text, html, tag, status, next_attempt_at)
      select case when ${p.mailLowercase}::boolean then lower(trim(n.email)) else trim(n.email) end,
        ${fill('subject', false)},
        case when n.reason <> '' then ${fill('text', false)} else ${fill('textWithoutReason', false)} end,
        case when n.reason <> '' then ${fill('html', true)} else ${fill('htmlWithoutReason', true)} end,
        ${sql.raw(`'${ABSENCE_MAIL_TAG}'`)}, ${p.mailStatus}::text, case when ${p.mailStatus}::text = 'pending' then now() end
      from notices as n cross join templates as t cross join caller as k
      where n.user_id is null or 'email' = any(n.channels)
      order by n.n, n.guardian_id
      returning 1
    ), in_app as (
      -- The guardian's notification of it (notify(), set-wise): in the bell when they want it there,
      -- its e-mail the one written above, an SMS left for the notifications module's delivery job.
      insert into ${notifications} (user_id, organization_id, kind, event_key, title, body, link, channels, pending, email_at)
      select n.user_id, ${org}, 'absence', 'absence:' || n.learner_id || ':' || ${date}, ${fill('subject', false)},
        case when n.reason <> '' then 'Reason recorded: ' || n.reason else 'If you did not expect this, please contact the school.' end,
        '/dashboard/parent', n.channels, 'sms' = any(n.channels), case when 'email' = any(n.channels) then now() end
      from notices as n cross join templates as t cross join caller as k
      where n.user_id is not null and cardinality(n.channels) > 0
      on conflict (user_id, event_key) do nothing
    )
    select ${answer}`;
}

/** What the save's statement answers. */
const SAVE_ANSWER = [
  'current',
  'classFound',
  'allowed',
  'stranger',
  'created',
  'changed',
  'notified',
  'conflicts',
] as const;
type TSaveAnswer = {
  current: boolean;
  classFound: boolean;
  allowed: boolean;
  stranger: string | null;
  created: number;
  changed: number;
  notified: number;
  conflicts: number;
};

/** The save's statement as it is prepared: each value a placeholder of its name (the scale bench runs it too). */
export function saveRegisterQuery(): SQL {
  const placeholders = Object.fromEntries(
    [...SAVE_REGISTER_PARAMS, ...SAVE_CALLER_PARAMS].map((name) => [name, sql.placeholder(name)]),
  ) as TSaveRegisterParams;
  return saveRegisterStatement(placeholders);
}

/** The save's statement, prepared; it answers its one row as an array. */
const runSave = namedArrayStatement(SAVE_REGISTER_STATEMENT, saveRegisterQuery(), (rows) => rows[0]!);

/** The answer's fields from the statement's row. */
export function saveAnswer(row: readonly unknown[]): TSaveAnswer {
  return Object.fromEntries(SAVE_ANSWER.map((name, i) => [name, row[i]])) as TSaveAnswer;
}

/**
 * Why a save that passed validation is not sent (a 400 to throw), or null: a date in the future, or
 * a learner twice. The route checks it before the save.
 */
export function saveRefusal(date: string, marks: readonly { learnerId: string }[]): Error | null {
  if (date > schoolToday()) return badRequest(ATTENDANCE_MESSAGES.dateFuture, { date: ATTENDANCE_MESSAGES.dateFuture });
  const seen = new Set<string>();
  for (const mark of marks) {
    if (seen.has(mark.learnerId)) return badRequest(ATTENDANCE_MESSAGES.duplicateLearner(mark.learnerId));
    seen.add(mark.learnerId);
  }
  return null;
}

type TMarks = {
  learnerId: string;
  status: TAttendanceStatus;
  reason: string;
  was?: { status: TAttendanceStatus | null; reason: string };
}[];

/** The statement's values but who saves. */
function saveValues(app: App, classId: string, date: string, marks: TMarks, ip: string) {
  const { mailer, config } = app.deps;
  return {
    classId,
    date,
    ip: truncateIp(ip),
    marks: JSON.stringify(
      marks.map((m) => ({ learner_id: m.learnerId, status: m.status, reason: m.reason, was: m.was ?? null })),
    ),
    mail: absenceMailTemplatesJson(config.publicUrl, date),
    mailStatus: mailer.rowForm.status,
    mailLowercase: mailer.rowForm.lowercaseTo,
  };
}

/** Runs a save's statement: a first save that lost a race to another is 409, whole. */
async function runSaveStatement(run: Promise<readonly unknown[]>): Promise<readonly unknown[]> {
  try {
    return await run;
  } catch (error) {
    if (isUniqueViolation(error)) throw savedMeanwhile(ATTENDANCE_MESSAGES.concurrentSave);
    throw error;
  }
}

/**
 * The answer for the caller once they are let through: nothing was written, and nothing locked,
 * unless the class is the caller's to mark and every learner is in it (the statement's writes wait
 * for both).
 */
function saveResult(app: App, answer: TSaveAnswer, marks: TMarks): TRegisterSaveResult {
  if (!answer.classFound) throw notFound(ATTENDANCE_MESSAGES.classNotFound);
  if (!answer.allowed) throw forbidden(ATTENDANCE_MESSAGES.notYourClass);
  if (answer.stranger) throw badRequest(ATTENDANCE_MESSAGES.learnerNotInClass(answer.stranger));
  if (answer.conflicts) throw savedMeanwhile(ATTENDANCE_MESSAGES.changedMeanwhile(answer.conflicts));
  if (answer.notified) app.deps.mailer.stored();
  return { saved: marks.length, created: answer.created, changed: answer.changed, notified: answer.notified };
}

/**
 * Saves every mark of the class and date, and queues the e-mails to the guardians of each learner
 * newly marked absent, in one statement: the marks and their mails are stored together or not at
 * all (the outbox pattern), with no transaction around them to open and commit (two round trips
 * more). New marks are inserted; changed marks are updated and the correction written to
 * attendance_changes. A learner not in the class refuses the whole batch. A first save that
 * races another first save of the register fails on the day's unique key and is refused (409),
 * whole. Only the change to absent is told, so saving the same register again sends nothing.
 * `ctx` is the caller the route's policy let through, and the save one saveRefusal lets through
 * (the route checks it); `readAgain` applies the policy to the session read afresh, for a `ctx`
 * resolved from a reused session read that turns out to be out of date.
 */
export async function saveRegister(
  app: App,
  ctx: TSchoolContext,
  classId: string,
  date: string,
  marks: TMarks,
  readAgain: () => Promise<TSchoolContext>,
): Promise<TRegisterSaveResult> {
  const run = async (caller: TSchoolContext, generation: string | null) => {
    const teacher = classesMarkedBy(caller);
    const row = await runSaveStatement(
      runSave(app.deps.database.db, {
        ...saveValues(app, classId, date, marks, caller.ip),
        organizationId: caller.organizationId,
        schoolName: caller.schoolName,
        userId: caller.user.id,
        anyClass: teacher === null,
        teacherId: teacher || '', // no user has the empty id
        generation,
      } satisfies TSaveRegisterParams),
    );
    return saveAnswer(row);
  };
  let answer = await run(ctx, ctx.user.sessionGeneration);
  // The caller's standing may have changed since their session was read: read it again (the
  // policy answers 401 or 403 if it has), then save as any route would, without the check.
  if (!answer.current) answer = await run(await readAgain(), null);
  return saveResult(app, answer, marks);
}
