import type { FastifyBaseLogger } from 'fastify';
import type { TDemoBooking } from '@sekolo/shared/schemas/public-forms';
import type { AppDeps } from '../../app.ts';
import { demoBookings } from '../../db/schema/index.ts';
import { demoRequesterMail, demoTeamMail } from './demo-booking-mails.ts';

/**
 * Stores a demo request from /demo, then mails the team and the requester.
 *
 * Mail goes out after the insert commits (see send-contact-message.ts for why): the booking is
 * safe once stored, so a failed mail is logged with the booking id for an operator, and the
 * requester still sees the confirmation rather than an error that would invite a double booking.
 */
export async function bookDemo(
  deps: Pick<AppDeps, 'database' | 'mailer' | 'config'> & { log: FastifyBaseLogger },
  input: TDemoBooking,
) {
  const booking = await deps.database.db.transaction(async (tx) => {
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
    return row!;
  });

  for (const mail of [demoTeamMail(deps.config.TEAM_EMAIL, booking), demoRequesterMail(booking)]) {
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      deps.log.error({ err, demoBookingId: booking.id, mailTag: mail.tag }, 'demo booking mail could not be sent');
    }
  }
  return booking;
}
