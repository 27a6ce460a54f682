import { and, eq, isNotNull } from 'drizzle-orm';
import { formatLongDate } from '@sekolo/shared/domain/sa-calendar';
import type { TBorrower } from '@sekolo/shared/schemas/library';
import type { DbExecutor } from '../../../platform/db/client.ts';
import { guardians, learnerGuardians, learners, users } from '../../../platform/db/schema/index.ts';
import { composeMail } from '../../../platform/mail/compose-mail.ts';
import type { Mailer, TMailMessage } from '../../../platform/mail/mailer.ts';

export type TLibraryNotifier = { mailer: Mailer; publicUrl: string };

/** Where a learner reads their loans and holds, and where a parent reads their children's. */
export const LEARNER_LIBRARY_PATH = '/dashboard/student/library';
export const PARENT_DASHBOARD_PATH = '/dashboard/parent';

type TRecipient = { email: string; greeting: string; link: string | null; about: 'self' | 'child' };

/**
 * Who hears about a borrower's loan or hold: a staff member themselves; for a learner, their
 * guardians who receive the school's communications, and the learner's own account if they have one.
 */
async function recipientsOf(tx: DbExecutor, borrower: TBorrower): Promise<TRecipient[]> {
  if (borrower.kind === 'staff') {
    const [user] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, borrower.id));
    return user ? [{ email: user.email, greeting: `Hello ${user.firstName},`, link: null, about: 'self' }] : [];
  }
  const parents = await tx
    .select({ email: guardians.email, firstName: guardians.firstName })
    .from(learnerGuardians)
    .innerJoin(guardians, eq(guardians.id, learnerGuardians.guardianId))
    .where(
      and(
        eq(learnerGuardians.learnerId, borrower.id),
        eq(learnerGuardians.receivesCommunications, true),
        isNotNull(guardians.email),
      ),
    );
  const [own] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(learners)
    .innerJoin(users, eq(users.id, learners.userId))
    .where(eq(learners.id, borrower.id));
  const list: TRecipient[] = parents.map((p) => ({
    email: p.email!,
    greeting: `Hello ${p.firstName},`,
    link: PARENT_DASHBOARD_PATH,
    about: 'child',
  }));
  if (own)
    list.push({ email: own.email, greeting: `Hello ${own.firstName},`, link: LEARNER_LIBRARY_PATH, about: 'self' });
  const seen = new Set<string>();
  return list.filter((r) => !seen.has(r.email.toLowerCase()) && seen.add(r.email.toLowerCase()));
}

function firstName(borrower: TBorrower) {
  return borrower.name.split(' ')[0] ?? borrower.name;
}

/** An overdue reminder for one loan to everyone who should hear of it, in the caller's transaction. */
export async function mailOverdueReminder(
  tx: DbExecutor,
  notifier: TLibraryNotifier,
  input: { schoolName: string; borrower: TBorrower; title: string; author: string; barcode: string; dueOn: string },
): Promise<number> {
  const recipients = await recipientsOf(tx, input.borrower);
  const messages: TMailMessage[] = recipients.map((r) => {
    const whose = r.about === 'child' ? `${firstName(input.borrower)}’s library book is` : 'Your library book is';
    const content = composeMail({
      greeting: r.greeting,
      paragraphs: [
        `${whose} overdue. It was due back on ${formatLongDate(input.dueOn)}. Please return it to the ${input.schoolName} library as soon as possible, or ask the librarian to renew it.`,
      ],
      details: [
        ['Book', `${input.title} by ${input.author}`],
        ['Copy', input.barcode],
        ['Borrower', input.borrower.name],
        ['Was due', formatLongDate(input.dueOn)],
      ],
      actions: r.link ? [{ label: 'See the loans', url: `${notifier.publicUrl}${r.link}` }] : [],
      footer: [`You receive this because of a loan from the ${input.schoolName} library.`],
    });
    return {
      to: r.email,
      subject: `${input.schoolName} library: overdue book “${input.title}”`,
      tag: 'library-overdue',
      ...content,
    };
  });
  await notifier.mailer.sendMany(messages, { within: tx });
  return messages.length;
}

/** Tells the borrower (and a learner's guardians) that a held title is ready at the desk. */
export async function mailHoldReady(
  tx: DbExecutor,
  notifier: TLibraryNotifier,
  input: { schoolName: string; borrower: TBorrower; title: string; author: string; collectBy: string },
): Promise<void> {
  const recipients = await recipientsOf(tx, input.borrower);
  const messages: TMailMessage[] = recipients.map((r) => {
    const whose =
      r.about === 'child' ? `The book ${firstName(input.borrower)} asked for is` : 'The book you asked for is';
    return {
      to: r.email,
      subject: `${input.schoolName} library: “${input.title}” is ready to collect`,
      tag: 'library-hold-ready',
      ...composeMail({
        greeting: r.greeting,
        paragraphs: [
          `${whose} set aside at the library desk. Collect it by ${formatLongDate(input.collectBy)}; after that it goes to the next reader.`,
        ],
        details: [
          ['Book', `${input.title} by ${input.author}`],
          ['For', input.borrower.name],
          ['Collect by', formatLongDate(input.collectBy)],
        ],
        actions: r.link ? [{ label: 'See the holds', url: `${notifier.publicUrl}${r.link}` }] : [],
        footer: [`You receive this because of a hold at the ${input.schoolName} library.`],
      }),
    };
  });
  await notifier.mailer.sendMany(messages, { within: tx });
}
