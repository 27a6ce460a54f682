import { and, eq, inArray } from 'drizzle-orm';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { DEFAULT_LIBRARY_SETTINGS } from '@sekolo/shared/schemas/library';
import {
  learners,
  libraryCopies,
  libraryHolds,
  libraryLoans,
  librarySettings,
  libraryTitles,
  organizations,
  users,
} from '../platform/db/schema/index.ts';
import { transaction } from '../platform/db/transaction.ts';
import { ensureOrganizationWithMember } from '../platform/tenancy/organizations.ts';
import { createUser } from '../test/factories/accounts.ts';
import { insertCopies } from '../modules/library/index.ts';
import { DEMO_SCHOOL } from './seed-accounts.ts';
import { DEMO_LEARNER_ADMISSION } from './seed-family.ts';
import type { TSeeder } from './seeder.ts';

export const DEMO_LIBRARIAN = {
  email: 'librarian@demo-school.sekolo.test',
  firstName: 'Thandeka',
  lastName: 'Nxumalo',
};

type TDemoTitle = {
  title: string;
  author: string;
  isbn?: string;
  subject: string;
  publisher: string;
  year: number;
  language: string;
  copies: number;
};

/** A South African high school's library: set works, CAPS subject readers, Afrikaans, isiZulu and other titles. */
export const DEMO_TITLES: TDemoTitle[] = [
  {
    title: 'Cry, the Beloved Country',
    author: 'Alan Paton',
    isbn: '9780099581628',
    subject: 'English Home Language',
    publisher: 'Vintage',
    year: 1948,
    language: 'english',
    copies: 3,
  },
  {
    title: 'Long Walk to Freedom',
    author: 'Nelson Mandela',
    isbn: '9780349106533',
    subject: 'History',
    publisher: 'Abacus',
    year: 1994,
    language: 'english',
    copies: 2,
  },
  {
    title: 'Spud',
    author: 'John van de Ruit',
    subject: 'English Home Language',
    publisher: 'Penguin Books',
    year: 2005,
    language: 'english',
    copies: 2,
  },
  {
    title: 'Spud: The Madness Continues',
    author: 'John van de Ruit',
    isbn: '9780143025313',
    subject: 'English Home Language',
    publisher: 'Penguin Books',
    year: 2007,
    language: 'english',
    copies: 1,
  },
  {
    title: 'Things Fall Apart',
    author: 'Chinua Achebe',
    isbn: '9780141186887',
    subject: 'English Home Language',
    publisher: 'Penguin Modern Classics',
    year: 1958,
    language: 'english',
    copies: 2,
  },
  {
    title: 'Nineteen Eighty-Four',
    author: 'George Orwell',
    isbn: '9780141036144',
    subject: 'English Home Language',
    publisher: 'Penguin Books',
    year: 1949,
    language: 'english',
    copies: 2,
  },
  {
    title: 'Animal Farm',
    author: 'George Orwell',
    subject: 'English First Additional Language',
    publisher: 'Penguin Books',
    year: 1945,
    language: 'english',
    copies: 3,
  },
  {
    title: 'Noughts & Crosses',
    author: 'Malorie Blackman',
    isbn: '9780552548922',
    subject: 'English First Additional Language',
    publisher: 'Corgi',
    year: 2001,
    language: 'english',
    copies: 2,
  },
  {
    title: 'The Book Thief',
    author: 'Markus Zusak',
    isbn: '9780552773898',
    subject: 'English Home Language',
    publisher: 'Black Swan',
    year: 2005,
    language: 'english',
    copies: 1,
  },
  {
    title: 'Pride and Prejudice',
    author: 'Jane Austen',
    isbn: '9780141439518',
    subject: 'English Home Language',
    publisher: 'Penguin Classics',
    year: 1813,
    language: 'english',
    copies: 1,
  },
  {
    title: 'Macbeth',
    author: 'William Shakespeare',
    subject: 'English Home Language',
    publisher: 'Oxford University Press',
    year: 1623,
    language: 'english',
    copies: 4,
  },
  {
    title: 'Romeo and Juliet',
    author: 'William Shakespeare',
    subject: 'English Home Language',
    publisher: 'Oxford University Press',
    year: 1597,
    language: 'english',
    copies: 3,
  },
  {
    title: 'Othello',
    author: 'William Shakespeare',
    subject: 'English Home Language',
    publisher: 'Oxford University Press',
    year: 1622,
    language: 'english',
    copies: 2,
  },
  {
    title: 'Lord of the Flies',
    author: 'William Golding',
    subject: 'English Home Language',
    publisher: 'Faber & Faber',
    year: 1954,
    language: 'english',
    copies: 2,
  },
  {
    title: 'To Kill a Mockingbird',
    author: 'Harper Lee',
    subject: 'English Home Language',
    publisher: 'Arrow Books',
    year: 1960,
    language: 'english',
    copies: 2,
  },
  {
    title: 'Tsotsi',
    author: 'Athol Fugard',
    subject: 'English Home Language',
    publisher: 'Ad Donker',
    year: 1980,
    language: 'english',
    copies: 2,
  },
  {
    title: '“Master Harold” … and the Boys',
    author: 'Athol Fugard',
    subject: 'English Home Language',
    publisher: 'Oxford University Press',
    year: 1982,
    language: 'english',
    copies: 3,
  },
  {
    title: 'Nothing but the Truth',
    author: 'John Kani',
    subject: 'English Home Language',
    publisher: 'Wits University Press',
    year: 2002,
    language: 'english',
    copies: 3,
  },
  {
    title: 'Born a Crime',
    author: 'Trevor Noah',
    subject: 'Life Orientation',
    publisher: 'Pan Macmillan',
    year: 2016,
    language: 'english',
    copies: 2,
  },
  {
    title: 'Mhudi',
    author: 'Sol T. Plaatje',
    subject: 'History',
    publisher: 'Penguin Classics',
    year: 1930,
    language: 'english',
    copies: 1,
  },
  {
    title: 'Ways of Dying',
    author: 'Zakes Mda',
    subject: 'English Home Language',
    publisher: 'Oxford University Press',
    year: 1995,
    language: 'english',
    copies: 1,
  },
  {
    title: 'Country of My Skull',
    author: 'Antjie Krog',
    subject: 'History',
    publisher: 'Random House',
    year: 1998,
    language: 'english',
    copies: 1,
  },
  {
    title: 'Jock of the Bushveld',
    author: 'Percy FitzPatrick',
    subject: 'English First Additional Language',
    publisher: 'Longmans',
    year: 1907,
    language: 'english',
    copies: 1,
  },
  {
    title: 'Kringe in ’n Bos',
    author: 'Dalene Matthee',
    isbn: '9780624041238',
    subject: 'Afrikaans Huistaal',
    publisher: 'Tafelberg',
    year: 1984,
    language: 'afrikaans',
    copies: 3,
  },
  {
    title: 'Fiela se Kind',
    author: 'Dalene Matthee',
    isbn: '9780624040804',
    subject: 'Afrikaans Huistaal',
    publisher: 'Tafelberg',
    year: 1985,
    language: 'afrikaans',
    copies: 2,
  },
  {
    title: 'Toorberg',
    author: 'Etienne van Heerden',
    subject: 'Afrikaans Huistaal',
    publisher: 'Tafelberg',
    year: 1986,
    language: 'afrikaans',
    copies: 1,
  },
  {
    title: 'Skilpoppe',
    author: 'Barrie Hough',
    subject: 'Afrikaans Eerste Addisionele Taal',
    publisher: 'Human & Rousseau',
    year: 1998,
    language: 'afrikaans',
    copies: 3,
  },
  {
    title: 'Vaselinetjie',
    author: 'Anoeschka von Meck',
    subject: 'Afrikaans Huistaal',
    publisher: 'Tafelberg',
    year: 2004,
    language: 'afrikaans',
    copies: 2,
  },
  {
    title: 'Insila kaShaka',
    author: 'John L. Dube',
    subject: 'isiZulu Ulimi Lwasekhaya',
    publisher: 'Marianhill Mission Press',
    year: 1930,
    language: 'isizulu',
    copies: 2,
  },
  {
    title: 'Inkinsela yaseMgungundlovu',
    author: 'C. T. Msimang',
    subject: 'isiZulu Ulimi Lwasekhaya',
    publisher: 'Via Afrika',
    year: 1986,
    language: 'isizulu',
    copies: 3,
  },
  {
    title: 'Noma Nini',
    author: 'B. W. Vilakazi',
    subject: 'isiZulu Ulimi Lwasekhaya',
    publisher: 'Marianhill Mission Press',
    year: 1935,
    language: 'isizulu',
    copies: 2,
  },
  {
    title: 'Ingqumbo Yeminyanya',
    author: 'A. C. Jordan',
    subject: 'isiXhosa Ulwimi Lwasekhaya',
    publisher: 'Lovedale Press',
    year: 1940,
    language: 'isixhosa',
    copies: 1,
  },
  {
    title: 'Chaka',
    author: 'Thomas Mofolo',
    subject: 'Sesotho Puo ya Lapeng',
    publisher: 'Morija Sesuto Book Depot',
    year: 1925,
    language: 'sesotho',
    copies: 1,
  },
  {
    title: 'Platinum Mathematics Grade 10 Learner’s Book',
    author: 'Various authors',
    subject: 'Mathematics',
    publisher: 'Maskew Miller Longman',
    year: 2011,
    language: 'english',
    copies: 4,
  },
  {
    title: 'Via Afrika Physical Sciences Grade 11 Learner’s Book',
    author: 'Various authors',
    subject: 'Physical Sciences',
    publisher: 'Via Afrika',
    year: 2012,
    language: 'english',
    copies: 3,
  },
  {
    title: 'Study & Master Life Sciences Grade 12 Learner’s Book',
    author: 'Various authors',
    subject: 'Life Sciences',
    publisher: 'Cambridge University Press',
    year: 2013,
    language: 'english',
    copies: 3,
  },
  {
    title: 'Focus History Grade 12 Learner’s Book',
    author: 'Various authors',
    subject: 'History',
    publisher: 'Maskew Miller Longman',
    year: 2013,
    language: 'english',
    copies: 2,
  },
  {
    title: 'Oxford Successful Geography Grade 10 Learner’s Book',
    author: 'Various authors',
    subject: 'Geography',
    publisher: 'Oxford University Press Southern Africa',
    year: 2011,
    language: 'english',
    copies: 2,
  },
  {
    title: 'Focus Accounting Grade 11 Learner’s Book',
    author: 'Various authors',
    subject: 'Accounting',
    publisher: 'Maskew Miller Longman',
    year: 2012,
    language: 'english',
    copies: 2,
  },
  {
    title: 'Oxford South African School Dictionary',
    author: 'Oxford University Press',
    subject: 'Reference',
    publisher: 'Oxford University Press Southern Africa',
    year: 2010,
    language: 'english',
    copies: 4,
  },
  {
    title: 'Pharos Afrikaans-Engels / English-Afrikaans Woordeboek',
    author: 'Pharos',
    subject: 'Reference',
    publisher: 'Pharos',
    year: 2005,
    language: 'afrikaans',
    copies: 2,
  },
];

