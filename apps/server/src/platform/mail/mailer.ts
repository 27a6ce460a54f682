import nodemailer from 'nodemailer';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type DbExecutor } from '../db/client.ts';
import { outboxMessages } from '../db/schema/index.ts';
import { assertAfterCommit } from '../db/transaction.ts';
import type { JobQueue } from '../jobs/queue.ts';

/** A file sent with a mail (e.g. a calendar invite), its content base64. */
export type TMailAttachment = { filename: string; contentType: string; content: string };

export type TMailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What kind of mail this is (e.g. 'newsletter-confirm'); never personal data. */
  tag?: string;
  attachments?: TMailAttachment[];
};

export type TSendOptions = {
  /**
   * Store the mail in this transaction (the outbox pattern): it exists if and only if the
   * transaction commits, so a saved change and its mail cannot part. The transaction must be opened
   * with transaction() (platform/db/transaction.ts): the SMTP mailer delivers the mail once it commits, so no
   * caller has to remember to. Any other transaction throws (a programming error), with every
   * mailer, so tests catch it. The database itself means no transaction: delivered at once.
   */
  within?: DbExecutor;
};

/** Sending mail is a side effect services call through this interface (DESIGN.md). */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: TMailMessage, options?: TSendOptions): Promise<void>;
  /** Several mails at once (one statement). */
  sendMany(messages: TMailMessage[], options?: TSendOptions): Promise<void>;
  /**
   * For a statement that writes its own mail into outbox_messages (the register save stores a
   * register's marks and their absence mails in one statement): the status of a new row for this
   * mailer ('pending' rows are due at once: next_attempt_at now()), and whether its `to` is stored
   * lower-cased (always trimmed), as send() stores it.
   */
  readonly rowForm: { status: 'kept' | 'pending'; lowercaseTo: boolean };
  /** To call once such a statement has committed mail: SMTP delivers it at once; the outbox keeps it. */
  stored(): void;
  close(): Promise<void>;
}

/** A message as the outbox_messages table stores it. */
function outboxRow(message: TMailMessage) {
  return {
    to: message.to.trim().toLowerCase(),
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    tag: message.tag ?? null,
    attachments: message.attachments?.length ? message.attachments : null,
  };
}

/** The embedded default: mail is kept in the database, readable at /dev/outbox. */
export function createOutboxMailer(db: Database): Mailer {
  async function store(messages: TMailMessage[], options?: TSendOptions) {
    // Nothing to do on commit, but the same check as SMTP: tests run with this mailer.
    if (options?.within) assertAfterCommit(options.within);
    if (messages.length) await (options?.within ?? db).insert(outboxMessages).values(messages.map(outboxRow));
  }
  return {
    kind: 'outbox',
    send: (message, options) => store([message], options),
    sendMany: store,
    rowForm: { status: 'kept', lowercaseTo: true },
    stored() {},
    async close() {},
  };
}

/** Delivers one message over SMTP now (nodemailer); throws when the server refuses or cannot be reached. */
export function createSmtpTransport(options: { url: string; from: string }) {
  // Bounded waits: a mail server that does not answer holds a delivery (and a shutdown) for
  // seconds, not nodemailer's default of minutes. The URL's own settings win.
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async deliver(message: TMailMessage) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.tag ? { 'X-Sekolo-Tag': message.tag } : undefined,
        attachments: message.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
          encoding: 'base64',
        })),
      });
    },
    close() {
      transport.close();
    },
  };
}

/** After the nth failed delivery the next try waits RETRY_DELAYS_S[n - 1] seconds; after the last, the mail is 'failed'. */
export const RETRY_DELAYS_S = [30, 120, 600, 1800, 7200, 21600];
/** A mail 'sending' for longer than this (its process stopped mid-delivery) is tried again. */
const STALE_SENDING_S = 600;
/** A mail due for longer than this has lost its job (its process stopped before enqueuing it): the sweep enqueues one. */
const STRANDED_S = 60;

