import type { FastifyBaseLogger } from 'fastify';
import type { TContactMessage } from '@sekolo/shared/schemas/public-forms';
import type { AppDeps } from '../../app.ts';
import { contactMessages } from '../../db/schema/index.ts';
import { acknowledgementMail, teamNotificationMail } from './contact-mails.ts';

/**
 * Stores a message from /contact or /contact-specialists, then mails the team and the sender.
 *
 * The mails go out after the insert commits: a mail cannot be unsent when a transaction rolls back
 * (SMTP), and the outbox mailer writes through its own handle. Once the message is stored the
 * visitor is told so even if a mail fails: the message is safe in contact_messages, and the failure
 * is logged with the message id (never the sender's details) for an operator to follow up.
 * Answering with an error instead would invite a retry that stores the message twice.
 */
export async function sendContactMessage(
  deps: Pick<AppDeps, 'database' | 'mailer' | 'config'> & { log: FastifyBaseLogger },
  input: TContactMessage,
) {
  const stored = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values(
        input.kind === 'specialists'
          ? {
              kind: 'specialists',
              name: input.name,
              email: input.email,
              phone: input.phone,
              organisation: input.organisation,
              subject: 'Custom solution enquiry',
              message: input.message,
              schoolSize: input.schoolSize,
              numberOfSchools: input.numberOfSchools,
            }
          : {
              kind: 'general',
              name: input.name,
              email: input.email,
              phone: input.phone,
              organisation: input.organisation,
              subject: input.subject,
              message: input.message,
            },
      )
      .returning();
    return row!;
  });

  for (const mail of [teamNotificationMail(deps.config.TEAM_EMAIL, stored), acknowledgementMail(stored)]) {
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      deps.log.error({ err, contactMessageId: stored.id, mailTag: mail.tag }, 'contact mail could not be sent');
    }
  }
  return stored;
}
