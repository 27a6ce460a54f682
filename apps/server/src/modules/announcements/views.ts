import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { SCHOOL_GRADES } from '@sekolo/shared/constants/enumerations';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import {
  ANNOUNCEMENT_ROLE_GROUPS,
  COMMUNICATION_MESSAGES as M,
  type TAnnouncementDetail,
  type TAnnouncementReport,
  type TAnnouncementSummary,
  type TAudienceOptions,
  type TReceivedAnnouncement,
} from '@sekolo/shared/schemas/communication';
import { gradeToNumber } from '@sekolo/shared/schemas/school';
import { rowsOf, type DbExecutor } from '../../platform/db/client.ts';
import {
  announcementRecipients,
  announcements,
  organizations,
  registerClasses,
  subjectClasses,
  uploads,
  users,
} from '../../platform/db/schema/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import { schoolSmsState } from '../notifications/index.ts';

type TRow = typeof announcements.$inferSelect;

function summaryOf(row: TRow, createdByName: string | null): TAnnouncementSummary {
  return {
    id: row.id,
    title: row.title,
    audienceLabel: row.audienceLabel,
    channels: row.channels as TAnnouncementSummary['channels'],
    status: row.status,
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    recipientCount: row.recipientCount,
    createdByName,
  };
}

export async function summaryById(db: DbExecutor, organizationId: string, id: string) {
  const [row] = await db
    .select({ a: announcements, by: users.name })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.createdBy))
    .where(and(eq(announcements.id, id), eq(announcements.organizationId, organizationId)));
  if (!row) throw notFound(M.announcementNotFound);
  return { row: row.a, summary: summaryOf(row.a, row.by) };
}

export async function listAnnouncements(db: DbExecutor, organizationId: string): Promise<TAnnouncementSummary[]> {
  const rows = await db
    .select({ a: announcements, by: users.name })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.createdBy))
    .where(eq(announcements.organizationId, organizationId))
    .orderBy(desc(announcements.createdAt))
    .limit(200);
  return rows.map((r) => summaryOf(r.a, r.by));
}

export async function attachmentsOf(db: DbExecutor, organizationId: string, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: uploads.id, name: uploads.originalName, mimeType: uploads.mimeType, size: uploads.sizeBytes })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.organizationId, organizationId), isNull(uploads.deletedAt)));
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}

/**
 * The delivery report per channel, read live: in-app (notifications written, and read), e-mail
 * (the outbox row of each: kept by the embedded outbox or sent by SMTP is sent; failed is failed),
 * SMS (each message's status as the gateway's delivery reports left it).
 */
