import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { LIBRARY_MESSAGES as M, type TLoan } from '@sekolo/shared/schemas/library';
import { libraryCopies, libraryLoans, learners } from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { createGuardian, createLearner } from '../../test/factories/school.ts';
import { pdfTexts } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CODE128_PATTERNS } from './lib/code128.ts';
import { OVERDUE_REMINDERS_JOB, sendOverdueReminders } from './reminders.ts';

/**
 * The school library (D25) through the API: the catalogue (ISBN check digits, copies numbered
 * LIB-000001 on), circulation at the desk (issue, return, renew, limits), holds (a returned copy
 * set aside for the first in the queue, whose guardian hears of it), a copy never on loan twice
 * under concurrent issues, overdue reminders once per interval through the job queue into the
 * outbox, CSV import (a preview, nothing imported while rows are refused unless asked, idempotent
 * by ISBN and copy count) and the label sheet whose Code 128 bars decode to the copies' barcodes.
 */
describe('the school library', () => {
  let t: TestApp;
  let librarian: TCreatedUser;
  let teacher: TCreatedUser;
  let student: TCreatedUser;
  let parent: TCreatedUser;
  let otherAdmin: TCreatedUser;
  const cookie: Record<string, string> = {};
  const learnerIds: Record<string, string> = {};
  const SCHOOL = { name: 'Umlazi Comprehensive', type: 'school' as const, slug: 'umlazi-comprehensive' };

  const send = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: cookie[who]! }, ...(payload ? { payload } : {}) });
  const learner = (name: string) => ({ kind: 'learner' as const, id: learnerIds[name]! });
  const issue = (barcode: string, borrower: { kind: 'learner' | 'staff'; id: string }) =>
    send('librarian', 'POST', '/api/school/library/issue', { barcode, borrower });
  const giveBack = (barcode: string) => send('librarian', 'POST', '/api/school/library/return', { barcode });
  const addTitle = async (title: string, isbn: string, copies: number) => {
    const response = await send('librarian', 'POST', '/api/school/library/titles', {
      title,
      author: 'Test Author',
      isbn,
      subject: 'English Home Language',
      language: 'english',
      copies,
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().title.id as string;
    const detail = await send('librarian', 'GET', `/api/school/library/titles/${id}`);
    return { id, barcodes: (detail.json().copies as { barcode: string }[]).map((c) => c.barcode) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    librarian = await createUser(db, {
      role: 'librarian',
      organization: SCHOOL,
      firstName: 'Zanele',
      lastName: 'Khumalo',
    });
    teacher = await createUser(db, {
      role: 'teacher',
      organization: SCHOOL,
      firstName: 'Johan',
      lastName: 'Pretorius',
    });
    student = await createUser(db, { role: 'student', organization: SCHOOL, firstName: 'Ayanda', lastName: 'Mthembu' });
    parent = await createUser(db, { role: 'parent', organization: SCHOOL, firstName: 'Thuli', lastName: 'Mthembu' });
    otherAdmin = await createUser(db, {
      role: 'school_admin',
      organization: { name: 'Paarl Gimnasium', type: 'school', slug: 'paarl-gim' },
    });
    const org = librarian.organizationId!;
    const ayanda = await createLearner(db, org, {
      firstName: 'Ayanda',
      lastName: 'Mthembu',
      grade: 10,
      userId: student.id,
    });
    await createGuardian(db, org, ayanda.id, {
      firstName: 'Thuli',
      lastName: 'Mthembu',
      email: parent.email,
      userId: parent.id,
    });
    const bongani = await createLearner(db, org, { firstName: 'Bongani', lastName: 'Zulu', grade: 9 });
    await createGuardian(db, org, bongani.id, {
      firstName: 'Sibusiso',
      lastName: 'Zulu',
      email: 'sibusiso.zulu@example.test',
    });
    const chloe = await createLearner(db, org, { firstName: 'Chloé', lastName: 'Jacobs', grade: 11 });
    const other = await createLearner(db, otherAdmin.organizationId!, { firstName: 'Elsabé', lastName: 'Botha' });
    Object.assign(learnerIds, { ayanda: ayanda.id, bongani: bongani.id, chloe: chloe.id, other: other.id });
    let ip = 1;
    for (const [key, user] of Object.entries({ librarian, teacher, student, parent, otherAdmin }))
      cookie[key] = (await signIn(t.app, user.email, user.password, { ip: `10.54.0.${ip++}` })).cookie;
  }, 300_000);
  afterAll(() => t.close());

  it('catalogues titles with checked ISBNs and numbers each copy with the school’s next barcode', async () => {
    const wrong = await send('librarian', 'POST', '/api/school/library/titles', {
      title: 'Spud',
      author: 'John van de Ruit',
      isbn: '978-0-14-302483-4',
      copies: 1,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(M.isbnInvalid);

    const spud = await addTitle('Spud', '978-0-14-302483-5', 2);
    expect(spud.barcodes).toEqual(['LIB-000001', 'LIB-000002']);
    // An ISBN-10 ending in X is valid.
    const tenX = await addTitle('Long Walk to Freedom', '0-8044-2957-X', 1);
    expect(tenX.barcodes).toEqual(['LIB-000003']);
    const again = await send('librarian', 'POST', '/api/school/library/titles', {
      title: 'Spud (copy)',
      author: 'John van de Ruit',
      isbn: '9780143024835',
      copies: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(M.isbnTaken);

    const found = await send('librarian', 'GET', '/api/school/library/titles?q=spud');
    expect(
      found
        .json()
        .titles.map((x: { title: string; copies: number; available: number }) => [x.title, x.copies, x.available]),
    ).toEqual([['Spud', 2, 2]]);
    const more = await send('librarian', 'POST', `/api/school/library/titles/${spud.id}/copies`, { count: 2 });
    expect(more.json().copies.map((c: { barcode: string }) => c.barcode)).toEqual(['LIB-000004', 'LIB-000005']);
  });

  it('issues and returns by barcode, refusing a copy already out and a borrower at the limit', async () => {
    const book = await addTitle('Cry, the Beloved Country', '9780099581628', 3);
    const [first, second, third] = book.barcodes as [string, string, string];
    const lent = await issue(first.toLowerCase(), learner('bongani'));
    expect(lent.statusCode, lent.body).toBe(201);
    const loan = lent.json().loan as TLoan;
    expect(loan).toMatchObject({ barcode: first, title: 'Cry, the Beloved Country', overdue: false, renewals: 0 });
    expect(loan.borrower).toMatchObject({ kind: 'learner', name: 'Bongani Zulu' });
    expect(loan.dueOn).toBe(addDays(todayInSouthAfrica(), 14));

    const twice = await issue(first, learner('chloe'));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(M.copyOnLoan);
    expect((await issue('LIB-999999', learner('chloe'))).json().error.message).toBe(M.copyNotFound);
    // Another school's learner is nobody here.
    expect((await issue(second, learner('other'))).statusCode).toBe(404);

    // The school lends learners one book at a time.
    const saved = await send('librarian', 'PUT', '/api/school/library/settings', {
      learnerLoanLimit: 1,
      learnerLoanDays: 14,
      staffLoanLimit: 5,
      staffLoanDays: 28,
      maxRenewals: 1,
      reminderIntervalDays: 7,
      holdPickupDays: 3,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const limited = await issue(second, learner('bongani'));
    expect(limited.statusCode).toBe(409);
    expect(limited.json().error.message).toBe(M.loanLimitReached(1));
    // Staff borrow on their own rules.
    const staffLoan = await issue(second, { kind: 'staff', id: teacher.id });
    expect(staffLoan.statusCode).toBe(201);
    expect(staffLoan.json().loan.dueOn).toBe(addDays(todayInSouthAfrica(), 28));

    const back = await giveBack(first);
    expect(back.statusCode).toBe(200);
    expect(back.json().loan.returnedAt).not.toBeNull();
    expect(back.json().heldFor).toBeNull();
    expect((await giveBack(first)).json().error.message).toBe(M.copyNotOnLoan);
    // Returned, the limit frees up.
    expect((await issue(third, learner('bongani'))).statusCode).toBe(201);
    const account = await send('librarian', 'GET', `/api/school/library/borrowers/learner/${learnerIds.bongani}`);
    expect(account.json()).toMatchObject({ limit: 1, loanDays: 14 });
    expect(account.json().loans.map((l: TLoan) => l.barcode)).toEqual([third]);
    await giveBack(third);
    await giveBack(second);
  });

  it('renews up to the limit, never while another borrower holds the title, and sets a returned copy aside for the hold', async () => {
    const book = await addTitle('Kringe in ’n Bos', '9780624041238', 1);
    const [copy] = book.barcodes as [string];
    const loan = (await issue(copy, learner('ayanda'))).json().loan as TLoan;
    const renewed = await send('librarian', 'POST', `/api/school/library/loans/${loan.id}/renew`);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().loan.renewals).toBe(1);
    const over = await send('librarian', 'POST', `/api/school/library/loans/${loan.id}/renew`);
    expect(over.json().error.message).toBe(M.renewalLimitReached(1));

    await send('librarian', 'PUT', '/api/school/library/settings', {
      learnerLoanLimit: 3,
      learnerLoanDays: 14,
      staffLoanLimit: 5,
      staffLoanDays: 28,
      maxRenewals: 3,
      reminderIntervalDays: 7,
      holdPickupDays: 3,
    });
    // Bongani queues for the title; while he waits, Ayanda may not renew it.
    const hold = await send('librarian', 'POST', '/api/school/library/holds', {
      titleId: book.id,
      borrower: learner('bongani'),
    });
    expect(hold.statusCode, hold.body).toBe(201);
    expect(hold.json().hold).toMatchObject({ status: 'waiting', position: 0 });
    const dup = await send('librarian', 'POST', '/api/school/library/holds', {
      titleId: book.id,
      borrower: learner('bongani'),
    });
    expect(dup.json().error.message).toBe(M.holdExists);
    const held = await send('librarian', 'POST', `/api/school/library/loans/${loan.id}/renew`);
    expect(held.statusCode).toBe(409);
    expect(held.json().error.message).toBe(M.renewalHeld);

    // Returned: set aside for Bongani, whose guardian is told to collect it.
    const back = await giveBack(copy);
    expect(back.json().heldFor).toMatchObject({
      status: 'ready',
      barcode: copy,
      collectBy: addDays(todayInSouthAfrica(), 3),
    });
    const mail = await t.outbox('sibusiso.zulu@example.test');
    expect(mail.map((m) => m.subject)).toContain(
      'Umlazi Comprehensive library: “Kringe in ’n Bos” is ready to collect',
    );
    const other = await issue(copy, learner('chloe'));
    expect(other.json().error.message).toBe(M.copyHeldForOther);
    const collected = await issue(copy, learner('bongani'));
    expect(collected.statusCode).toBe(201);
    expect(collected.json().fulfilledHold).toBe(true);
    const holds = await send('librarian', 'GET', '/api/school/library/holds');
    expect(holds.json().holds.filter((h: { titleId: string }) => h.titleId === book.id)).toEqual([]);
    await giveBack(copy);
  });

  it('lends a copy once when two desks issue it at the same moment', async () => {
    const book = await addTitle('Nineteen Eighty-Four', '9780141036144', 1);
    const [copy] = book.barcodes as [string];
    const answers = await Promise.all([
      issue(copy, learner('ayanda')),
      issue(copy, learner('chloe')),
      issue(copy, { kind: 'staff', id: teacher.id }),
      issue(copy, learner('bongani')),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const [copyRow] = await t.database.db.select().from(libraryCopies).where(eq(libraryCopies.barcode, copy));
    const open = await t.database.db
      .select()
      .from(libraryLoans)
      .where(and(eq(libraryLoans.copyId, copyRow!.id), isNull(libraryLoans.returnedAt)));
    expect(open).toHaveLength(1);
    expect(copyRow!.status).toBe('on_loan');
    await giveBack(copy);
  });

  it('reminds guardians and staff of overdue loans once per interval, through the job queue into the outbox', async () => {
    const book = await addTitle('Things Fall Apart', '9780141186887', 2);
    const [a, b] = book.barcodes as [string, string];
    const learnerLoan = (await issue(a, learner('ayanda'))).json().loan as TLoan;
    const staffLoan = (await issue(b, { kind: 'staff', id: teacher.id })).json().loan as TLoan;
    await t.database.db
      .update(libraryLoans)
      .set({ dueOn: addDays(todayInSouthAfrica(), -3) })
      .where(sql`${libraryLoans.id} in (${learnerLoan.id}, ${staffLoan.id})`);
    const overdue = await send('librarian', 'GET', '/api/school/library/loans?status=overdue');
    expect(
      overdue
        .json()
        .loans.map((l: TLoan) => l.barcode)
        .sort(),
    ).toEqual([a, b]);

    await t.jobs.start();
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/dev/jobs/run',
      payload: { name: OVERDUE_REMINDERS_JOB },
    });
    expect(run.json().job).toMatchObject({ name: OVERDUE_REMINDERS_JOB, state: 'completed' });
    await t.app.inject({ method: 'POST', url: '/api/dev/jobs/run', payload: { name: OVERDUE_REMINDERS_JOB } });
    expect(await sendOverdueReminders(t.database.db, { mailer: t.mailer, publicUrl: 'http://localhost:3000' })).toBe(0);

    const toParent = (await t.outbox(parent.email)).filter((m) => m.tag === 'library-overdue');
    expect(toParent).toHaveLength(1);
    expect(toParent[0]!.subject).toBe('Umlazi Comprehensive library: overdue book “Things Fall Apart”');
    expect(toParent[0]!.text).toContain('Ayanda’s library book is overdue');
    expect((await t.outbox(teacher.email)).filter((m) => m.tag === 'library-overdue')).toHaveLength(1);
    // The learner's own account hears too.
    expect((await t.outbox(student.email)).filter((m) => m.tag === 'library-overdue')).toHaveLength(1);

    // A week later (the school's interval), one more.
    const later = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
    expect(await sendOverdueReminders(t.database.db, { mailer: t.mailer, publicUrl: 'x' }, later)).toBe(2);
    expect((await t.outbox(parent.email)).filter((m) => m.tag === 'library-overdue')).toHaveLength(2);
    const [row] = await t.database.db.select().from(libraryLoans).where(eq(libraryLoans.id, learnerLoan.id));
    expect(row!.remindersSent).toBe(2);

    // The parent sees the child's overdue book; the learner sees their own loan.
    const children = await send('parent', 'GET', '/api/library/children');
    expect(children.json().children).toEqual([
      expect.objectContaining({
        name: 'Ayanda Mthembu',
        loans: [expect.objectContaining({ barcode: a, overdue: true })],
      }),
    ]);
    const mine = await send('student', 'GET', '/api/library/mine');
    expect(
      mine
        .json()
        .loans.filter((l: TLoan) => !l.returnedAt)
        .map((l: TLoan) => l.barcode),
    ).toEqual([a]);
    await giveBack(a);
    await giveBack(b);
  });

  it('lets a learner search the catalogue, hold a title that is out and cancel the hold', async () => {
    const book = await addTitle('Noughts & Crosses', '9780552548922', 1);
    const [copy] = book.barcodes as [string];
    const shelf = await send('student', 'POST', '/api/library/holds', { titleId: book.id });
    expect(shelf.json().error.message).toBe(M.availableNow);
    await issue(copy, learner('chloe'));
    const search = await send('student', 'GET', '/api/library/titles?q=noughts');
    expect(search.json().titles).toEqual([
      expect.objectContaining({ title: 'Noughts & Crosses', available: 0, copies: 1 }),
    ]);
    const hold = await send('student', 'POST', '/api/library/holds', { titleId: book.id });
    expect(hold.statusCode).toBe(201);
    const detail = await send('student', 'GET', `/api/library/titles/${book.id}`);
    expect(detail.json()).toMatchObject({ myHold: { status: 'waiting' }, onLoanToMe: false });
    expect(detail.json().nextDueOn).toBe(addDays(todayInSouthAfrica(), 14));
    const cancelled = await send('student', 'POST', `/api/library/holds/${hold.json().hold.id}/cancel`);
    expect(cancelled.json().hold.status).toBe('cancelled');
    await giveBack(copy);
    // The copy went back on the shelf: nobody was waiting any more.
    const [row] = await t.database.db.select().from(libraryCopies).where(eq(libraryCopies.barcode, copy));
    expect(row!.status).toBe('available');
  });

  it('previews a CSV import, imports nothing while rows are refused unless asked, and imports once', async () => {
    const template = await send('librarian', 'GET', '/api/school/library/import-template.csv');
    expect(template.headers['content-type']).toContain('text/csv');
    expect(template.body).toContain('title,author,isbn,subject,publisher,year,language,copies');
    const csv = [
      'title,author,isbn,subject,publisher,year,language,copies',
      'Umkhovu,Thabani Mkhize,9780796017420,isiZulu Ulimi Lwasekhaya,Shuter & Shooter,2010,isiZulu,3',
      'Fiela se Kind,Dalene Matthee,9780624040804,Afrikaans Huistaal,Tafelberg,1985,Afrikaans,2',
      'Bad ISBN,Somebody,9780796017421,,,,English,1',
      'No copies,Somebody,9780141439518,,,,English,0',
      'Twice,Somebody,9780796017420,,,,English,1',
    ].join('\n');
    const check = await send('librarian', 'POST', '/api/school/library/import', { csv, mode: 'check' });
    const report = check.json();
    expect(report).toMatchObject({ totalRows: 5, validRows: 2, invalidRows: 3, imported: false });
    expect(report.rows.map((r: { row: number; action: string }) => [r.row, r.action])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [4, 'refused'],
      [5, 'refused'],
      [6, 'refused'],
    ]);
    expect(report.rows[2].errors).toEqual([{ field: 'isbn', message: M.isbnInvalid }]);
    expect(report.rows[3].errors).toEqual([{ field: 'copies', message: M.csvCopiesInvalid }]);
    expect(report.rows[4].errors).toEqual([{ field: 'isbn', message: M.csvDuplicateInFile(2) }]);

    const all = await send('librarian', 'POST', '/api/school/library/import', { csv, mode: 'all' });
    expect(all.json().imported).toBe(false);
    expect((await send('librarian', 'GET', '/api/school/library/titles?q=umkhovu')).json().titles).toEqual([]);

    const valid = await send('librarian', 'POST', '/api/school/library/import', { csv, mode: 'valid_only' });
    expect(valid.json()).toMatchObject({ imported: true, titlesCreated: 2, copiesCreated: 5 });
    const again = await send('librarian', 'POST', '/api/school/library/import', { csv, mode: 'valid_only' });
    expect(again.json()).toMatchObject({ titlesCreated: 0, copiesCreated: 0 });
    expect(
      again
        .json()
        .rows.slice(0, 2)
        .map((r: { action: string }) => r.action),
    ).toEqual(['unchanged', 'unchanged']);
    const more = csv.replace('Shuter & Shooter,2010,isiZulu,3', 'Shuter & Shooter,2010,isiZulu,4');
    const grown = await send('librarian', 'POST', '/api/school/library/import', { csv: more, mode: 'valid_only' });
    expect(grown.json()).toMatchObject({ titlesCreated: 0, copiesCreated: 1 });
    const umkhovu = (await send('librarian', 'GET', '/api/school/library/titles?q=umkhovu')).json().titles[0];
    expect(umkhovu).toMatchObject({ copies: 4, language: 'isizulu', year: 2010 });
    const missing = await send('librarian', 'POST', '/api/school/library/import', {
      csv: 'title,author\nX,Y',
      mode: 'check',
    });
    expect(missing.json().fileError).toBe(M.csvMissingColumns(['isbn', 'copies']));
  });

  it('prints a label sheet whose Code 128 bars decode to each copy’s barcode', async () => {
    const book = await addTitle('Spud: The Madness Continues', '9780143025313', 3);
    const response = await send('librarian', 'GET', `/api/school/library/labels.pdf?titleId=${book.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const bytes = response.rawPayload;
    const texts = pdfTexts(bytes);
    expect(texts).toEqual(
      expect.arrayContaining(['Umlazi Comprehensive', 'Spud: The Madness Continues', ...book.barcodes]),
    );
    expect(decodeBarcodes(bytes)).toEqual(book.barcodes);
  });

  it('keeps every school to its own catalogue and loans', async () => {
    const book = await addTitle('The Book Thief', '9780552773898', 1);
    expect((await send('otherAdmin', 'GET', `/api/school/library/titles/${book.id}`)).statusCode).toBe(404);
    expect((await send('otherAdmin', 'GET', '/api/school/library/titles')).json().titles).toEqual([]);
    expect((await send('otherAdmin', 'GET', '/api/school/library/loans?status=returned')).json().loans).toEqual([]);
    const steal = await send('otherAdmin', 'POST', '/api/school/library/issue', {
      barcode: book.barcodes[0],
      borrower: { kind: 'learner', id: learnerIds.other },
    });
    expect(steal.statusCode).toBe(404);
    expect(steal.json().error.message).toBe(M.copyNotFound);
    // The other school numbers its own copies from 1.
    const own = await send('otherAdmin', 'POST', '/api/school/library/titles', {
      title: 'Die Kruppel Engel',
      author: 'Riana Scheepers',
      isbn: '',
      language: 'afrikaans',
      copies: 1,
    });
    expect(own.statusCode).toBe(201);
    const detail = await send('otherAdmin', 'GET', `/api/school/library/titles/${own.json().title.id}`);
    expect(detail.json().copies[0].barcode).toBe('LIB-000001');
    const learnersHere = await t.database.db.select().from(learners).where(eq(learners.id, learnerIds.other!));
    expect(learnersHere).toHaveLength(1);
  });
});

/**
 * Reads the bars pdf-lib drew (each a filled rectangle placed with `1 0 0 1 x y cm`), groups them
 * into one symbol per label, measures bars and spaces in modules and decodes them with the Code
 * 128 table, checking the start character (B), the check character and the stop.
 */
function decodeBarcodes(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes);
  const bars: { x: number; y: number; w: number }[] = [];
  let from = 0;
  for (;;) {
    const start = raw.indexOf('stream\n', from, 'latin1');
    if (start < 0) break;
    const end = raw.indexOf('\nendstream', start, 'latin1');
    if (end < 0) break;
    let body = raw.subarray(start + 7, end);
    try {
      body = inflateSync(body);
    } catch {
      // Not a compressed content stream.
    }
    const text = body.toString('latin1');
    const re = /1 0 0 1 ([\d.]+) ([\d.]+) cm\n1 0 0 1 0 0 cm\n1 0 0 1 0 0 cm\n0 0 m\n0 [\d.]+ l\n([\d.]+) [\d.]+ l/g;
    for (const m of text.matchAll(re)) bars.push({ x: Number(m[1]), y: Number(m[2]), w: Number(m[3]) });
    from = end + 1;
  }
  bars.sort((a, b) => b.y - a.y || a.x - b.x);
  const symbols: (typeof bars)[] = [];
  for (const bar of bars) {
    const current = symbols.at(-1);
    const last = current?.at(-1);
    if (current && last && last.y === bar.y && bar.x - (last.x + last.w) < 5) current.push(bar);
    else symbols.push([bar]);
  }
  return symbols.map((symbol) => {
    const widths: number[] = [];
    symbol.forEach((bar, i) => {
      if (i > 0) widths.push(Math.round(bar.x - (symbol[i - 1]!.x + symbol[i - 1]!.w)));
      widths.push(Math.round(bar.w));
    });
    const values: number[] = [];
    for (let i = 0; i + 6 <= widths.length - 7; i += 6) {
      const value = CODE128_PATTERNS.indexOf(widths.slice(i, i + 6).join(''));
      if (value < 0) throw new Error('Unknown Code 128 pattern');
      values.push(value);
    }
    // The stop's last element is a bar: its 7 elements are the widths after the check character.
    expect(widths.slice(-7).join('')).toBe('2331112');
    expect(values[0]).toBe(104);
    const data = values.slice(1, -1);
    const check = values.at(-1)!;
    expect(data.reduce((sum, v, i) => sum + v * (i + 1), 104) % 103).toBe(check);
    return String.fromCharCode(...data.map((v) => v + 32));
  });
}
