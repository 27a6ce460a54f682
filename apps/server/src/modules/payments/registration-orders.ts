import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { COMMISSION_TIERS } from '@sekolo/shared/constants/fees';
import { SCHOOL_PACKAGES } from '@sekolo/shared/constants/packages';
import { BUSINESS_PARTNER_TYPES } from '@sekolo/shared/constants/roles';
import {
  PAYMENT_MESSAGES,
  SUBSCRIPTION_CHECKOUT_MESSAGES,
  type TCheckoutUserType,
  type TRegistrationOrderAnswer,
  type TSubscriptionCheckout,
  type TSubscriptionCheckoutAnswer,
} from '@sekolo/shared/schemas/payments';
import type { TConfig } from '../../platform/config/env.ts';
import type { DatabaseHandle, DbExecutor } from '../../platform/db/client.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../platform/http/errors.ts';
import { defineGuard, getSessionUser, type TGuard, type TSessionUser } from '../../platform/auth/guards.ts';
import { createOrder } from './create-order.ts';
import { toOrderView, withOrderParam } from './order-view.ts';
import { priceOrderRequest } from './price-order.ts';
import type { TOrder } from './providers/types.ts';

/*
 * Registration orders: the payment step at the end of a school's or business
 * partner's application. The wizard hands over to /subscription-checkout, which calls
 * POST /api/payments/subscription-checkout; the buyer pays with the configured provider and comes
 * back to /payment-success?order=<id> (or /payment-cancel?order=<id>).
 *
 * - school_admin: the chosen package, nothing charged now. The checkout sets the card up for the
 *   package's monthly price (a R0 authorisation with the sandbox, a PayFast subscription with a
 *   future billing_date), first billed after the 14-day free trial. 'Paid' means the set-up
 *   succeeded.
 * - business_partner: the registration fee of its partner types now (calculator), with the
 *   recurring fees (multi-role halving, tier add-on) recorded on the order.
 * - charity, young_entrepreneur: R0, so the checkout is skipped.
 */

export const RETURN_PATH = '/payment-success';
export const CANCEL_PATH = '/payment-cancel';

/** Marks an order as a registration payment in its metadata context. */
const PURPOSE = 'registration';

const PAYING_TYPES: readonly TCheckoutUserType[] = ['school_admin', 'business_partner'];

/**
 * The user's registration order that succeeded (a school's subscription set up, a partner's fee
 * paid), newest first; null when there is none. The applications module requires one at final
 * submission for school_admin and business_partner applicants.
 */
export async function findPaidRegistrationOrder(db: DbExecutor, userId: string): Promise<TOrder | null> {
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.buyerUserId, userId),
        eq(paymentOrders.status, 'paid'),
        inArray(paymentOrders.kind, ['subscription', 'registration']),
        sql`${paymentOrders.metadata} -> 'context' ->> 'purpose' = ${PURPOSE}`,
      ),
    )
    .orderBy(desc(paymentOrders.paidAt))
    .limit(1);
  return order ?? null;
}

/** What the wizard submits with its payment step: the package or the partner's fees. */
export function packageDataOf(order: TOrder): Record<string, unknown> | null {
  const context = order.metadata.context ?? {};
  if (order.kind === 'subscription') {
    const pkg = SCHOOL_PACKAGES.find((p) => p.id === context.packageId);
    if (!pkg) return null;
    return {
      id: pkg.id,
      name: pkg.name,
      priceCents: pkg.priceCents,
      students: pkg.students,
      trialDays: context.trialDays ?? null,
      firstBillingDate: order.metadata.subscription?.billingDate ?? null,
    };
  }
  return {
    id: 'business-partner-registration',
    partnerTypes: context.businessPartnerTypes ?? [],
    commissionTier: context.commissionTier ?? 'free',
    registrationFeeCents: order.amountCents,
    recurringMonthlyCents: context.recurringMonthlyCents ?? 0,
    recurringYearlyCents: context.recurringYearlyCents ?? 0,
  };
}

/** The registration checkout is for applicants: anyone else is refused, 403. */
export function assertRegistering(user: TSessionUser): void {
  if (user.status !== 'applicant') throw forbidden(SUBSCRIPTION_CHECKOUT_MESSAGES.notApplicant);
}

/**
 * POST /api/payments/subscription-checkout's guard: signed in (401) as an applicant (403), checked
 * before the body is read (guards.ts).
 */
export const registeringApplicant: TGuard = defineGuard(async (request) => {
  const user = await getSessionUser(request);
  if (!user) throw unauthorized();
  assertRegistering(user);
});

function assertApplicantOfType(user: TSessionUser, userType: TCheckoutUserType | 'customer') {
  assertRegistering(user);
  if (userType === 'customer' || user.role !== userType) {
    throw new AppError(400, 'WRONG_USER_TYPE', SUBSCRIPTION_CHECKOUT_MESSAGES.wrongType);
  }
}

/**
 * Why `request` cannot be answered with the order already `paid`, or null: it asks for another
 * package, or other partner types or tier (an applicant sent back to change their application).
 * Answering with the paid order showed them the new choice's price and billed them the old one;
 * a second payment beside the first is not taken either.
 */
