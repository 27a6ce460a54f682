import type { TContactMessage } from '@sekolo/shared/schemas/public-forms';
import type { AppDeps } from '../../platform/http/app-types.ts';
import { contactMessages } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { acknowledgementMail, teamNotificationMail } from './contact-mails.ts';

/**
 * Stores a message from /contact or /contact-specialists, with the mails to the team and the sender.
 *
 * The mails are stored in the message's own transaction (the outbox pattern, `within: tx`): the
 * message and its mails commit together or not at all, so a stored message never lacks its mails
 * and a failed request stores nothing (its retry stores the message once). SMTP delivers them on
 * the commit (platform/db/transaction.ts), and retries a mail server that is down (platform/mail/mailer.ts).
 */
export async function sendContactMessage(
  deps: Pick<AppDeps, 'database' | 'mailer' | 'config'>,
  input: TContactMessage,
) {
  const stored = await transaction(deps.database.db, async (tx) => {
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
    await deps.mailer.sendMany([teamNotificationMail(deps.config.TEAM_EMAIL, row!), acknowledgementMail(row!)], {
      within: tx,
    });
    return row!;
  });
  return stored;
}
