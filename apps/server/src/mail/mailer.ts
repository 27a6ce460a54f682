import nodemailer from 'nodemailer';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type DbExecutor } from '../db/client.ts';
import { outboxMessages } from '../db/schema/index.ts';
import { afterCommit, assertAfterCommit } from '../db/transaction.ts';

export type TMailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What kind of mail this is (e.g. 'newsletter-confirm'); never personal data. */
  tag?: string;
};

export type TSendOptions = {
  /**
   * Store the mail in this transaction (the outbox pattern): it exists if and only if the
   * transaction commits, so a saved change and its mail cannot part. The transaction must be opened
   * with transaction() (db/transaction.ts): the SMTP mailer delivers the mail once it commits, so no
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
const BATCH = 20;

export type TSmtpMailer = Mailer & {
  /** Delivers every mail that is due now, and resolves when done (tests, shutdown). */
  flush(): Promise<void>;
};

/**
 * SMTP behind a queue in the database: send() stores the mail as 'pending' and returns, so a
 * request never waits on the mail server and a mail survives an SMTP outage or a restart; the
 * dispatcher delivers it at once (mail sent `within` a transaction, once that commits) and retries
 * a failure later (RETRY_DELAYS_S). Several server processes share the queue: each claims its batch
 * with FOR UPDATE SKIP LOCKED. A delivered mail keeps its recipient, tag and times, not its subject
 * or body (they name children). Failures are logged without address or content.
 */
export function createSmtpMailer(
  db: Database,
  options: {
    url: string;
    from: string;
    log?: { warn(details: Record<string, unknown>, message: string): void };
    /** How often to look for retries that fell due (default 15 s). */
    pollMs?: number;
  },
): TSmtpMailer {
  const transport = createSmtpTransport(options);
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  async function deliverDue(): Promise<void> {
    for (;;) {
      const claimed = rowsOf<
        Pick<typeof outboxMessages.$inferSelect, 'id' | 'to' | 'subject' | 'text' | 'html' | 'tag' | 'attempts'>
      >(
        await db.execute(sql`
          update ${outboxMessages} set status = 'sending', attempts = attempts + 1, next_attempt_at = now()
          where id in (
            select id from ${outboxMessages}
            where (status = 'pending' and next_attempt_at <= now())
               or (status = 'sending' and next_attempt_at <= now() - make_interval(secs => ${STALE_SENDING_S}))
            order by next_attempt_at
            limit ${BATCH}
            for update skip locked
          )
          returning id, "to", subject, text, html, tag, attempts`),
      );
      for (const [index, mail] of claimed.entries()) {
        if (closed) {
          // Shutting down: the mails claimed but not tried go back to the queue as they were.
          const left = claimed.slice(index).map((m) => m.id);
          await db.execute(sql`update ${outboxMessages}
            set status = 'pending', attempts = attempts - 1, next_attempt_at = now()
            where id in (${sql.join(
              left.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`);
          return;
        }
        try {
          await transport.deliver({
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html ?? undefined,
            tag: mail.tag ?? undefined,
          });
          await db.execute(sql`update ${outboxMessages}
            set status = 'sent', sent_at = now(), subject = '', text = '', html = null, last_error = null
            where id = ${mail.id}`);
        } catch (error) {
          const final = mail.attempts > RETRY_DELAYS_S.length;
          const code =
            (error as { code?: string; responseCode?: number }).responseCode ?? (error as { code?: string }).code;
          const reason = `${code ?? 'ERROR'}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
          await db.execute(sql`update ${outboxMessages}
            set status = ${final ? 'failed' : 'pending'}, last_error = ${reason},
                next_attempt_at = ${final ? null : sql`now() + make_interval(secs => ${RETRY_DELAYS_S[mail.attempts - 1]!})`}
            where id = ${mail.id}`);
          options.log?.warn(
            { mailId: mail.id, tag: mail.tag, attempts: mail.attempts, code, final },
            final ? 'mail: delivery failed for good' : 'mail: delivery failed, will retry',
          );
        }
      }
      if (claimed.length < BATCH || closed) return;
    }
  }

  /** Runs deliverDue, once more if asked meanwhile; one run at a time in this process. */
  function kick(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await deliverDue();
        } while (again && !closed);
      } catch (error) {
        options.log?.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'mail: the queue could not be read',
        );
      } finally {
        running = null;
      }
    })();
    return running;
  }

  /** One function, so that several mails in one transaction register one delivery on its commit. */
  const kickSoon = () => void kick();
  const timer = setInterval(kickSoon, options.pollMs ?? 15_000);
  timer.unref();

  async function enqueue(messages: TMailMessage[], options?: TSendOptions) {
    const within = options?.within;
    // Before anything else, even with no mail: a transaction nobody would run the hook of is a bug.
    if (within) assertAfterCommit(within);
    if (messages.length === 0) return;
    await (within ?? db)
      .insert(outboxMessages)
      .values(
        messages.map((m) => ({ ...outboxRow(m), to: m.to.trim(), status: 'pending', nextAttemptAt: sql`now()` })),
      );
    // Inside a transaction the queue cannot see the mail until the commit: deliver it then.
    if (within) afterCommit(within, kickSoon);
    else kickSoon();
  }

  return {
    kind: 'smtp',
    send: (message, options) => enqueue([message], options),
    sendMany: enqueue,
    rowForm: { status: 'pending', lowercaseTo: false },
    stored: kickSoon,
    async flush() {
      await kick();
      if (running) await running;
    },
    async close() {
      closed = true;
      clearInterval(timer);
      if (running) await running;
      transport.close();
    },
  };
}
