import { and, eq, inArray } from 'drizzle-orm';
import { conversationParticipants, conversations, messages, users } from '../platform/db/schema/index.ts';
import { transaction } from '../platform/db/transaction.ts';
import { findDemoSchoolId } from './demo-school.ts';
import type { TSeeder } from './seeder.ts';

type TWho = 'parent' | 'teacher' | 'admin' | 'accountant';
type TDemoConversation = {
  subject: string;
  /** Who started it, and the others; the side each takes part on. */
  between: { who: TWho; side: 'guardian' | 'staff' | 'office' }[];
  /** Days before today and the time in Johannesburg (UTC+2), who wrote, what. */
  messages: { daysAgo: number; at: string; from: TWho; body: string }[];
  /** Who has not read the last message yet (the unread badge on signing in). */
  unreadBy?: TWho;
};

const EMAILS: Record<TWho, string> = {
  parent: 'parent@demo-school.sekolo.test',
  teacher: 'teacher@demo-school.sekolo.test',
  admin: 'admin@demo-school.sekolo.test',
  accountant: 'accountant@demo-school.sekolo.test',
};

/** A month of the demo school's messages: Kabelo's mother, his teacher, the office, and the staff among themselves. */
export const DEMO_CONVERSATIONS: TDemoConversation[] = [
  {
    subject: 'Kabelo’s Mathematics project',
    between: [
      { who: 'parent', side: 'guardian' },
      { who: 'teacher', side: 'staff' },
    ],
    messages: [
      {
        daysAgo: 27,
        at: '18:42',
        from: 'parent',
        body: 'Good evening Mr van der Merwe. Kabelo says the data-handling project is due on Friday, but he was absent on Monday with flu. Could he please have until next Wednesday?',
      },
      {
        daysAgo: 26,
        at: '07:15',
        from: 'teacher',
        body: 'Morning Mrs Mokoena. No problem, Wednesday is fine. I have put the survey sheet in his folder so he can catch up on what he missed.',
      },
      {
        daysAgo: 26,
        at: '19:03',
        from: 'parent',
        body: 'Thank you so much, we found it. He is busy with the graphs tonight.',
      },
      {
        daysAgo: 19,
        at: '14:20',
        from: 'teacher',
        body: 'Kabelo handed in a very neat project, well done to him. His bar graphs were the best in the class.',
      },
      {
        daysAgo: 19,
        at: '17:48',
        from: 'parent',
        body: 'That is lovely to hear, he was very proud of it. Thank you for the extra time.',
      },
      {
        daysAgo: 2,
        at: '15:10',
        from: 'teacher',
        body: 'Just a reminder that the Term 4 Mathematics test is next Thursday. It covers algebraic expressions and equations; the revision worksheet is on page 112 of the textbook.',
      },
    ],
    unreadBy: 'parent',
  },
  {
    subject: 'Statement for October',
    between: [
      { who: 'parent', side: 'guardian' },
      { who: 'admin', side: 'office' },
      { who: 'accountant', side: 'office' },
    ],
    messages: [
      {
        daysAgo: 21,
        at: '09:30',
        from: 'parent',
        body: 'Good morning. Could you please send me the statement for October? I paid R1 850,00 by EFT on the 3rd and want to check that it was allocated.',
      },
      {
        daysAgo: 21,
        at: '11:05',
        from: 'accountant',
        body: 'Good morning Mrs Mokoena. The payment is on your account, allocated to the October tuition. You can download the statement under School fees at any time.',
      },
      { daysAgo: 21, at: '11:32', from: 'parent', body: 'Found it, thank you for the quick answer.' },
    ],
  },
  {
    subject: 'Grade 8 parents’ evening',
    between: [
      { who: 'admin', side: 'office' },
      { who: 'teacher', side: 'staff' },
    ],
    messages: [
      {
        daysAgo: 12,
        at: '13:00',
        from: 'admin',
        body: 'Hi Pieter, the Grade 8 parents’ evening is on Tuesday the 18th from 17:30 in the hall. Could you take the Mathematics table with Mrs Naidoo?',
      },
      {
        daysAgo: 12,
        at: '13:41',
        from: 'teacher',
        body: 'Yes, happy to. Will we have the Term 3 report marks printed by then?',
      },
      {
        daysAgo: 11,
        at: '08:05',
        from: 'admin',
        body: 'The office will print the mark sheets on Monday. Please bring your class lists; tea and sandwiches at 17:00 in the staff room.',
      },
      { daysAgo: 11, at: '08:20', from: 'teacher', body: 'Perfect, see you there.' },
    ],
  },
];

/** `daysAgo` days before `today` at `at` Johannesburg time (UTC+2, no daylight saving). */
function sentAt(today: Date, daysAgo: number, at: string): Date {
  const [hours, minutes] = at.split(':').map(Number) as [number, number];
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo));
  return new Date(day.getTime() + (hours - 2) * 3600_000 + minutes * 60_000);
}

/**
 * The demo school's conversations of the last month (DEMO_CONVERSATIONS), stored as they would
 * have been sent. Once: a conversation is matched by its subject and who started it.
 */
export const seedMessages: TSeeder = async ({ database }) => {
  const { db } = database;
  const schoolId = await findDemoSchoolId(db);
  if (!schoolId) return [];
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.values(EMAILS)));
  const idOf = (who: TWho) => people.find((p) => p.email === EMAILS[who])?.id;
  const now = new Date();
  await transaction(db, async (tx) => {
    for (const demo of DEMO_CONVERSATIONS) {
      const ids = demo.between.map((p) => idOf(p.who));
      if (ids.some((id) => !id)) continue;
      const starter = ids[0]!;
      const [existing] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(
            eq(conversations.organizationId, schoolId),
            eq(conversations.subject, demo.subject),
            eq(conversations.createdBy, starter),
          ),
        );
      if (existing) continue;
      const times = demo.messages.map((m) => sentAt(now, m.daysAgo, m.at));
      const [conversation] = await tx
        .insert(conversations)
        .values({
          kind: 'school',
          organizationId: schoolId,
          subject: demo.subject,
          createdBy: starter,
          createdAt: times[0]!,
          lastMessageAt: times.at(-1)!,
        })
        .returning({ id: conversations.id });
      await tx.insert(messages).values(
        demo.messages.map((m, i) => ({
          conversationId: conversation!.id,
          senderId: idOf(m.from)!,
          body: m.body,
          createdAt: times[i]!,
        })),
      );
      const last = times.at(-1)!;
      const lastButOne = times.at(-2) ?? times[0]!;
      await tx.insert(conversationParticipants).values(
        demo.between.map((p) => ({
          conversationId: conversation!.id,
          userId: idOf(p.who)!,
          side: p.side,
          joinedAt: times[0]!,
          lastReadAt: demo.unreadBy === p.who ? lastButOne : last,
        })),
      );
    }
  });
  return [];
};
