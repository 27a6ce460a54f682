import { BOOKING_MESSAGES } from '@sekolo/shared/schemas/bookings';
import { commissionBps, commissionFor } from '@sekolo/shared/domain/fee-calculator';
import type { DbExecutor } from '../../platform/db/client.ts';
import type { TSessionUser } from '../../platform/auth/guards.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { commissionTierOf, ensureSellerProfile, sellerOrganizationOf } from '../listings/index.ts';

/** The partner types that take bookings (D22). */
export const BOOKABLE_PARTNER_TYPES = ['tutor', 'consultant', 'service_provider'] as const;

/**
 * The signed-in provider's organisation id, or 403: a business partner of an approved business
 * (the listings module's seller profile) whose partner types include tutor, consultant or service
 * provider.
 */
export async function providerOrganizationOf(db: DbExecutor, user: TSessionUser | null): Promise<string> {
  let organizationId: string;
  try {
    organizationId = sellerOrganizationOf(user);
  } catch {
    throw forbidden(BOOKING_MESSAGES.notProvider);
  }
  const profile = await ensureSellerProfile(db, organizationId);
  if (
    profile.sellerType !== 'business' ||
    !profile.partnerTypes.some((t) => (BOOKABLE_PARTNER_TYPES as readonly string[]).includes(t))
  )
    throw forbidden(BOOKING_MESSAGES.notProvider);
  return organizationId;
}

/**
 * The commission on a booking, as the marketplace takes it from that seller: a tutor's tutoring
 * 8 %, anything else the seller's tier (free 25 %, basic 15 %, standard 10 %, premium 5 %).
 */
export async function bookingCommission(
  db: DbExecutor,
  organizationId: string,
  service: { category: string },
  priceCents: number,
): Promise<{ commissionBps: number; commissionCents: number }> {
  const profile = await ensureSellerProfile(db, organizationId);
  const tier = commissionTierOf(profile, { kind: 'service', subcategory: service.category });
  return { commissionBps: commissionBps(tier), commissionCents: commissionFor(priceCents, tier) };
}
