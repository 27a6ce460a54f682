import { and, eq } from 'drizzle-orm';
import type { TCapsSubjectId } from '@sekolo/shared/constants/caps-subjects';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { registerClasses, subjectClasses, taughtTopics, users } from '../platform/db/schema/index.ts';
import { getTerms, recordTaught, savePlan } from '../modules/academics/index.ts';
import { addDays } from '@sekolo/shared/domain/sa-calendar';
import { weekStart } from '@sekolo/shared/schemas/curriculum';
import { findDemoSchoolId } from './demo-school.ts';
import type { TSeeder } from './seeder.ts';

/** Topics by term: [week, topic], after the DBE's annual teaching plans for the Senior and FET phases. */
type TPlan = Record<1 | 2 | 3 | 4, [number, string][]>;

const PLANS: { grade: number; subject: TCapsSubjectId; plan: TPlan }[] = [
  {
    grade: 8,
    subject: 'english',
    plan: {
      1: [
        [1, 'Listening and speaking: introducing yourself; reading a short story aloud'],
        [3, 'Short story: plot, setting and characters'],
        [5, 'Writing: a narrative essay (planning, drafting, editing)'],
        [7, 'Language: nouns, pronouns and concord'],
        [9, 'Poetry: figures of speech and sound devices'],
      ],
      2: [
        [1, 'Novel: first chapters, narrator and point of view'],
        [3, 'Transactional writing: a friendly letter'],
        [5, 'Language: tenses and the active and passive voice'],
        [7, 'Oral: a prepared speech'],
        [9, 'Revision for the mid-year examination'],
      ],
      3: [
        [1, 'Drama: reading a play, stage directions and dialogue'],
        [3, 'Visual literacy: advertisements and cartoons'],
        [5, 'Writing: a descriptive essay'],
        [7, 'Language: direct and indirect speech'],
        [9, 'Summary writing'],
      ],
      4: [
        [1, 'Poetry: comparing two poems'],
        [3, 'Transactional writing: a formal letter and an e-mail'],
        [5, 'Language: punctuation and sentence structure'],
        [7, 'Revision for the final examination'],
      ],
    },
  },
  {
    grade: 8,
    subject: 'economic_management_sciences',
    plan: {
      1: [
        [1, 'The economy: the history of money'],
        [3, 'Needs and wants; goods and services'],
        [5, 'Financial literacy: accounting concepts and the accounting equation'],
        [7, 'Source documents: receipts, invoices and cheque counterfoils'],
      ],
      2: [
        [1, 'Entrepreneurship: the entrepreneur and the factors of production'],
        [4, 'Forms of ownership: sole traders and partnerships'],
        [7, 'Financial literacy: the Cash Receipts Journal'],
      ],
      3: [
        [1, 'The economy: the government and the national budget'],
        [4, 'Standard of living and inequality in South Africa'],
        [7, 'Financial literacy: the Cash Payments Journal'],
      ],
      4: [
        [1, 'Entrepreneurship: a business plan'],
        [4, 'Financial literacy: posting to the General Ledger'],
        [7, 'Revision for the final examination'],
      ],
    },
  },
  {
    grade: 10,
    subject: 'accounting',
    plan: {
      1: [
        [1, 'Accounting concepts and the accounting equation'],
        [3, 'Subsidiary journals: CRJ, CPJ, DJ and CJ'],
        [6, 'The General Ledger and the Trial Balance'],
      ],
      2: [
        [1, 'Salaries and wages: the salary journal'],
        [4, 'VAT: input and output VAT'],
        [7, 'Revision for the mid-year examination'],
      ],
      3: [
        [1, 'Year-end adjustments'],
        [4, 'Financial statements of a sole trader'],
        [7, 'Ethics and internal control'],
      ],
      4: [
        [1, 'Analysis and interpretation of financial statements'],
        [4, 'Revision for the final examination'],
      ],
    },
  },
];

/** 8A's subject classes taught all but their last few due topics (English) or about two thirds (EMS). */
const TAUGHT_SHARE: Partial<Record<TCapsSubjectId, number>> = { english: 0.9, economic_management_sciences: 0.7 };

/**
 * The demo school's teaching plans for the year (Grade 8 English and EMS, Grade 10 Accounting) and
 * what 8A taught of them, so the Curriculum page's teaching plan and coverage show a real year.
 * Written once: a plan the school has changed is left alone.
 */
export const seedCurriculum: TSeeder = async ({ database }) => {
  const { db } = database;
  const schoolId = await findDemoSchoolId(db);
  if (!schoolId) return [];
  const today = schoolToday();
  const year = Number(today.slice(0, 4));
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@demo-school.sekolo.test'));
  if (!admin) return [];
  const ctx = {
    organizationId: schoolId,
    schoolName: '',
    ip: '127.0.0.1',
    user: { id: admin.id, permissions: ['manage_curriculum'] },
  } as unknown as Parameters<typeof savePlan>[1];
  const [anyTaught] = await db.select().from(taughtTopics).where(eq(taughtTopics.organizationId, schoolId)).limit(1);
  if (anyTaught) return [];
  for (const { grade, subject, plan } of PLANS) {
    const saved = await savePlan(db, ctx, {
      year,
      grade,
      subject,
      topics: ([1, 2, 3, 4] as const).flatMap((term) => plan[term].map(([week, topic]) => ({ term, week, topic }))),
    });
    const share = TAUGHT_SHARE[subject];
    if (share === undefined) continue;
    const [klass] = await db
      .select({ id: subjectClasses.id })
      .from(subjectClasses)
      .innerJoin(registerClasses, eq(registerClasses.id, subjectClasses.registerClassId))
      .where(
        and(
          eq(subjectClasses.organizationId, schoolId),
          eq(subjectClasses.subject, subject),
          eq(registerClasses.name, '8A'),
        ),
      );
    if (!klass) continue;
    const { terms } = await getTerms(db, schoolId, year);
    const startOf = new Map(terms.map((t) => [t.term, t.startsOn]));
    const yesterday = addDays(today, -1);
    // Taught on the Wednesday of the topic's week (or yesterday), for the topics whose week has begun.
    const due = saved.topics
      .map((t) => ({ id: t.id, day: startOf.has(t.term) ? addDays(weekStart(startOf.get(t.term)!, t.week), 2) : null }))
      .filter((t): t is { id: string; day: string } => t.day !== null && t.day <= today);
    for (const topic of due.slice(0, Math.floor(due.length * share)))
      await recordTaught(db, ctx, klass.id, topic.id, {
        taughtOn: topic.day < yesterday ? topic.day : yesterday,
        note: '',
      });
  }
  return [];
};
