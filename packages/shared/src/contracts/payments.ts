import { z } from 'zod';
import { ZBasketCheckoutAnswer, ZBasketCheckoutSchema, ZBasketOrderAnswer, ZBasketQuote } from '../schemas/listings.ts';
import {
  ZBasketItemsSchema,
  ZChangePackageSchema,
  ZCheckoutRedirectSchema,
  ZInvoiceIdSchema,
  ZOrderIdSchema,
  ZOrderViewSchema,
  ZPaymentListItem,
  ZRegistrationOrderAnswer,
  ZSandboxPaySchema,
  ZSubscriptionCheckoutAnswer,
  ZSubscriptionCheckoutSchema,
  ZSubscriptionView,
} from '../schemas/payments.ts';
import { contract } from './contract.ts';

const ZRedirectAnswer = z.object({ redirect: ZCheckoutRedirectSchema });
export type TRedirectAnswer = z.infer<typeof ZRedirectAnswer>;

const ZSandboxCheckout = z.object({
  order: ZOrderViewSchema,
  testCards: z.array(z.object({ number: z.string(), outcome: z.string(), label: z.string() })),
});
export type TSandboxCheckout = z.infer<typeof ZSandboxCheckout>;

const ZSubscriptionAnswer = z.object({ subscription: ZSubscriptionView });

/** A payment provider's notification, server to server: its body is read as it came (signatures). */
const ZNotificationAnswer = z.object({ status: z.string() });

/**
 * Payments: the buyer's orders and invoices, the registration and basket checkouts, the basket kept
 * in the account, a school's subscription, the sandbox gateway, and the providers' notifications.
 */
export const paymentsContracts = {
  order: contract({
    method: 'GET',
    path: '/api/payments/orders/:orderId',
    params: ZOrderIdSchema,
    response: z.object({ order: ZOrderViewSchema }),
  }),
  subscriptionCheckout: contract({
    method: 'POST',
    path: '/api/payments/subscription-checkout',
    body: ZSubscriptionCheckoutSchema,
    response: ZSubscriptionCheckoutAnswer,
  }),
  registrationOrder: contract({
    method: 'GET',
    path: '/api/payments/subscription-checkout/:orderId',
    params: ZOrderIdSchema,
    response: ZRegistrationOrderAnswer,
  }),
  mine: contract({
    method: 'GET',
    path: '/api/payments/me',
    response: z.object({ payments: z.array(ZPaymentListItem) }),
  }),
  invoicePdf: contract({
    method: 'GET',
    path: '/api/payments/invoices/:invoiceId/pdf',
    params: ZInvoiceIdSchema,
    response: null,
    answer: 'file',
  }),
  sandboxCheckout: contract({
    method: 'GET',
    path: '/api/payments/sandbox/checkout/:orderId',
    params: ZOrderIdSchema,
    response: ZSandboxCheckout,
  }),
  sandboxPay: contract({
    method: 'POST',
    path: '/api/payments/sandbox/pay',
    body: ZSandboxPaySchema,
    response: ZRedirectAnswer,
  }),
  sandboxCancel: contract({
    method: 'POST',
    path: '/api/payments/sandbox/cancel',
    body: ZOrderIdSchema,
    response: ZRedirectAnswer,
  }),
  notifyPayfast: contract({ method: 'POST', path: '/api/payments/notify/payfast', response: ZNotificationAnswer }),
  notifySandbox: contract({ method: 'POST', path: '/api/payments/notify/sandbox', response: ZNotificationAnswer }),

  subscription: contract({
    method: 'GET',
    path: '/api/payments/subscription',
    response: z.object({ subscription: ZSubscriptionView.nullable() }),
  }),
  cancelSubscription: contract({
    method: 'POST',
    path: '/api/payments/subscription/cancel',
    response: ZSubscriptionAnswer,
  }),
  resumeSubscription: contract({
    method: 'POST',
    path: '/api/payments/subscription/resume',
    response: ZSubscriptionAnswer,
  }),
  changeSubscription: contract({
    method: 'POST',
    path: '/api/payments/subscription/change',
    body: ZChangePackageSchema,
    response: ZSubscriptionAnswer,
  }),

  basket: contract({ method: 'GET', path: '/api/payments/basket', response: ZBasketItemsSchema }),
  saveBasket: contract({
    method: 'PUT',
    path: '/api/payments/basket',
    body: ZBasketItemsSchema,
    response: ZBasketItemsSchema,
  }),
  mergeBasket: contract({
    method: 'POST',
    path: '/api/payments/basket/merge',
    body: ZBasketItemsSchema,
    response: ZBasketItemsSchema,
  }),

  basketQuote: contract({
    method: 'POST',
    path: '/api/payments/basket-quote',
    body: ZBasketCheckoutSchema,
    response: ZBasketQuote,
  }),
  /**
   * The route reads the body itself, after the session check, and names `items` in its refusal;
   * an optional Idempotency-Key header makes a retry answer the same order.
   */
  basketCheckout: contract({
    method: 'POST',
    path: '/api/payments/basket-checkout',
    body: ZBasketCheckoutSchema,
    status: 201,
    response: ZBasketCheckoutAnswer,
  }),
  basketOrder: contract({
    method: 'GET',
    path: '/api/payments/basket-checkout/:orderId',
    params: ZOrderIdSchema,
    response: ZBasketOrderAnswer,
  }),
};
