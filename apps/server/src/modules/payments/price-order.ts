import { FREE_TRIAL_DAYS, SCHOOL_PACKAGES } from '@sekolo/shared/constants/packages';
import { BUSINESS_PARTNER_TYPES, type TBusinessPartnerType } from '@sekolo/shared/constants/roles';
import type { TCommissionTier } from '@sekolo/shared/constants/fees';
import { partnerRecurringFees, partnerRegistrationFee } from '@sekolo/shared/domain/fee-calculator';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { TCreateOrder } from '@sekolo/shared/schemas/payments';
import { badRequest } from '../../platform/http/errors.ts';
import type { TCreateOrderInput } from './create-order.ts';

/**
 * Turns what the checkout asked for into a priced order, from the shared package list and fee
 * calculator only (the browser never sends an amount).
 *
 * - A school package: nothing is charged now; the card is set up for the monthly package price,
 *   first billed after the 14-day free trial. The subscriptions work moves the first billing
 *   date to 14 days after approval.
 * - A business partner: the registration fee of its roles now; its recurring fees are recorded on
 *   the order for the subscription that bills them.
 */
export function priceOrderRequest(request: TCreateOrder, today: string = todayInSouthAfrica()): TCreateOrderInput {
  if (request.kind === 'subscription') {
    const pkg = SCHOOL_PACKAGES.find((p) => p.id === request.packageId);
    if (!pkg) throw badRequest('Please select a package before continuing.');
    return {
      kind: 'subscription',
      amountCents: 0,
      description: `Sekolo ${pkg.name} package (monthly)`,
      subscription: {
        recurringAmountCents: pkg.priceCents,
        frequency: 'monthly',
        billingDate: addDays(today, FREE_TRIAL_DAYS),
      },
      returnPath: request.returnPath,
      cancelPath: request.cancelPath,
      context: { packageId: pkg.id, trialDays: FREE_TRIAL_DAYS },
    };
  }
  const types = request.businessPartnerTypes as TBusinessPartnerType[];
  const tier = request.commissionTier as TCommissionTier | undefined;
  const amountCents = partnerRegistrationFee(types);
  const labels = BUSINESS_PARTNER_TYPES.filter((t) => types.includes(t.id)).map((t) => t.label);
  const recurring = partnerRecurringFees(types, tier);
  return {
    kind: 'registration',
    amountCents,
    description: `Business partner registration: ${labels.join(', ')}`,
    returnPath: request.returnPath,
    cancelPath: request.cancelPath,
    context: {
      businessPartnerTypes: [...new Set(types)],
      commissionTier: tier ?? 'free',
      recurringMonthlyCents: recurring.monthlyCents,
      recurringYearlyCents: recurring.yearlyCents,
    },
  };
}
