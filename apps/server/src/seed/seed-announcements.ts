import { and, eq, sql } from 'drizzle-orm';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { rowsOf } from '../platform/db/client.ts';
import { announcements, notifications, smsAccounts, users } from '../platform/db/schema/index.ts';
import { transaction } from '../platform/db/transaction.ts';
import { expandRecipients, sendAnnouncement } from '../modules/announcements/index.ts';
import { newWebhookToken } from '../modules/notifications/index.ts';
import { findDemoSchoolId } from './demo-school.ts';
import type { TSeeder } from './seeder.ts';

const DEMO_ADMIN = 'admin@demo-school.sekolo.test';
const DEMO_PARENT = 'parent@demo-school.sekolo.test';

/**
 * Communication at Demo High School: its SMS account in sandbox mode, and three announcements sent
 * the way the school sends them (recipients expanded, in-app notifications, e-mail in the outbox,
 * SMS in the sandbox), so each has a delivery report: the demo parent's child's grade meeting,
 * sports day, and a fee reminder. The demo parent has read the sports day one. Runs once.
 */
export const seedAnnouncements: TSeeder = async ({ database, mailer, config }) => {
  const { db } = database;
  const schoolId = await findDemoSchoolId(db);
  if (!schoolId) return [];
  const [existing] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(eq(announcements.organizationId, schoolId))
    .limit(1);
  if (existing) return [];
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN));
  const [parent] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_PARENT));
  // The grade of the demo parent's (first) child; Grade 8 otherwise.
  const [child] = rowsOf<{ grade: number }>(
    await db.execute(sql`select l.grade from guardians as g
      join learner_guardians as lg on lg.guardian_id = g.id join learners as l on l.id = lg.learner_id
      where g.user_id = ${parent?.id ?? ''} and l.organization_id = ${schoolId} and l.archived_at is null
      order by l.grade limit 1`),
  );
  const grade = String(child?.grade ?? 8);

  await db
    .insert(smsAccounts)
    .values({ organizationId: schoolId, provider: 'sandbox', senderId: 'DemoHigh', webhookToken: newWebhookToken() })
    .onConflictDoNothing();

  const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
  const notices = [
    {
      title: `${gradeLabel(grade)} parents’ evening`,
      body: `Dear parents and guardians,\n\nYou are invited to meet the ${gradeLabel(grade)} teachers in the school hall on Thursday at 18:00. We will talk about the term’s results, the subject choices ahead and the camp in March.\n\nTea and koeksisters will be served. Please let the class teacher know if you cannot make it.`,
      audience: { type: 'grade', grade: grade === '0' ? 'R' : grade },
      audienceLabel: `${gradeLabel(grade)} families`,
      channels: ['in_app', 'email', 'sms'],
      at: hoursAgo(2),
    },
    {
      title: 'Sports day at Kings Park',
      body: 'Our inter-house sports day is on Friday 13 March at Kings Park athletics stadium, from 08:00 to 14:00. Learners wear their house colours, a hat and sunscreen, and bring a water bottle. Parents are welcome: the tuck shop will sell boerewors rolls and cool drinks.',
      audience: { type: 'school' },
      audienceLabel: 'All families',
      channels: ['in_app', 'email'],
      at: hoursAgo(26),
    },
    {
      title: 'Term 4 school fees',
      body: 'A friendly reminder that the Term 4 school fees are due on the 7th. You can pay by EFT using your family account number as the reference, or with Pay now on your Sekolo dashboard. Families who need to discuss a payment plan are welcome to contact the bursar.',
      audience: { type: 'school' },
      audienceLabel: 'All families',
      channels: ['in_app', 'email', 'sms'],
      at: hoursAgo(72),
    },
  ];
  for (const n of notices) {
    const id = await transaction(db, async (tx) => {
      const [row] = await tx
        .insert(announcements)
        .values({
          organizationId: schoolId,
          title: n.title,
          body: n.body,
          audience: n.audience,
          audienceLabel: n.audienceLabel,
          channels: n.channels,
          status: 'sending',
          sentAt: n.at,
          createdBy: admin?.id ?? null,
          createdAt: n.at,
        })
        .returning({ id: announcements.id });
      await expandRecipients(tx, row!.id);
      await tx
        .update(notifications)
        .set({ createdAt: n.at })
        .where(eq(notifications.eventKey, `announcement:${row!.id}`));
      return row!.id;
    });
    await sendAnnouncement(db, mailer, config, id);
  }
  // The demo parent has read the sports day announcement.
  if (parent) {
    const [sports] = await db
      .select({ id: announcements.id })
      .from(announcements)
      .where(and(eq(announcements.organizationId, schoolId), eq(announcements.title, 'Sports day at Kings Park')));
    await db
      .update(notifications)
      .set({ readAt: hoursAgo(20) })
      .where(and(eq(notifications.userId, parent.id), eq(notifications.eventKey, `announcement:${sports!.id}`)));
  }
  return [];
};
