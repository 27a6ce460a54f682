import { sql } from 'drizzle-orm';
import { rowsOf, type DbExecutor } from '../../platform/db/client.ts';
import type { TConversationSubject } from '../messages/index.ts';

/**
 * A booking as a conversation's subject (messages' `POST /api/messages/about`): for its customer or a
 * member of its provider's organisation, the customer, the provider and "Booking <reference>: <service>";
 * null for anyone else, for a booking never paid (a hold that expired or was abandoned) and for one
 * whose customer's account was deleted. A cancelled booking that was paid stays a subject: a refund
 * is exactly what a customer may want to ask about.
 */
export async function bookingSubject(
  db: DbExecutor,
  userId: string,
  bookingId: string,
): Promise<TConversationSubject | null> {
  const [row] = rowsOf<{ provider: string; customer: string; reference: string; title: string }>(
    await db.execute(sql`
      select b.organization_id as provider, b.customer_user_id as customer, b.reference, s.title
      from bookings b
      join booking_services s on s.id = b.service_id
      where b.id = ${bookingId} and b.customer_user_id is not null and b.paid_at is not null
        and (b.customer_user_id = ${userId} or exists (
          select 1 from organization_members m where m.organization_id = b.organization_id and m.user_id = ${userId}))`),
  );
  if (!row) return null;
  return {
    sellerOrganizationId: row.provider,
    customerUserId: row.customer,
    subject: `Booking ${row.reference}: ${row.title}`,
  };
}
