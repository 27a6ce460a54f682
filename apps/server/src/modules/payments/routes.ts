import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SANDBOX_TEST_CARDS, type TPaymentListItem } from '@sekolo/shared/schemas/payments';
import { paymentsContracts as api } from '@sekolo/shared/contracts/payments';
import { fromContract } from '../../platform/http/contract-route.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { AppError, notFound, unauthorized } from '../../platform/http/errors.ts';
import { FORM_BODY } from '../../platform/http/cross-site-requests.ts';
import { getSessionUser, requireSession } from '../../platform/auth/guards.ts';
import { cancelSandboxOrder } from './cancel-order.ts';
import { toOrderView } from './order-view.ts';
import { paySandboxOrder, SANDBOX_CHECKOUT_NOT_FOUND } from './pay-sandbox-order.ts';
import { paymentProvidersFor } from './providers/index.ts';
import { receiveNotification } from './receive-notification.ts';
import { basketRoutes } from './basket-routes.ts';
import { billingRoutes } from './billing-routes.ts';
import { invoiceNumberLabel, invoicePdfFor, linesOfInvoice, listPaymentsOf } from './invoices.ts';
import { createRegistrationCheckout, getRegistrationOrder, registeringApplicant } from './registration-orders.ts';

const ORDER_NOT_FOUND = 'There is no such order.';

/** What each provider's notification is: PayFast's ITN a form post, the sandbox's JSON. */
const NOTIFICATION_BODY_TYPES = { payfast: FORM_BODY, sandbox: 'application/json' } as const;

/**
 * Payments. Prefix /api/payments.
 * - GET /orders/:orderId: the signed-in buyer's own order and its status. Orders are created only by the
 *   flows that sell something, signed in and for the buyer themselves: the basket checkout
 *   (basket-checkout.ts) and the registration checkout (POST /subscription-checkout). There is no
 *   open POST /orders: nobody creates orders for anyone else, or anonymously.
 * - /sandbox/*: the sandbox gateway behind the hosted page /payments/sandbox/:orderId (only when
 *   PAYMENT_PROVIDER=sandbox, so test cards never work against a real provider's orders); only the
 *   signed-in buyer cancels their order.
 * - POST /notify/<provider>: where the configured provider notifies us, server to server.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const providers = paymentProvidersFor(app.deps);

  // Another buyer's order answers exactly like a missing one, so an id tells a stranger nothing.
  app.route({
    ...fromContract(app, api.order),
    onRequest: requireSession,
    handler: async (request) => {
      const user = await getSessionUser(request);
      if (!user) throw unauthorized();
      const [order] = await database.db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.id, request.params.orderId), eq(paymentOrders.buyerUserId, user.id)));
      if (!order) throw notFound(ORDER_NOT_FOUND);
      return { order: toOrderView(order) };
    },
  });

  await app.register(billingRoutes, { prefix: '/subscription' });
  await app.register(basketRoutes, { prefix: '/basket' });

  // The wizard's payment hand-off (registration-orders.ts): the signed-in applicant's order.
  app.route({
    ...fromContract(app, api.subscriptionCheckout),
    onRequest: registeringApplicant,
    handler: async (request) => {
      const user = await getSessionUser(request);
      if (!user) throw unauthorized();
      return createRegistrationCheckout(app.deps, user, request.body);
    },
  });

  app.route({
    ...fromContract(app, api.registrationOrder),
    onRequest: requireSession,
    handler: async (request) => {
      const user = await getSessionUser(request);
      if (!user) throw unauthorized();
      return getRegistrationOrder(database.db, user.id, request.params.orderId);
    },
  });

  // /payments: the signed-in user's orders and invoices; an invoice PDF for its owner only.
  app.route({
    ...fromContract(app, api.mine),
    onRequest: requireSession,
    handler: async (request) => {
      const user = await getSessionUser(request);
      if (!user) throw unauthorized();
      const rows = await listPaymentsOf(database.db, user.id);
      const payments: TPaymentListItem[] = rows.map(({ order, invoice }) => ({
        order: { ...toOrderView(order), createdAt: order.createdAt.toISOString() },
        invoice: invoice
          ? {
              id: invoice.id,
              number: invoiceNumberLabel(invoice.number),
              totalCents: invoice.totalCents,
              vatCents: invoice.vatCents,
              issuedAt: invoice.issuedAt.toISOString(),
              lines: linesOfInvoice(invoice),
            }
          : null,
      }));
      return { payments };
    },
  });

  app.route({
    ...fromContract(app, api.invoicePdf),
    onRequest: requireSession,
    handler: async (request, reply) => {
      const user = await getSessionUser(request);
      if (!user) throw unauthorized();
      const { filename, pdf } = await invoicePdfFor(
        database.db,
        { vatNumber: app.deps.config.PLATFORM_VAT_NUMBER },
        user.id,
        request.params.invoiceId,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  });

  const sandbox = providers.sandbox;
  if (sandbox) {
    app.route({
      ...fromContract(app, api.sandboxCheckout),
      handler: async (request) => {
        const [order] = await database.db
          .select()
          .from(paymentOrders)
          .where(eq(paymentOrders.id, request.params.orderId));
        if (!order || order.provider !== 'sandbox') throw notFound(SANDBOX_CHECKOUT_NOT_FOUND);
        return { order: toOrderView(order), testCards: [...SANDBOX_TEST_CARDS] };
      },
    });

    app.route({
      ...fromContract(app, api.sandboxPay),
      handler: async (request) => paySandboxOrder(database.db, sandbox, request.body),
    });

    // Cancelling changes the buyer's order, so only the signed-in buyer may (anyone else: 404).
    app.route({
      ...fromContract(app, api.sandboxCancel),
      onRequest: requireSession,
      handler: async (request) => {
        const user = await getSessionUser(request);
        if (!user) throw unauthorized();
        return cancelSandboxOrder(database.db, { orderId: request.body.orderId, buyerUserId: user.id });
      },
    });
  }

  // Notifications: signatures are over the exact bytes, so these routes read the body as text. The
  // provider's server sends them (no browser, no Origin): the route proves the sender by itself
  // (receive-notification.ts) and takes the one body type its provider sends.
  await app.register(async (notify) => {
    notify.removeContentTypeParser('application/json');
    notify.addContentTypeParser(
      ['application/json', FORM_BODY],
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );

    const config = { serverToServer: true, bodyTypes: [NOTIFICATION_BODY_TYPES[providers.active.name]] } as const;
    const notifyContract = providers.active.name === 'payfast' ? api.notifyPayfast : api.notifySandbox;
    notify.route({
      ...fromContract(notify, notifyContract, config),
      handler: async (request, reply) => {
        const answer = await receiveNotification(
          database.db,
          providers.active,
          {
            rawBody: typeof request.body === 'string' ? request.body : '',
            headers: request.headers,
            sourceIp: request.ip,
          },
          request.log,
        );
        if (answer.httpStatus === 200) return reply.status(200).send({ status: answer.outcome });
        throw answer.httpStatus === 503
          ? new AppError(503, 'TRY_AGAIN', 'The notification could not be confirmed yet. Please send it again.')
          : new AppError(answer.httpStatus, 'NOTIFICATION_REFUSED', 'The notification was refused.');
      },
    });
  });
};