/** The job that delivers one mail (its row in outbox_messages) and the one that finds mail with no job. */
export const MAIL_DELIVER_JOB = 'mail.deliver';
export const MAIL_SWEEP_JOB = 'mail.sweep';

export type TSmtpMailer = Mailer & {
  /** Resolves once every mail that is due now has been tried (tests, shutdown). */
  flush(): Promise<void>;
};

type TDeliverJob = { mailId: string };
type TSweepJob = { dueForSeconds?: number };
type TQueuedMail = { id: string; attempts: number; nextAttemptAt: Date | string | null };

/**
 * SMTP behind the job queue (platform/jobs): send() stores the mail as 'pending' in outbox_messages
 * and enqueues a 'mail.deliver' job for it, so a request never waits on the mail server and a mail
 * survives an SMTP outage or a restart. A failed delivery is tried again on the mail's own schedule
 * (RETRY_DELAYS_S), each try a job of its own due then; after the last the job fails and waits on
 * the operator's console, where a retry tries the mail once more. A delivered mail keeps its
 * recipient, tag and times, not its subject or body (they name children). Failures are logged
 * without address or content.
 */
export function createSmtpMailer(
  db: Database,
  options: {
    jobs: JobQueue;
    url: string;
    from: string;
    log?: {
      warn(details: Record<string, unknown>, message: string): void;
      info?(details: Record<string, unknown>, message: string): void;
    };
  },
): TSmtpMailer {
  const { jobs } = options;
  const transport = createSmtpTransport(options);

  /** One job per try of a mail: the key names the mail, its attempts and when the try is due. */
  const tryOf = (mail: TQueuedMail) => {
    const due = mail.nextAttemptAt ? new Date(mail.nextAttemptAt) : new Date();
    return { data: { mailId: mail.id }, singletonKey: `${mail.id}:${mail.attempts}:${due.getTime()}`, startAfter: due };
  };
  const enqueueTries = (mails: TQueuedMail[], within?: DbExecutor) =>
    jobs.sendMany<TDeliverJob>(MAIL_DELIVER_JOB, mails.map(tryOf), { within });

  async function deliver({ mailId }: TDeliverJob): Promise<unknown> {
    // Claimed by one job only; a mail already delivered, not yet due or being delivered is left.
    // A failed mail is claimed too: only the operator's retry of its failed job runs one.
    const [mail] = rowsOf<
      Pick<
        typeof outboxMessages.$inferSelect,
        'id' | 'to' | 'subject' | 'text' | 'html' | 'tag' | 'attempts' | 'attachments'
      >
    >(
      await db.execute(sql`
        update ${outboxMessages} set status = 'sending', attempts = attempts + 1, next_attempt_at = now()
        where id = ${mailId}
          and ((status = 'pending' and next_attempt_at <= now())
            or status = 'failed'
            or (status = 'sending' and next_attempt_at <= now() - make_interval(secs => ${STALE_SENDING_S})))
        returning id, "to", subject, text, html, tag, attempts, attachments`),
    );
    if (!mail) return { skipped: true };
    try {
      await transport.deliver({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        tag: mail.tag ?? undefined,
        attachments: mail.attachments ?? undefined,
      });
    } catch (error) {
      const final = mail.attempts > RETRY_DELAYS_S.length;
      const code =
        (error as { code?: string; responseCode?: number }).responseCode ?? (error as { code?: string }).code;
      const reason = `${code ?? 'ERROR'}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
      const [next] = rowsOf<TQueuedMail>(
        await db.execute(sql`update ${outboxMessages}
          set status = ${final ? 'failed' : 'pending'}, last_error = ${reason},
              next_attempt_at = ${final ? null : sql`now() + make_interval(secs => ${RETRY_DELAYS_S[Math.min(mail.attempts, RETRY_DELAYS_S.length) - 1]!})`}
          where id = ${mail.id}
          returning id, attempts, next_attempt_at as "nextAttemptAt"`),
      );
      options.log?.warn(
        { mailId: mail.id, tag: mail.tag, attempts: mail.attempts, code, final },
        final ? 'mail: delivery failed for good' : 'mail: delivery failed, will retry',
      );
      // The job fails (for the console) with the reason but not the recipient.
      if (final)
        throw new Error(
          `mail ${mail.tag ?? 'untagged'} not delivered after ${mail.attempts} tries: ${code ?? 'ERROR'}`,
          {
            cause: error,
          },
        );
      await enqueueTries([next!]);
      return { delivered: false, attempts: mail.attempts };
    }
    await db.execute(sql`update ${outboxMessages}
      set status = 'sent', sent_at = now(), subject = '', text = '', html = null, attachments = null, last_error = null
      where id = ${mail.id}`);
    // The mail's id and tag only (never its recipient); the line carries the id of the request that
    // sent it (the job's context).
    options.log?.info?.({ mailId: mail.id, tag: mail.tag, attempts: mail.attempts }, 'mail: delivered');
    return { delivered: true, attempts: mail.attempts };
  }

  /** Enqueues a try of every mail due (for dueForSeconds) with none: stored by a statement, or stranded. */
  async function sweep({ dueForSeconds = STRANDED_S }: TSweepJob): Promise<unknown> {
    const due = rowsOf<TQueuedMail>(
      await db.execute(sql`
        select id, attempts, next_attempt_at as "nextAttemptAt" from ${outboxMessages}
        where (status = 'pending' and next_attempt_at <= now() - make_interval(secs => ${dueForSeconds}))
           or (status = 'sending' and next_attempt_at <= now() - make_interval(secs => ${STALE_SENDING_S}))
        order by next_attempt_at
        limit 500`),
    );
    // A mail whose try is queued already keeps that one job (its key).
    await enqueueTries(due);
    return { found: due.length };
  }

  jobs.register<TDeliverJob>({
    name: MAIL_DELIVER_JOB,
    handler: deliver,
    // The mail's own schedule is its retries; a job fails only after the last.
    retryLimit: 0,
    // Bounded by the SMTP timeouts (createSmtpTransport).
    expireInSeconds: 120,
    concurrency: 2,
  });
  jobs.register<TSweepJob>({
    name: MAIL_SWEEP_JOB,
    handler: sweep,
    retryLimit: 1,
    schedule: { cron: '* * * * *' },
  });

  async function enqueue(messages: TMailMessage[], options?: TSendOptions) {
    const within = options?.within;
    // Before anything else, even with no mail: a transaction nobody would run the hook of is a bug.
    if (within) assertAfterCommit(within);
    if (messages.length === 0) return;
    const stored = await (within ?? db)
      .insert(outboxMessages)
      .values(messages.map((m) => ({ ...outboxRow(m), to: m.to.trim(), status: 'pending', nextAttemptAt: sql`now()` })))
      .returning({
        id: outboxMessages.id,
        attempts: outboxMessages.attempts,
        nextAttemptAt: outboxMessages.nextAttemptAt,
      });
    // In the same transaction: the mail and its job exist together or not at all.
    await enqueueTries(stored, within);
  }

  return {
    kind: 'smtp',
    send: (message, options) => enqueue([message], options),
    sendMany: enqueue,
    rowForm: { status: 'pending', lowercaseTo: false },
    stored() {
      void jobs
        .send<TSweepJob>(MAIL_SWEEP_JOB, { dueForSeconds: 0 })
        .catch((error: Error) =>
          options.log?.warn({ err: error.message }, 'mail: could not enqueue the delivery of stored mail'),
        );
    },
    async flush() {
      await jobs.settle(MAIL_SWEEP_JOB);
      await jobs.settle(MAIL_DELIVER_JOB);
    },
    async close() {
      transport.close();
    },
  };
}
