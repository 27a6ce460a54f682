import { and, desc, eq, gte } from 'drizzle-orm';
import type { TChildAbsence } from '@sekolo/shared/schemas/attendance';
import type { App } from '../../app.ts';
import type { DbExecutor } from '../../db/client.ts';
import { attendanceRecords, guardians, learnerGuardians, learners, organizations } from '../../db/schema/index.ts';
import { composeMail } from '../../mail/compose-mail.ts';
import type { TSchoolContext } from '../school/school-context.ts';
import { GUARDIAN_LINKS, LINKED_LEARNER, myChildren } from '../school/my-children.ts';

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

/** A guardian to tell of a learner newly marked absent: a row of the register save's notices (register.ts). */
export type TAbsenceNoticeRow = {
  learnerFirstName: string;
  learnerLastName: string;
  guardianFirstName: string;
  email: string;
  reason: string;
};

/**
 * Queues an e-mail to each guardian of `rows` (those who receive communications, found by the
 * register's save statement for each learner newly marked absent), in the register's own
 * transaction `tx` (the outbox pattern): the marks and their notices commit together or not at
 * all. Only the change to absent counts, so saving the same register again sends nothing. `tx` is
 * opened with transaction() (db/transaction.ts), so the mailer delivers them once it commits.
 * Returns the number of mails queued.
 */
export async function queueAbsenceNotices(
  app: App,
  tx: DbExecutor,
  ctx: TSchoolContext,
  rows: TAbsenceNoticeRow[],
  date: string,
): Promise<number> {
  if (rows.length === 0) return 0;
  const day = formatDay(date);
  await app.deps.mailer.sendMany(
    rows.map((row) => {
      const child = `${row.learnerFirstName} ${row.learnerLastName}`;
      return {
        to: row.email,
        subject: `${child} was marked absent on ${day}`,
        tag: 'attendance-absence',
        ...composeMail({
          greeting: `Hello ${row.guardianFirstName},`,
          paragraphs: [
            `${ctx.schoolName} marked ${child} absent on ${day}.`,
            ...(row.reason ? [`Reason recorded: ${row.reason}`] : []),
            'If you did not expect this, please contact the school. You can also see your child’s attendance on your Sekolo parent dashboard.',
          ],
          actions: [{ label: 'Open my dashboard', url: `${app.deps.config.publicUrl}/dashboard/parent` }],
        }),
      };
    }),
    { within: tx },
  );
  return rows.length;
}

/** The parent dashboard's notice: recent absences of the signed-in guardian's children, newest first. */
export async function listMyChildrenAbsences(db: DbExecutor, userId: string, since: string): Promise<TChildAbsence[]> {
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
        eq(attendanceRecords.learnerId, learners.id),
        eq(attendanceRecords.status, 'absent'),
        gte(attendanceRecords.date, since),
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
