import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { COMMUNICATION_MESSAGES as M, type TAnnouncementAudience } from '@sekolo/shared/schemas/communication';
import type { ZAnnouncementSchema } from '@sekolo/shared/schemas/communication';
import type { z } from 'zod';
import type { TConfig } from '../../platform/config/env.ts';
import { rowsOf, type Database, type DbExecutor } from '../../platform/db/client.ts';
import {
  announcementRecipients,
  announcements,
  notifications,
  organizations,
  outboxMessages,
} from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { toSmsNumber } from '../../platform/sms/sms-number.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';
import { optedOutOf, providerFor, schoolSmsState, sendSms } from '../notifications/index.ts';
import { assertUploadsOwnedBy, attachUploadsToOrganization } from '../uploads/index.ts';
import { describeAudience, recipientsSelect } from './audience.ts';

export const ANNOUNCEMENT_SEND_JOB = 'announcements.send';
export const ANNOUNCEMENT_MAIL_TAG = 'announcement';
/** Recipients whose e-mail is written per statement; SMS per gateway round. */
const MAIL_BATCH = 5000;
const SMS_BATCH = 500;

/** Where a recipient reads an announcement in the web app. */
export const announcementLink = (id: string) => `/dashboard/announcements/${id}`;
/** The notification's event key: one per announcement and user, whatever reached them twice. */
const eventKey = (id: string) => `announcement:${id}`;

type TInput = z.output<typeof ZAnnouncementSchema>;

/**
 * Accepts an announcement: checks its audience, channels (SMS only with a package that includes
 * it and the school's SMS account) and files, and stores it. Sent now: its recipients are expanded
 * and their in-app notifications written in this same transaction (visible at once, set-wise),
 * and the job that writes the e-mail and SMS is queued with it. Scheduled: the job is queued for
 * its time and does all of that then.
 */
export async function createAnnouncement(db: Database, jobs: JobQueue, ctx: TSchoolContext, input: TInput) {
  const channels = [...new Set(input.channels)];
  const scheduledFor = input.scheduledFor ? new Date(input.scheduledFor) : null;
  if (scheduledFor && scheduledFor.getTime() < Date.now() - 60_000)
    throw badRequest(M.scheduleInPast, { scheduledFor: M.scheduleInPast });
  if (scheduledFor && scheduledFor.getTime() > Date.now() + 366 * 86_400_000)
    throw badRequest(M.scheduleTooFar, { scheduledFor: M.scheduleTooFar });
  const later = scheduledFor && scheduledFor.getTime() > Date.now() + 5_000;
  if (channels.includes('sms')) {
    const state = await schoolSmsState(db, ctx.organizationId);
    if (!state.packageIncludesSms) throw badRequest(M.smsNotInPackage, { channels: M.smsNotInPackage });
    if (!state.account) throw badRequest(M.smsNotSetUp, { channels: M.smsNotSetUp });
  }
  const audienceLabel = await describeAudience(db, ctx.organizationId, input.audience);
  await assertUploadsOwnedBy(db, ctx.user.id, input.attachmentIds);

  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        organizationId: ctx.organizationId,
        title: input.title,
        body: input.body,
        audience: input.audience,
        audienceLabel,
        channels,
        attachmentIds: [...new Set(input.attachmentIds)],
        status: later ? 'scheduled' : 'sending',
        scheduledFor: later ? scheduledFor : null,
        sentAt: later ? null : sql`now()`,
        createdBy: ctx.user.id,
      })
      .returning();
    // The school's admins, and so its recipients through this module, may read the files.
    await attachUploadsToOrganization(tx, {
      ownerUserId: ctx.user.id,
      organizationId: ctx.organizationId,
      ids: input.attachmentIds,
    });
    let recipientCount = 0;
    if (!later) {
      const select = recipientsSelect(row!.id, ctx.organizationId, input.audience, channels);
      const [any] = rowsOf<{ n: boolean }>(await tx.execute(sql`select exists (${select}) as n`));
      if (!any?.n) throw badRequest(M.noRecipients, { audience: M.noRecipients });
      // Visible at once: the in-app notifications now; the recipients' list, e-mail and SMS in the job.
      if (channels.includes('in_app')) recipientCount = await writeInApp(tx, row!);
    }
    await jobs.send(
      ANNOUNCEMENT_SEND_JOB,
      { announcementId: row!.id },
      { within: tx, singletonKey: row!.id, ...(later ? { startAfter: scheduledFor! } : {}) },
    );
    await recordAudit(tx, {
      action: later ? 'announcement.scheduled' : 'announcement.sent',
      actorUserId: ctx.user.id,
      target: `announcement:${row!.id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, audience: input.audience.type, channels, recipientCount },
    });
    return { ...row!, recipientCount };
  });
}

/**
 * Expands an announcement to its recipients (one INSERT … SELECT) and writes the in-app
 * notifications of those with an account who want them (one more): set-wise, so a school of 50 000
 * learners is two statements. Idempotent: run again, it adds nothing. Answers the recipients.
 */
export async function expandRecipients(
  tx: DbExecutor,
  announcementId: string,
  options: { inApp: boolean } = { inApp: true },
): Promise<number> {
  const [a] = await tx.select().from(announcements).where(eq(announcements.id, announcementId));
  if (!a) return 0;
  await tx.execute(sql`
    insert into ${announcementRecipients} (announcement_id, recipient_key, guardian_id, user_id, name, email, phone,
      email_status, sms_status)
    ${recipientsSelect(a.id, a.organizationId, a.audience as TAnnouncementAudience, a.channels)}
    on conflict do nothing`);
  if (options.inApp && a.channels.includes('in_app')) await writeInApp(tx, a);
  const [counted] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      update ${announcements} set recipient_count = (select count(*) from ${announcementRecipients}
        where announcement_id = ${a.id}) where id = ${a.id} returning recipient_count as n`),
  );
  return counted?.n ?? 0;
}

