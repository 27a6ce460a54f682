// The payments module's public door: its routes, its jobs, and the subscription and registration
// facts the applications and people modules check.
export { paymentRoutes } from './routes.ts';
export { basketCheckoutRoutes } from './basket-checkout.ts';
export { registerPaymentJobs } from './jobs.ts';
export { findPaidRegistrationOrder, registrationPaymentOf } from './registration-orders.ts';
export {
  assertLearnerCapacity,
  attachSubscriptionToOrganization,
  findSubscription,
  learnerLimitOf,
  packageById,
  MAX_FAILED_ATTEMPTS,
  addMonths,
  recordRenewalCharge,
  sandboxChargeToken,
  startSubscriptionFromOrder,
} from './subscriptions.ts';
export { createOrder } from './create-order.ts';
export { recordPayout } from './record-payout.ts';
export { recordRefund } from './record-refund.ts';
export {
  onOrderPurpose,
  purposeOf,
  type TOrderHook,
  type TOrderHooks,
  type TPaidPayment,
  type TRecurringCharge,
  type TRecurringChargeOutcome,
} from './order-hooks.ts';
export { refundSellerShare, sellerShareOf, type TSellerCommission } from './seller-share.ts';
export { creditOrder, creditRecurringCharge, failOrder } from './credit-order.ts';
export { paymentProvidersFor } from './providers/index.ts';
export type { TOrder } from './providers/types.ts';
export { expireStaleBasketHolds } from './expire-basket-holds.ts';