export async function reportOf(db: DbExecutor, id: string): Promise<TAnnouncementReport> {
  const [r] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select
        (select count(*) from notifications where event_key = ${`announcement:${id}`})::int as in_app,
        (select count(*) from notifications where event_key = ${`announcement:${id}`} and read_at is not null)::int as in_app_read,
        count(*) filter (where r.email_status <> 'none')::int as email_recipients,
        count(*) filter (where r.email_status = 'queued' or m.status in ('pending', 'sending'))::int as email_queued,
        count(*) filter (where m.status in ('kept', 'sent'))::int as email_sent,
        count(*) filter (where m.status = 'failed')::int as email_failed,
        count(*) filter (where r.email_status = 'skipped')::int as email_skipped,
        count(*) filter (where r.sms_status <> 'none')::int as sms_recipients,
        count(*) filter (where r.sms_status = 'queued' or s.status = 'queued')::int as sms_queued,
        count(*) filter (where s.status = 'sent')::int as sms_sent,
        count(*) filter (where s.status = 'delivered')::int as sms_delivered,
        count(*) filter (where s.status = 'failed')::int as sms_failed,
        count(*) filter (where r.sms_status = 'skipped')::int as sms_skipped,
        count(*) filter (where r.sms_status = 'opted_out')::int as sms_opted_out,
        count(*) filter (where r.sms_status = 'invalid')::int as sms_invalid
      from ${announcementRecipients} as r
      left join outbox_messages as m on m.id = r.mail_id
      left join sms_messages as s on s.id = r.sms_message_id
      where r.announcement_id = ${id}`),
  );
  const v = (k: string) => Number(r?.[k] ?? 0);
  return {
    inApp: { recipients: v('in_app'), read: v('in_app_read') },
    email: {
      recipients: v('email_recipients'),
      queued: v('email_queued'),
      sent: v('email_sent'),
      delivered: 0,
      failed: v('email_failed'),
      skipped: v('email_skipped'),
    },
    sms: {
      recipients: v('sms_recipients'),
      queued: v('sms_queued'),
      sent: v('sms_sent'),
      delivered: v('sms_delivered'),
      failed: v('sms_failed'),
      skipped: v('sms_skipped'),
      optedOut: v('sms_opted_out'),
      invalid: v('sms_invalid'),
    },
  };
}

export async function announcementDetail(
  db: DbExecutor,
  organizationId: string,
  id: string,
): Promise<TAnnouncementDetail> {
  const { row, summary } = await summaryById(db, organizationId, id);
  return {
    ...summary,
    body: row.body,
    attachments: await attachmentsOf(db, organizationId, row.attachmentIds),
    report: await reportOf(db, id),
  };
}

/** Announcements the user received (a recipient row names them), newest first. */
export async function receivedAnnouncements(
  db: DbExecutor,
  userId: string,
  id?: string,
): Promise<TReceivedAnnouncement[]> {
  const rows = await db
    .select({ a: announcements, school: organizations.name })
    .from(announcements)
    .innerJoin(organizations, eq(organizations.id, announcements.organizationId))
    .where(
      and(
        sql`(exists (select 1 from ${announcementRecipients} as r where r.announcement_id = ${announcements.id}
          and r.user_id = ${userId})
          or exists (select 1 from notifications as n where n.user_id = ${userId}
            and n.event_key = 'announcement:' || ${announcements.id}))`,
        inArray(announcements.status, ['sending', 'sent']),
        id ? eq(announcements.id, id) : undefined,
      ),
    )
    .orderBy(desc(announcements.sentAt))
    .limit(50);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.a.id,
      schoolName: r.school,
      title: r.a.title,
      body: r.a.body,
      sentAt: (r.a.sentAt ?? r.a.createdAt).toISOString(),
      attachments: await attachmentsOf(db, r.a.organizationId, r.a.attachmentIds),
    })),
  );
}

/** Whether the user may open an attachment of the announcement: a recipient of it. */
export async function receivedAttachment(db: DbExecutor, userId: string, announcementId: string, uploadId: string) {
  const [row] = await db
    .select({ organizationId: announcements.organizationId, ids: announcements.attachmentIds })
    .from(announcements)
    .where(
      and(
        eq(announcements.id, announcementId),
        sql`(exists (select 1 from ${announcementRecipients} as r where r.announcement_id = ${announcements.id}
          and r.user_id = ${userId})
          or exists (select 1 from notifications as n where n.user_id = ${userId}
            and n.event_key = 'announcement:' || ${announcements.id}))`,
      ),
    );
  if (!row || !row.ids.includes(uploadId)) return null;
  const [upload] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.organizationId, row.organizationId), isNull(uploads.deletedAt)));
  return upload ?? null;
}

export async function audienceOptions(db: DbExecutor, organizationId: string): Promise<TAudienceOptions> {
  const families = rowsOf<{ grade: number; n: number }>(
    await db.execute(sql`
      select l.grade, count(distinct lg.guardian_id)::int as n from learners as l
      join learner_guardians as lg on lg.learner_id = l.id and lg.receives_communications
      where l.organization_id = ${organizationId} and l.archived_at is null group by l.grade`),
  );
  const classes = await db
    .select({ id: registerClasses.id, name: registerClasses.name })
    .from(registerClasses)
    .where(eq(registerClasses.organizationId, organizationId))
    .orderBy(registerClasses.grade, registerClasses.name);
  const subjects = await db
    .select({
      id: subjectClasses.id,
      subject: subjectClasses.subject,
      className: registerClasses.name,
      group: subjectClasses.groupName,
    })
    .from(subjectClasses)
    .innerJoin(registerClasses, eq(registerClasses.id, subjectClasses.registerClassId))
    .where(eq(subjectClasses.organizationId, organizationId))
    .orderBy(registerClasses.grade, registerClasses.name, subjectClasses.subject);
  const sms = await schoolSmsState(db, organizationId);
  return {
    grades: SCHOOL_GRADES.map((g) => ({
      id: g.id,
      label: g.label,
      families: families.find((f) => f.grade === gradeToNumber(g.id))?.n ?? 0,
    })).filter((g) => g.families > 0),
    classes: classes.map((c) => ({ id: c.id, label: c.name })),
    subjectClasses: subjects.map((s) => ({
      id: s.id,
      label: `${s.className} ${capsSubjectLabel(s.subject)}${s.group ? ` (${s.group})` : ''}`,
    })),
    roles: ANNOUNCEMENT_ROLE_GROUPS.map((r) => ({ id: r.id, label: r.label })),
    smsAvailable: Boolean(sms.usable),
    smsReason: !sms.packageIncludesSms ? M.smsNotInPackage : !sms.account ? M.smsNotSetUp : null,
  };
}
