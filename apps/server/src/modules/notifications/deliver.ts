import { sql } from 'drizzle-orm';
import type { TConfig } from '../../platform/config/env.ts';
import { rowsOf, type Database } from '../../platform/db/client.ts';
import { guardians, notifications, users } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { toSmsNumber } from '../../platform/sms/sms-number.ts';
import { optedOutOf, providerFor, schoolSmsState, sendSms } from './sms-account.ts';

/** Notifications delivered per transaction. */
const BATCH = 500;

type TPending = {
  id: string;
  organizationId: string | null;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  channels: string[];
  /** Whether its e-mail / SMS was written already (the register save writes an absence's mail itself). */
  mailed: boolean;
  texted: boolean;
  email: string;
  firstName: string;
  phone: string | null;
};

/** The e-mail of one notification. */
export function notificationMail(publicUrl: string, n: Pick<TPending, 'title' | 'body' | 'link' | 'firstName'>) {
  return {
    subject: n.title,
    ...composeMail({
      greeting: n.firstName ? `Hello ${n.firstName},` : 'Hello,',
      paragraphs: [n.body || n.title],
      actions: n.link ? [{ label: 'Open in Sekolo', url: `${publicUrl}${n.link}` }] : [],
      footer: ['You can choose which notifications you receive, and how, on your account settings.'],
      footerLinks: [{ label: 'Notification settings', url: `${publicUrl}/settings` }],
    }),
  };
}

/**
 * The delivery job: the e-mail and SMS of every pending notification, a batch at a time. A batch
 * is claimed (FOR UPDATE SKIP LOCKED, so two workers share the work), its mail written to the
 * outbox and the notifications marked done in one transaction: a retried job finds nothing left
 * to send. SMS is recorded before the gateway is called (sms-account.ts), so it is not sent twice
 * either; it goes only through a school account its package allows, to numbers that did not opt out.
 */
export async function deliverPendingNotifications(
  db: Database,
  mailer: Mailer,
  config: TConfig,
): Promise<{ emails: number; sms: number }> {
  let emails = 0;
  let sms = 0;
  for (;;) {
    const texts: { organizationId: string; to: string; body: string }[] = [];
    const claimed = await transaction(db, async (tx) => {
      const batch = rowsOf<TPending>(
        await tx.execute(sql`
          select n.id, n.organization_id as "organizationId", n.kind, n.title, n.body, n.link, n.channels,
            n.email_at is not null as mailed, n.sms_at is not null as texted,
            u.email, u.first_name as "firstName",
            (select g.phone from ${guardians} as g where g.user_id = n.user_id and g.phone <> ''
              order by (g.organization_id = n.organization_id) desc nulls last limit 1) as phone
          from ${notifications} as n join ${users} as u on u.id = n.user_id
          where n.pending
          order by n.created_at
          limit ${BATCH}
          for update of n skip locked`),
      );
      if (!batch.length) return 0;
      const mails = batch
        .filter((n) => n.channels.includes('email') && !n.mailed && n.email)
        .map((n) => ({ to: n.email, ...notificationMail(config.publicUrl, n), tag: `notification-${n.kind}` }));
      await mailer.sendMany(mails, { within: tx });
      emails += mails.length;
      for (const n of batch) {
        if (!n.channels.includes('sms') || n.texted || !n.organizationId) continue;
        const number = toSmsNumber(n.phone);
        if (number.ok) texts.push({ organizationId: n.organizationId, to: number.number, body: smsText(n) });
      }
      await tx.execute(sql`
        update ${notifications} set pending = false,
          email_at = coalesce(email_at, case when 'email' = any(channels) then now() end),
          sms_at = coalesce(sms_at, case when 'sms' = any(channels) then now() end)
        where id in (select (jsonb_array_elements_text(${JSON.stringify(batch.map((n) => n.id))}::jsonb))::uuid)`);
      return batch.length;
    });
    // SMS per school, through the school's own account.
    const bySchool = new Map<string, typeof texts>();
    for (const t of texts) bySchool.set(t.organizationId, [...(bySchool.get(t.organizationId) ?? []), t]);
    for (const [organizationId, list] of bySchool) {
      const state = await schoolSmsState(db, organizationId);
      if (!state.usable) continue;
      const out = await optedOutOf(
        db,
        organizationId,
        list.map((t) => t.to),
      );
      const allowed = list.filter((t) => !out.has(t.to));
      await sendSms(
        db,
        await providerFor(state.usable, { config, db }),
        organizationId,
        allowed.map((t) => ({ to: t.to, body: t.body, purpose: 'notification' as const })),
      );
      sms += allowed.length;
    }
    if (claimed < BATCH) break;
  }
  return { emails, sms };
}

/** A notification as one SMS: its title and text, within two parts. */
export function smsText(n: Pick<TPending, 'title' | 'body'>): string {
  const text = n.body && n.body !== n.title ? `${n.title}: ${n.body}` : n.title;
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