/**
 * The in-app notifications of an announcement, straight from its audience (one INSERT … SELECT),
 * for each recipient with an account who wants them. Answers how many were written.
 */
async function writeInApp(tx: DbExecutor, a: typeof announcements.$inferSelect): Promise<number> {
  const summary = a.body.length > 280 ? `${a.body.slice(0, 277)}...` : a.body;
  const [written] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with made as (
        insert into ${notifications} (user_id, organization_id, kind, event_key, title, body, link, channels, pending)
        select r.user_id, ${a.organizationId}::uuid, 'announcement', ${eventKey(a.id)}, ${a.title}, ${summary},
          ${announcementLink(a.id)}, '{in_app}'::text[], false
        from (${recipientsSelect(a.id, a.organizationId, a.audience as TAnnouncementAudience, a.channels)})
          as r(announcement_id, recipient_key, guardian_id, user_id, name, email, phone, email_status, sms_status)
        left join notification_preferences as p on p.user_id = r.user_id and p.kind = 'announcement'
        where r.user_id is not null and coalesce(p.in_app, true)
        on conflict (user_id, event_key) do nothing
        returning 1
      ) select count(*)::int as n from made`),
  );
  return written?.n ?? 0;
}

/** SQL: a text HTML-escaped as composeMail escapes a paragraph. */
const escapedSql = (value: ReturnType<typeof sql>) =>
  sql`replace(replace(replace(replace(replace(${value}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;

/** The announcement's e-mail, with `marker` where each recipient's name goes. */
function announcementMail(
  publicUrl: string,
  school: string,
  a: { id: string; title: string; body: string; attachmentIds: string[] },
  marker: string,
) {
  const files = a.attachmentIds.length;
  return {
    subject: `${school}: ${a.title}`,
    ...composeMail({
      greeting: `Hello ${marker},`,
      paragraphs: [
        a.body,
        ...(files
          ? [
              `This announcement has ${files === 1 ? 'an attachment' : `${files} attachments`}: sign in to Sekolo to open ${files === 1 ? 'it' : 'them'}.`,
            ]
          : []),
        `Sent by ${school} through Sekolo.`,
      ],
      actions: [{ label: 'Read it on Sekolo', url: `${publicUrl}${announcementLink(a.id)}` }],
      footerLinks: [{ label: 'Notification settings', url: `${publicUrl}/settings` }],
    }),
  };
}

/**
 * The send job: expands a scheduled announcement when its time comes, then writes every
 * recipient's e-mail into the outbox (one statement per 5 000) and sends its SMS through the
 * school's account (500 a round). Each batch is claimed FOR UPDATE SKIP LOCKED and marked in the
 * statement that writes it, so a retried job never sends twice. A cancelled one sends nothing.
 */
export async function sendAnnouncement(
  db: Database,
  mailer: Mailer,
  config: TConfig,
  announcementId: string,
): Promise<{ emails: number; sms: number }> {
  const [a] = await db
    .select({ row: announcements, school: organizations.name })
    .from(announcements)
    .innerJoin(organizations, eq(organizations.id, announcements.organizationId))
    .where(eq(announcements.id, announcementId));
  if (!a || a.row.status === 'cancelled' || a.row.status === 'sent') return { emails: 0, sms: 0 };
  if (a.row.status === 'scheduled') {
    await transaction(db, async (tx) => {
      const [claimed] = await tx
        .update(announcements)
        .set({ status: 'sending', sentAt: sql`now()` })
        .where(and(eq(announcements.id, announcementId), eq(announcements.status, 'scheduled')))
        .returning({ id: announcements.id });
      if (claimed) await expandRecipients(tx, announcementId);
    });
  } else {
    // Sent now: its in-app notifications were written with it; the recipients' list is written here
    // (again after a retry: it adds nothing).
    await transaction(db, (tx) => expandRecipients(tx, announcementId, { inApp: false }));
  }
  const marker = `[[recipient-${randomUUID()}]]`;
  const mail = announcementMail(config.publicUrl, a.school, a.row, marker);
  let emails = 0;
  for (;;) {
    const [written] = rowsOf<{ n: number }>(
      await db.execute(sql`
        with batch as (
          select r.recipient_key, r.email, r.name, sekolo_uuid_v7() as mail_id
          from ${announcementRecipients} as r
          where r.announcement_id = ${announcementId} and r.email_status = 'queued'
          order by r.recipient_key
          limit ${MAIL_BATCH}
          for update skip locked
        ), mailed as (
          insert into ${outboxMessages} (id, "to", subject, text, html, tag, status, next_attempt_at)
          select b.mail_id, case when ${mailer.rowForm.lowercaseTo} then lower(trim(b.email)) else trim(b.email) end,
            ${mail.subject}, replace(${mail.text}, ${marker}, b.name),
            replace(${mail.html}, ${marker}, ${escapedSql(sql`b.name`)}), ${ANNOUNCEMENT_MAIL_TAG},
            ${mailer.rowForm.status}::text, case when ${mailer.rowForm.status}::text = 'pending' then now() end
          from batch as b
          returning 1
        ), marked as (
          update ${announcementRecipients} as r set email_status = 'written', mail_id = b.mail_id
          from batch as b where r.announcement_id = ${announcementId} and r.recipient_key = b.recipient_key
          returning 1
        )
        select (select count(*) from marked)::int as n`),
    );
    const n = written?.n ?? 0;
    emails += n;
    if (n < MAIL_BATCH) break;
  }
  if (emails) mailer.stored();

  let sms = 0;
  const state = a.row.channels.includes('sms') ? await schoolSmsState(db, a.row.organizationId) : null;
  const provider = state?.usable ? await providerFor(state.usable, { config, db }) : null;
  const text = smsTextOf(a.school, a.row);
  for (;;) {
    const batch = await transaction(db, async (tx) => {
      const rows = rowsOf<{ key: string; phone: string | null }>(
        await tx.execute(sql`
          select recipient_key as key, phone from ${announcementRecipients}
          where announcement_id = ${announcementId} and sms_status = 'queued'
          order by recipient_key limit ${SMS_BATCH} for update skip locked`),
      );
      if (!rows.length) return null;
      const numbers = rows.map((r) => ({ key: r.key, number: toSmsNumber(r.phone) }));
      const valid = numbers.flatMap((r) => (r.number.ok ? [r.number.number] : []));
      const out = await optedOutOf(tx, a.row.organizationId, valid);
      const status = (r: (typeof numbers)[number]) =>
        !provider ? 'skipped' : !r.number.ok ? 'invalid' : out.has(r.number.number) ? 'opted_out' : 'written';
      await tx.execute(sql`
        update ${announcementRecipients} as r set sms_status = v.status
        from jsonb_to_recordset(${JSON.stringify(numbers.map((r) => ({ key: r.key, status: status(r) })))}::jsonb)
          as v(key text, status text)
        where r.announcement_id = ${announcementId} and r.recipient_key = v.key`);
      return numbers
        .filter((r) => status(r) === 'written')
        .map((r) => ({ key: r.key, to: (r.number as { number: string }).number }));
    });
    if (!batch) break;
    if (batch.length && provider) {
      const results = await sendSms(
        db,
        provider,
        a.row.organizationId,
        batch.map((b) => ({ to: b.to, body: text, purpose: 'announcement' as const })),
      );
      await db.execute(sql`
        update ${announcementRecipients} as r set sms_message_id = v.id
        from jsonb_to_recordset(${JSON.stringify(batch.map((b, i) => ({ key: b.key, id: results[i]!.id })))}::jsonb)
          as v(key text, id uuid)
        where r.announcement_id = ${announcementId} and r.recipient_key = v.key`);
      sms += batch.length;
    }
  }
  await db
    .update(announcements)
    .set({ status: 'sent', sentAt: sql`coalesce(${announcements.sentAt}, now())` })
    .where(and(eq(announcements.id, announcementId), eq(announcements.status, 'sending')));
  return { emails, sms };
}

/** The announcement as one SMS (at most three parts), with how to stop them. */
export function smsTextOf(school: string, a: { title: string; body: string }): string {
  const tail = ' Reply STOP to opt out.';
  const text = `${school}: ${a.title}. ${a.body.replace(/\s+/g, ' ')}`;
  const room = 459 - tail.length;
  return `${text.length > room ? `${text.slice(0, room - 3)}...` : text}${tail}`;
}

export async function cancelAnnouncement(db: Database, ctx: TSchoolContext, id: string) {
  return transaction(db, async (tx) => {
    const [found] = await tx
      .select({ id: announcements.id })
      .from(announcements)
      .where(and(eq(announcements.id, id), eq(announcements.organizationId, ctx.organizationId)));
    if (!found) throw notFound(M.announcementNotFound);
    const [row] = await tx
      .update(announcements)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(announcements.id, id),
          eq(announcements.organizationId, ctx.organizationId),
          eq(announcements.status, 'scheduled'),
        ),
      )
      .returning();
    if (!row) throw conflict(M.notCancellable);
    await recordAudit(tx, {
      action: 'announcement.cancelled',
      actorUserId: ctx.user.id,
      target: `announcement:${id}`,
      ip: ctx.ip,
    });
    return row;
  });
}