/**
 * The demo library at Demo High School: its librarian's login, about 40 titles with numbered
 * copies, loans of learners (the demo learner Kabelo among them: one book due soon and one
 * overdue, so his parent sees it and the reminder job has someone to remind), two more overdue
 * loans, a teacher's loan and a learner's hold on a title whose copies are all out. Idempotent:
 * a school that already has titles keeps its catalogue.
 */
export const seedLibrary: TSeeder = async ({ database, demoPassword }) => {
  const db = database.db;
  const [school] = await db.select().from(organizations).where(eq(organizations.slug, DEMO_SCHOOL.slug));
  if (!school) return [];
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_LIBRARIAN.email));
  if (!existing) {
    await db.transaction(async (tx) => {
      const user = await createUser(tx, {
        ...DEMO_LIBRARIAN,
        password: demoPassword,
        role: 'librarian',
        status: 'active',
        emailVerified: true,
      });
      await ensureOrganizationWithMember(tx, { ...DEMO_SCHOOL, userId: user.id, role: 'librarian' });
    });
  }
  const logins = [{ role: 'librarian', email: DEMO_LIBRARIAN.email }];
  const [anyTitle] = await db
    .select({ id: libraryTitles.id })
    .from(libraryTitles)
    .where(eq(libraryTitles.organizationId, school.id))
    .limit(1);
  if (anyTitle) return logins;

  const today = todayInSouthAfrica();
  await transaction(db, async (tx) => {
    await tx
      .insert(librarySettings)
      .values({ organizationId: school.id, ...DEFAULT_LIBRARY_SETTINGS })
      .onConflictDoNothing();
    const titleIds = new Map<string, string>();
    for (const { copies, ...title } of DEMO_TITLES) {
      const [row] = await tx
        .insert(libraryTitles)
        .values({ ...title, isbn: title.isbn ?? '', organizationId: school.id })
        .returning({ id: libraryTitles.id });
      await insertCopies(tx, school.id, row!.id, copies);
      titleIds.set(title.title, row!.id);
    }
    const readers = await tx
      .select({ id: learners.id, admission: learners.admissionNumber })
      .from(learners)
      .where(
        and(
          eq(learners.organizationId, school.id),
          inArray(learners.admissionNumber, [
            DEMO_LEARNER_ADMISSION,
            'DHS-0002',
            'DHS-0003',
            'DHS-0004',
            'DHS-0005',
            'DHS-0006',
          ]),
        ),
      );
    const reader = (admission: string) => readers.find((r) => r.admission === admission)?.id;
    const [teacher] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'teacher@demo-school.sekolo.test'));

    const lend = async (
      titleName: string,
      borrower: { learnerId?: string; staffUserId?: string },
      issuedDaysAgo: number,
      dueInDays: number,
    ) => {
      if (!borrower.learnerId && !borrower.staffUserId) return;
      const titleId = titleIds.get(titleName)!;
      const [copy] = await tx
        .select()
        .from(libraryCopies)
        .where(and(eq(libraryCopies.titleId, titleId), eq(libraryCopies.status, 'available')))
        .orderBy(libraryCopies.barcode)
        .limit(1);
      if (!copy) return;
      await tx.update(libraryCopies).set({ status: 'on_loan' }).where(eq(libraryCopies.id, copy.id));
      await tx.insert(libraryLoans).values({
        organizationId: school.id,
        copyId: copy.id,
        titleId,
        borrowerKind: borrower.learnerId ? 'learner' : 'staff',
        learnerId: borrower.learnerId ?? null,
        staffUserId: borrower.learnerId ? null : borrower.staffUserId!,
        issuedAt: new Date(Date.now() - issuedDaysAgo * 24 * 60 * 60 * 1000),
        dueOn: addDays(today, dueInDays),
      });
    };
    // Kabelo, the demo learner: a book due soon and one overdue.
    await lend('Spud', { learnerId: reader(DEMO_LEARNER_ADMISSION) }, 5, 9);
    await lend('Cry, the Beloved Country', { learnerId: reader(DEMO_LEARNER_ADMISSION) }, 19, -5);
    // Two more overdue loans, and current ones.
    await lend('Kringe in ’n Bos', { learnerId: reader('DHS-0002') }, 17, -3);
    await lend('Things Fall Apart', { learnerId: reader('DHS-0003') }, 24, -10);
    await lend('Spud', { learnerId: reader('DHS-0004') }, 3, 11);
    await lend('Inkinsela yaseMgungundlovu', { learnerId: reader('DHS-0005') }, 2, 12);
    await lend('Platinum Mathematics Grade 10 Learner’s Book', { staffUserId: teacher?.id }, 10, 18);
    // Both copies of Spud are out: a learner waits for one.
    const waiting = reader('DHS-0006');
    if (waiting)
      await tx.insert(libraryHolds).values({
        organizationId: school.id,
        titleId: titleIds.get('Spud')!,
        borrowerKind: 'learner',
        learnerId: waiting,
        placedAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000),
      });
  });
  return logins;
};
