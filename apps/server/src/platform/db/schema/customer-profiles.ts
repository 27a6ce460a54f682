import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A customer's profile completion (spec 3 "Customer profile"): the two customer wizard steps
 * that /dashboard/customer opens once after sign-up. One row per customer; its existence means the
 * profile is complete and the steps do not open again.
 */
export const customerProfiles = pgTable('customer_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  displayName: text('display_name').notNull(),
  phoneNumber: text('phone_number').notNull(),
  /** When the customer ticked the boxes (the spec's termsAccepted / privacyAccepted booleans). */
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
  privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
