import type { TDemoBooking } from '@sekolo/shared/schemas/public-forms';
import type { AppDeps } from '../../platform/http/app-types.ts';
import { demoBookings } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { demoRequesterMail, demoTeamMail } from './demo-booking-mails.ts';

/**
 * Stores a demo request from /demo, with the mails to the team and the requester, in one
 * transaction (the outbox pattern, as send-contact-message.ts): the booking and its mails commit
 * together or not at all, so a failed request books nothing and its retry books once.
 */
export async function bookDemo(deps: Pick<AppDeps, 'database' | 'mailer' | 'config'>, input: TDemoBooking) {
  const booking = await transaction(deps.database.db, async (tx) => {
    const [row] = await tx
      .insert(demoBookings)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        schoolName: input.schoolName,
        role: input.role,
        learnerCount: input.learnerCount,
        preferredDate: input.preferredDate,
        preferredTime: input.preferredTime,
        notes: input.notes,
      })
      .returning();
    await deps.mailer.sendMany([demoTeamMail(deps.config.TEAM_EMAIL, row!), demoRequesterMail(row!)], { within: tx });
    return row!;
  });
  return booking;
}
