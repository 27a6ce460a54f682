import { eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { outboxMessages } from '../db/schema/index.ts';
import { transaction } from '../db/transaction.ts';
import { rowsOf } from '../db/client.ts';
import { createJobQueue } from '../jobs/queue.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { createOutboxMailer, createSmtpMailer, MAIL_DELIVER_JOB, RETRY_DELAYS_S } from './mailer.ts';

type TReceived = { from: string | undefined; to: string[]; raw: string };

/** A poll so slow that it cannot be what delivered a mail in a test. */
const NO_POLL_S = 3_600;
const NOT_OPENED_HERE = /not opened with transaction\(\)/;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A real SMTP peer on the loopback interface that keeps what it receives. */
async function startSmtpServer(received: TReceived[], port = 0) {
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { server, port: (server.server.address() as AddressInfo).port };
}

const stopSmtpServer = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('the SMTP mailer (a queue in the database, delivered over SMTP)', () => {
  const received: TReceived[] = [];
  let server: SMTPServer;
  let port: number;
  let database: DatabaseHandle;
  const warnings: Record<string, unknown>[] = [];
  const log = { warn: (details: Record<string, unknown>) => void warnings.push(details) };

  beforeAll(async () => {
    ({ server, port } = await startSmtpServer(received));
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await stopSmtpServer(server);
    await database.close();
  });

  const rowsTagged = (tag: string) => database.db.select().from(outboxMessages).where(eq(outboxMessages.tag, tag));
  /** A server process's mailer: its own job queue (closing the mailer stops it, as a shutdown does). */
  const mailerOn = async (smtpPort: number, from = 'no-reply@sekolo.test', pollS = 2) => {
    const jobs = createJobQueue(database, { pollingIntervalSeconds: pollS });
    const mailer = createSmtpMailer(database.db, { jobs, url: `smtp://127.0.0.1:${smtpPort}`, from, log });
    await jobs.start();
    const close = mailer.close;
    return Object.assign(mailer, {
      jobs,
      async close() {
        await jobs.stop({ timeoutMs: 5000 });
        await close();
      },
    });
  };
  /** A port nothing listens on any more. */
  const freedPort = async () => {
    const { server: gone, port: freed } = await startSmtpServer([]);
    await stopSmtpServer(gone);
    return freed;
  };
  /** Makes the tagged mails' next try (the row and its queued job) due now. */
  const makeDue = async (tag: string) => {
    await database.db
      .update(outboxMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outboxMessages.tag, tag));
    await database.db.execute(sql`update pgboss.job set start_after = now() - interval '1 second'
      where name = ${MAIL_DELIVER_JOB} and state = 'created'
        and (data->>'mailId')::uuid in (select id from ${outboxMessages} where tag = ${tag})`);
  };
  /** The queued tries (jobs) of the tagged mails. */
  const triesOf = async (tag: string) =>
    rowsOf<{ id: string; state: string; start_after: Date | string }>(
      await database.db.execute(sql`select id, state, start_after from pgboss.job
        where name = ${MAIL_DELIVER_JOB} and (data->>'mailId')::uuid in (select id from ${outboxMessages} where tag = ${tag})
        order by created_on`),
    );

  it('delivers the message with its sender, recipient, subject, body and tag, then keeps no content', async () => {
    const mailer = await mailerOn(port, 'Sekolo <no-reply@sekolo.test>');
    expect(mailer.kind).toBe('smtp');
    await mailer.send({
      to: 'Parent@Example.test',
      subject: 'Welcome to Sekolo',
      text: 'Your account is ready.',
      html: '<p>Your account is <strong>ready</strong>.</p>',
      tag: 'welcome',
    });
    await mailer.flush();
    await mailer.close();

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe('no-reply@sekolo.test');
    expect(mail!.to.map((address) => address.toLowerCase())).toEqual(['parent@example.test']);
    expect(mail!.raw).toMatch(/^From: Sekolo <no-reply@sekolo\.test>\r?$/m);
    expect(mail!.raw).toMatch(/^To: Parent@Example\.test\r?$/im);
    expect(mail!.raw).toMatch(/^Subject: Welcome to Sekolo\r?$/m);
    expect(mail!.raw).toMatch(/^X-Sekolo-Tag: welcome\r?$/m);
    expect(mail!.raw).toContain('Your account is ready.');
    expect(mail!.raw).toContain('<strong>ready</strong>');
    const [row] = await rowsTagged('welcome');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, subject: '', text: '', html: null, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('delivers a mail’s attachment (a calendar invite) as a MIME part, then keeps neither it nor the body', async () => {
    const mailer = await mailerOn(port);
    const before = received.length;
    const invite = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
    await mailer.send({
      to: 'customer@example.test',
      subject: 'Booking confirmed',
      text: 'The invite is attached.',
      tag: 'with-invite',
      attachments: [
        {
          filename: 'booking-BK-TEST.ics',
          contentType: 'text/calendar; charset=utf-8; method=REQUEST',
          content: Buffer.from(invite).toString('base64'),
        },
      ],
    });
    await mailer.flush();
    await mailer.close();
    expect(received).toHaveLength(before + 1);
    const raw = received.at(-1)!.raw;
    expect(raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST(;|\r?$)/im);
    expect(raw).toMatch(/filename=(")?booking-BK-TEST\.ics/);
    // The file itself, whichever transfer encoding nodemailer chose for it.
    const flat = raw.replace(/\r?\n/g, '');
    expect(flat.includes('METHOD:REQUEST') || flat.includes(Buffer.from(invite).toString('base64').slice(0, 40))).toBe(
      true,
    );
    const [row] = await rowsTagged('with-invite');
    expect(row).toMatchObject({ status: 'sent', text: '', attachments: null });
  });

  it('delivers several messages, one mail each', async () => {
    const mailer = await mailerOn(port);
    const before = received.length;
    await mailer.sendMany([
      { to: 'one@example.test', subject: 'First', text: 'One', tag: 'many' },
      { to: 'two@example.test', subject: 'Second', text: 'Two', tag: 'many' },
    ]);
    await mailer.flush();
    await mailer.close();
    expect(
      received
        .slice(before)
        .map((mail) => mail.to.map((a) => a.toLowerCase()))
        .sort(),
    ).toEqual([['one@example.test'], ['two@example.test']]);
    expect((await rowsTagged('many')).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('delivers a mail sent within a transaction once it commits, with no poll; a rollback queues nothing', async () => {
    const mailer = await mailerOn(port, undefined, NO_POLL_S);
    const before = received.length;
    const mail = { to: 'within@example.test', subject: 'Kept with its change', text: 'Committed', tag: 'within' };

    await expect(
      transaction(database.db, async (tx) => {
        await mailer.send({ ...mail, subject: 'Rolled back' }, { within: tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await pause(750);
    expect(received.length).toBe(before);
    expect(await rowsTagged('within')).toEqual([]);
    // Neither the mail nor its job: they part with the change.
    expect(await triesOf('within')).toEqual([]);
    expect(
      rowsOf(
        await database.db.execute(sql`select 1 from pgboss.job where name = ${MAIL_DELIVER_JOB} and state = 'created'`),
      ),
    ).toEqual([]);

    await transaction(database.db, async (tx) => {
      await mailer.sendMany([mail], { within: tx });
    });
    // Delivered on the commit: the poll is an hour away.
    await expect.poll(() => received.length - before, { timeout: 5000 }).toBe(1);
    expect(received.at(-1)!.raw).toMatch(/^Subject: Kept with its change\r?$/m);
    await expect.poll(async () => (await rowsTagged('within')).map((r) => r.status)).toEqual(['sent']);
    expect((await triesOf('within')).map((job) => job.state)).toEqual(['completed']);
    await mailer.close();
  });

  it('delivers a mail sent within the database itself (no transaction) at once', async () => {
    const mailer = await mailerOn(port, undefined, NO_POLL_S);
    const before = received.length;
    const mail = { to: 'direct@example.test', subject: 'No transaction', text: 'Now', tag: 'within-db' };
    await mailer.send(mail, { within: database.db });
    await expect.poll(() => received.length - before, { timeout: 5000 }).toBe(1);
    await mailer.close();
  });

  it('refuses a transaction not opened with transaction(), on whose commit nobody would deliver', async () => {
    const mailer = await mailerOn(port, undefined, NO_POLL_S);
    const mail = { to: 'unhooked@example.test', subject: 'Never queued', text: 'No', tag: 'unhooked' };
    await expect(database.db.transaction((tx) => mailer.send(mail, { within: tx }))).rejects.toThrow(NOT_OPENED_HERE);
    // Even with nothing to send: the mistake shows in tests whatever the data.
    await expect(database.db.transaction((tx) => mailer.sendMany([], { within: tx }))).rejects.toThrow(NOT_OPENED_HERE);
    await mailer.close();
    expect(await rowsTagged('unhooked')).toEqual([]);
  });

  it('keeps a mail the SMTP server could not take, retries it later and delivers it once the server is back', async () => {
    // A port nothing listens on: the first delivery fails, the mail waits for its next try.
    const deadPort = await freedPort();
    const mailer = await mailerOn(deadPort);
    await mailer.send({
      to: 'parent@example.test',
      subject: 'Thandi was marked absent',
      text: 'Absent today',
      tag: 'retry',
    });
    await mailer.flush(); // the request that sent it never waited for this
    let [row] = await rowsTagged('retry');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, subject: 'Thandi was marked absent' });
    expect(row!.lastError).toMatch(/ECONNREFUSED/);
    expect(row!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 20_000); // about 30 s later
    expect(warnings.at(-1)).toMatchObject({ mailId: row!.id, attempts: 1, final: false });
    expect(JSON.stringify(warnings)).not.toContain('parent@example.test');

    // Not due yet: nothing is tried.
    await mailer.flush();
    expect((await rowsTagged('retry'))[0]!.attempts).toBe(1);

    // The server is back on that port and the retry falls due: delivered.
    const back: TReceived[] = [];
    const { server: revived } = await startSmtpServer(back, deadPort);
    await makeDue('retry');
    await mailer.flush();
    await mailer.close();
    await stopSmtpServer(revived);
    expect(back.map((mail) => mail.to)).toEqual([['parent@example.test']]);
    [row] = await rowsTagged('retry');
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null, subject: '' });
  });

  it('keeps mails not yet tried when the server shuts down, and the next process delivers them', async () => {
    const mailer = await mailerOn(port, undefined, NO_POLL_S);
    await mailer.jobs.stop(); // the server is stopping: its queue takes no more jobs
    await mailer.sendMany([
      { to: 'a@example.test', subject: 'A', text: 'a', tag: 'shutdown' },
      { to: 'b@example.test', subject: 'B', text: 'b', tag: 'shutdown' },
    ]);
    await mailer.close();
    const rows = await rowsTagged('shutdown');
    expect(rows.map((r) => [r.status, r.attempts, r.subject]).sort()).toEqual([
      ['pending', 0, 'A'],
      ['pending', 0, 'B'],
    ]);
    expect((await triesOf('shutdown')).map((job) => job.state)).toEqual(['created', 'created']);
    // The next process delivers them.
    const next = await mailerOn(port);
    await next.flush();
    await next.close();
    expect((await rowsTagged('shutdown')).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('tries a mail again after 30 s, 2 min, 10 min, 30 min, 2 h and 6 h, then gives it up as failed for the console', async () => {
    const deadPort = await freedPort();
    const mailer = await mailerOn(deadPort);
    await mailer.send({ to: 'nobody@example.test', subject: 'Never', text: 'Never delivered', tag: 'give-up' });
    await mailer.flush();
    for (let attempt = 1; attempt <= RETRY_DELAYS_S.length; attempt++) {
      const [row] = await rowsTagged('give-up');
      expect(row).toMatchObject({ status: 'pending', attempts: attempt });
      // The next try is its own job, due when the row says, RETRY_DELAYS_S[attempt - 1] after this one.
      const wait = (row!.nextAttemptAt!.getTime() - Date.now()) / 1000;
      expect(wait).toBeGreaterThan(RETRY_DELAYS_S[attempt - 1]! - 5);
      expect(wait).toBeLessThanOrEqual(RETRY_DELAYS_S[attempt - 1]!);
      const queued = (await triesOf('give-up')).filter((job) => job.state === 'created');
      expect(queued).toHaveLength(1);
      expect(new Date(queued[0]!.start_after).getTime()).toBe(row!.nextAttemptAt!.getTime());
      await makeDue('give-up');
      await mailer.flush();
    }
    const [row] = await rowsTagged('give-up');
    expect(row).toMatchObject({ status: 'failed', attempts: RETRY_DELAYS_S.length + 1, nextAttemptAt: null });
    expect(warnings.at(-1)).toMatchObject({ mailId: row!.id, final: true });
    // The last try's job is failed, on the operator's list, with the reason and without the recipient.
    const tries = await triesOf('give-up');
    expect(tries.map((job) => job.state)).toEqual([...RETRY_DELAYS_S.map(() => 'completed'), 'failed']);
    const [listed] = (await mailer.jobs.list({ state: 'failed' })).filter((job) => job.id === tries.at(-1)!.id);
    expect(listed).toMatchObject({ name: MAIL_DELIVER_JOB });
    expect(listed!.error).toMatch(/give-up not delivered after 7 tries: E[A-Z]+$/);
    expect(listed!.error).not.toContain('nobody@example.test');

    // The operator retries it once the mail server is back: delivered, its content dropped.
    const back: TReceived[] = [];
    const { server: revived } = await startSmtpServer(back, deadPort);
    expect(await mailer.jobs.retry(listed!.id)).toMatchObject({ id: listed!.id });
    await mailer.flush();
    await mailer.close();
    await stopSmtpServer(revived);
    expect(back.map((mail) => mail.to)).toEqual([['nobody@example.test']]);
    expect((await rowsTagged('give-up'))[0]).toMatchObject({ status: 'sent', subject: '', text: '', lastError: null });
  });

  it('delivers mail a statement stored in its row form once stored() is called, and not before', async () => {
    const mailer = await mailerOn(port, undefined, NO_POLL_S);
    const before = received.length;
    // As the register save's statement writes its absence mails (register.ts).
    const { status, lowercaseTo } = mailer.rowForm;
    const to = ' Stored@Example.test '.trim();
    await database.db.insert(outboxMessages).values({
      to: lowercaseTo ? to.toLowerCase() : to,
      subject: 'Stored by a statement',
      text: 'Stored',
      tag: 'stored-by-statement',
      status,
      nextAttemptAt: status === 'pending' ? sql`now()` : null,
    });
    await pause(500);
    expect(received.length).toBe(before);
    mailer.stored();
    await expect.poll(() => received.length - before, { timeout: 5000 }).toBe(1);
    expect(received.at(-1)!.raw).toMatch(/^Subject: Stored by a statement\r?$/m);
    await expect.poll(async () => (await rowsTagged('stored-by-statement')).map((r) => r.status)).toEqual(['sent']);
    await mailer.close();
  });

  it('gives the row form that send() stores: status and recipient', async () => {
    // Nothing listens: the mail stays as send() stored it (its first delivery fails).
    const mailer = await mailerOn(await freedPort(), undefined, NO_POLL_S);
    await mailer.send({ to: ' Form@Example.test ', subject: 'Form', text: 'Form', tag: 'row-form-smtp' });
    await mailer.close();
    const [row] = await rowsTagged('row-form-smtp');
    expect(row).toMatchObject({ status: mailer.rowForm.status, to: 'Form@Example.test' });
    expect(mailer.rowForm.lowercaseTo).toBe(false);
    await database.db.delete(outboxMessages).where(eq(outboxMessages.tag, 'row-form-smtp'));
  });
});

describe('the outbox mailer', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('keeps the message in the database under the lower-cased recipient', async () => {
    const mailer = createOutboxMailer(database.db);
    expect(mailer.kind).toBe('outbox');
    await mailer.send({
      to: '  Teacher@Demo-School.Sekolo.TEST ',
      subject: 'Hello',
      text: 'Plain body',
      tag: 'test-tag',
    });
    await mailer.send({ to: 'other@sekolo.test', subject: 'Second', text: 'Only text' });
    await mailer.close();

    const rows = await database.db.select().from(outboxMessages);
    expect(rows).toHaveLength(2);
    const first = rows.find((row) => row.subject === 'Hello');
    expect(first).toMatchObject({
      to: 'teacher@demo-school.sekolo.test',
      text: 'Plain body',
      html: null,
      tag: 'test-tag',
    });
    expect(first!.createdAt).toBeInstanceOf(Date);
    expect(rows.find((row) => row.subject === 'Second')).toMatchObject({ to: 'other@sekolo.test', tag: null });
  });

  it('keeps a mail sent within a transaction only if the transaction commits', async () => {
    const mailer = createOutboxMailer(database.db);
    await expect(
      transaction(database.db, async (tx) => {
        await mailer.send({ to: 'x@example.test', subject: 'Rolled back', text: 'no', tag: 'tx' }, { within: tx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await transaction(database.db, async (tx) => {
      await mailer.sendMany([{ to: 'x@example.test', subject: 'Committed', text: 'yes', tag: 'tx' }], { within: tx });
    });
    const rows = await database.db.select().from(outboxMessages).where(eq(outboxMessages.tag, 'tx'));
    expect(rows.map((row) => row.subject)).toEqual(['Committed']);
  });

  it('refuses a transaction not opened with transaction(), as the SMTP mailer does, so tests catch it', async () => {
    const mailer = createOutboxMailer(database.db);
    const mail = { to: 'x@example.test', subject: 'Never kept', text: 'no', tag: 'unhooked' };
    await expect(database.db.transaction((tx) => mailer.send(mail, { within: tx }))).rejects.toThrow(NOT_OPENED_HERE);
    await expect(database.db.transaction((tx) => mailer.sendMany([], { within: tx }))).rejects.toThrow(NOT_OPENED_HERE);
    expect(await database.db.select().from(outboxMessages).where(eq(outboxMessages.tag, 'unhooked'))).toEqual([]);
  });

  it('keeps several messages at once, and nothing for none', async () => {
    const mailer = createOutboxMailer(database.db);
    await mailer.sendMany([]);
    await mailer.sendMany([
      { to: 'A@Example.test', subject: 'Batch 1', text: 'one', tag: 'batch' },
      { to: 'b@example.test', subject: 'Batch 2', text: 'two', html: '<p>two</p>', tag: 'batch' },
    ]);
    const rows = await database.db.select().from(outboxMessages).where(eq(outboxMessages.tag, 'batch'));
    expect(rows.map((row) => [row.to, row.subject, row.html]).sort()).toEqual([
      ['a@example.test', 'Batch 1', null],
      ['b@example.test', 'Batch 2', '<p>two</p>'],
    ]);
  });

  it('gives the row form that send() stores: status and recipient', async () => {
    const mailer = createOutboxMailer(database.db);
    await mailer.send({ to: ' Form@Example.test ', subject: 'Form', text: 'Form', tag: 'row-form-outbox' });
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.tag, 'row-form-outbox'));
    expect(row).toMatchObject({ status: mailer.rowForm.status, to: 'form@example.test' });
    expect(mailer.rowForm.lowercaseTo).toBe(true);
    mailer.stored(); // nothing to deliver: the outbox keeps its mail
    expect(
      (await database.db.select().from(outboxMessages).where(eq(outboxMessages.tag, 'row-form-outbox')))[0]!.status,
    ).toBe('kept');
  });
});
