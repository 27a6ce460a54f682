import { sql } from 'drizzle-orm';
import { BUSINESS_PARTNER_TYPES, type TBusinessPartnerType } from '@sekolo/shared/constants/roles';
import type { TCommissionTier } from '@sekolo/shared/constants/fees';
import { partnerRecurringFees, partnerRegistrationFee } from '@sekolo/shared/domain/fee-calculator';
import type { TPartnerBilling } from '@sekolo/shared/schemas/payouts';
import { rowsOf, type DbExecutor } from '../../platform/db/client.ts';
import { findPaidRegistrationOrder, findSubscription } from '../payments/index.ts';

/**
 * A business partner's fees to the platform (spec 9): the registration fee of its partner types,
 * paid with its application (payments' registration order), and the recurring fees the calculator
 * gives for its types and commission tier; the subscription, if one runs. Its tax invoices are
 * payments' (GET /api/payments/me).
 */
export async function partnerBilling(
  db: DbExecutor,
  user: { id: string },
  organizationId: string,
): Promise<TPartnerBilling> {
  const [seller] = rowsOf<{ partner_types: string[] | null; commission_tier: string }>(
    await db.execute(
      sql`SELECT partner_types, commission_tier FROM marketplace_sellers WHERE organization_id = ${organizationId}`,
    ),
  );
  const known = BUSINESS_PARTNER_TYPES.map((t) => t.id as string);
  const types = (seller?.partner_types ?? []).filter((t): t is TBusinessPartnerType => known.includes(t));
  const tier = (seller?.commission_tier ?? 'free') as TCommissionTier;
  const recurring = partnerRecurringFees(types, tier);
  const paid = await findPaidRegistrationOrder(db, user.id);
  const subscription = await findSubscription(db, { organizationId, userId: user.id });
  return {
    partnerTypes: types,
    commissionTier: tier,
    registration: {
      feeCents: partnerRegistrationFee(types),
      paidAt: paid?.paidAt ? new Date(paid.paidAt).toISOString() : null,
      reference: paid?.reference ?? null,
    },
    recurring: {
      lines: recurring.lines,
      multiRoleHalved: recurring.multiRoleHalved,
      monthlyCents: recurring.monthlyCents,
      yearlyCents: recurring.yearlyCents,
    },
    subscription: subscription
      ? {
          status: subscription.status,
          amountCents: subscription.amountCents,
          nextBillingDate: subscription.nextBillingDate,
        }
      : null,
  };
}
