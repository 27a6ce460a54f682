import nodemailer from 'nodemailer';
import type { Database } from '../db/client.ts';
import { outboxMessages } from '../db/schema/index.ts';

export type TMailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What kind of mail this is (e.g. 'newsletter-confirm'); never personal data. */
  tag?: string;
};

/** Sending mail is a side effect services call through this interface (DESIGN.md). */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: TMailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The embedded default: mail is kept in the database, readable at /dev/outbox. */
export function createOutboxMailer(db: Database): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(outboxMessages).values({
        to: message.to.trim().toLowerCase(),
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        tag: message.tag ?? null,
      });
    },
    async close() {},
  };
}

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.tag ? { 'X-Sekolo-Tag': message.tag } : undefined,
      });
    },
    async close() {
      transport.close();
    },
  };
}
