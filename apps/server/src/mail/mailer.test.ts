import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { outboxMessages } from '../db/schema/index.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createOutboxMailer, createSmtpMailer } from './mailer.ts';

type TReceived = { from: string | undefined; to: string[]; raw: string };

describe('the SMTP mailer', () => {
  const received: TReceived[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    // A real SMTP peer on the loopback interface: the mailer speaks the protocol to it.
    server = new SMTPServer({
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
      server.listen(0, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers the message with its sender, recipient, subject, body and tag', async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'Sekolo <no-reply@sekolo.test>' });
    expect(mailer.kind).toBe('smtp');
    await mailer.send({
      to: 'Parent@Example.test',
      subject: 'Welcome to Sekolo',
      text: 'Your account is ready.',
      html: '<p>Your account is <strong>ready</strong>.</p>',
      tag: 'welcome',
    });
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
  });

  it('delivers several messages one by one', async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'no-reply@sekolo.test' });
    const before = received.length;
    await mailer.sendMany([
      { to: 'one@example.test', subject: 'First', text: 'One' },
      { to: 'two@example.test', subject: 'Second', text: 'Two' },
    ]);
    await mailer.close();
    expect(received.slice(before).map((mail) => mail.to.map((a) => a.toLowerCase()))).toEqual([
      ['one@example.test'],
      ['two@example.test'],
    ]);
  });

  it('fails loudly when the SMTP server cannot be reached', async () => {
    const closed = new SMTPServer({ authOptional: true, logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${deadPort}`, from: 'no-reply@sekolo.test' });
    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow(/ECONNREFUSED/);
    await mailer.close();
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
});
