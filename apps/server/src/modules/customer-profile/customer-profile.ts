import { eq, sql } from 'drizzle-orm';
import type { TCustomerProfile } from '@sekolo/shared/schemas/registration/customer';
import type { Database } from '../../platform/db/client.ts';
import { customerProfiles } from '../../platform/db/schema/index.ts';

export type TCustomerProfileView = {
  displayName: string;
  phoneNumber: string;
  termsAccepted: boolean;
  privacyAccepted: boolean;
  completedAt: string;
  updatedAt: string;
};

type TRow = typeof customerProfiles.$inferSelect;

function toView(row: TRow): TCustomerProfileView {
  return {
    displayName: row.displayName,
    phoneNumber: row.phoneNumber,
    termsAccepted: true,
    privacyAccepted: true,
    completedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getCustomerProfile(db: Database, userId: string): Promise<TCustomerProfileView | null> {
  const [row] = await db.select().from(customerProfiles).where(eq(customerProfiles.userId, userId)).limit(1);
  return row ? toView(row) : null;
}

/**
 * Saves the customer's profile (both wizard steps at once). A second save updates the name and
 * phone number and keeps the first acceptance times of the terms and the privacy policy.
 */
export async function saveCustomerProfile(
  db: Database,
  userId: string,
  input: TCustomerProfile,
): Promise<TCustomerProfileView> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(customerProfiles)
      .values({
        userId,
        displayName: input.displayName,
        phoneNumber: input.phoneNumber,
        termsAcceptedAt: now,
        privacyAcceptedAt: now,
      })
      .onConflictDoUpdate({
        target: customerProfiles.userId,
        set: { displayName: input.displayName, phoneNumber: input.phoneNumber, updatedAt: sql`now()` },
      })
      .returning();
    return toView(row!);
  });
}