function otherThanPaid(paid: TOrder, request: TSubscriptionCheckout): string | null {
  const data = packageDataOf(paid);
  if (!data) return null;
  if (data.id !== 'business-partner-registration') {
    return request.packageId?.trim() === data.id
      ? null
      : SUBSCRIPTION_CHECKOUT_MESSAGES.otherPackagePaid(String(data.name));
  }
  const paidTypes = (data.partnerTypes as string[] | undefined) ?? [];
  const asked = request.partnerTypes ?? [];
  const paidTier = String(data.commissionTier ?? 'free');
  const sameTypes = [...paidTypes].sort().join() === [...asked].sort().join();
  if (sameTypes && paidTier === (request.commissionTier ?? 'free')) return null;
  const types = paidTypes.map((id) => BUSINESS_PARTNER_TYPES.find((t) => t.id === id)?.label ?? id).join(', ');
  const tier = COMMISSION_TIERS.find((t) => t.id === paidTier)?.label ?? paidTier;
  return SUBSCRIPTION_CHECKOUT_MESSAGES.otherPartnerFeesPaid(`${types} (${tier} tier)`);
}

/**
 * Creates the registration order for a signed-in applicant, priced on the server. A user who has
 * already paid is sent straight to the success page (a second payment is never taken), unless they
 * now ask for something else than they paid for (otherThanPaid): that is refused, 409.
 */
export async function createRegistrationCheckout(
  deps: { config: TConfig; database: DatabaseHandle },
  user: TSessionUser,
  request: TSubscriptionCheckout,
): Promise<TSubscriptionCheckoutAnswer> {
  assertApplicantOfType(user, request.userType);
  const userType = request.userType as TCheckoutUserType;
  if (!PAYING_TYPES.includes(userType)) return { skipped: true };

  const paid = await findPaidRegistrationOrder(deps.database.db, user.id);
  if (paid) {
    const other = otherThanPaid(paid, request);
    if (other) throw new AppError(409, 'REGISTRATION_ALREADY_PAID', other);
    const url = withOrderParam(RETURN_PATH, paid.id);
    return { orderId: paid.id, redirectUrl: url, redirect: { url, method: 'GET' }, alreadyPaid: true };
  }

  let priced;
  if (userType === 'school_admin') {
    const packageId = request.packageId?.trim();
    if (!packageId || !SCHOOL_PACKAGES.some((p) => p.id === packageId)) {
      throw badRequest(PAYMENT_MESSAGES.packageRequired, { packageId: PAYMENT_MESSAGES.packageRequired });
    }
    priced = priceOrderRequest({
      kind: 'subscription',
      packageId: packageId as never,
      returnPath: RETURN_PATH,
      cancelPath: CANCEL_PATH,
    });
  } else {
    const types = request.partnerTypes ?? [];
    if (types.length === 0)
      throw badRequest(PAYMENT_MESSAGES.partnerTypeRequired, { partnerTypes: PAYMENT_MESSAGES.partnerTypeRequired });
    priced = priceOrderRequest({
      kind: 'registration',
      businessPartnerTypes: types,
      commissionTier: request.commissionTier,
      returnPath: RETURN_PATH,
      cancelPath: CANCEL_PATH,
    });
  }
  if (priced.kind !== 'basket' && priced.amountCents === 0 && !priced.subscription) return { skipped: true };

  const created = await createOrder(
    deps,
    { ...priced, buyerUserId: user.id, context: { ...priced.context, purpose: PURPOSE, userType } },
    { firstName: user.firstName, lastName: user.lastName, email: user.email },
  );
  const redirect = created.checkout.redirect;
  return { orderId: created.order.id, redirectUrl: redirect.url, redirect };
}

/** The buyer's own registration order, for /payment-success and /payment-cancel. */
export async function getRegistrationOrder(
  db: DbExecutor,
  userId: string,
  orderId: string,
): Promise<TRegistrationOrderAnswer> {
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  if (!order || order.buyerUserId !== userId || order.metadata.context?.purpose !== PURPOSE) {
    throw notFound('There is no such order.');
  }
  return {
    order: toOrderView(order),
    userType: order.metadata.context.userType as TCheckoutUserType,
    packageData: packageDataOf(order),
  };
}

export type TRegistrationPayment = {
  status: 'paid' | 'pending' | 'none';
  amountCents: number | null;
  /** When it was paid, or when the pending checkout began. */
  at: Date | null;
  reference: string | null;
  description: string | null;
};

/**
 * Where an applicant's registration payment stands, for the review console: the paid order if
 * there is one, else a checkout still awaiting payment, else none.
 */
export async function registrationPaymentOf(db: DbExecutor, userId: string): Promise<TRegistrationPayment> {
  const paid = await findPaidRegistrationOrder(db, userId);
  const [pending] = paid
    ? []
    : await db
        .select()
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.buyerUserId, userId),
            eq(paymentOrders.status, 'pending'),
            inArray(paymentOrders.kind, ['subscription', 'registration']),
            sql`${paymentOrders.metadata} -> 'context' ->> 'purpose' = ${PURPOSE}`,
          ),
        )
        .orderBy(desc(paymentOrders.createdAt))
        .limit(1);
  const order = paid ?? pending;
  if (!order) return { status: 'none', amountCents: null, at: null, reference: null, description: null };
  return {
    status: paid ? 'paid' : 'pending',
    amountCents: order.amountCents,
    at: paid ? paid.paidAt : order.createdAt,
    reference: order.reference,
    description: order.description,
  };
}
