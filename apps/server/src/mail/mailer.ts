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
  /** Several mails at once (the outbox stores them in one statement). */
  sendMany(messages: TMailMessage[]): Promise<void>;
  close(): Promise<void>;
}

/** The embedded default: mail is kept in the database, readable at /dev/outbox. */
export function createOutboxMailer(db: Database): Mailer {
  const row = (message: TMailMessage) => ({
    to: message.to.trim().toLowerCase(),
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    tag: message.tag ?? null,
  });
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(outboxMessages).values(row(message));
    },
    async sendMany(messages) {
      if (messages.length) await db.insert(outboxMessages).values(messages.map(row));
    },
    async close() {},
  };
}

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  const send = async (message: TMailMessage) => {
    await transport.sendMail({
      from: options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.tag ? { 'X-Sekolo-Tag': message.tag } : undefined,
    });
  };
  return {
    kind: 'smtp',
    send,
    async sendMany(messages) {
      for (const message of messages) await send(message);
    },
    async close() {
      transport.close();
    },
  };
}
