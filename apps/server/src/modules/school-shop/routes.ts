import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schoolShopContracts as api } from '@sekolo/shared/contracts/school-shop';
import { fromContract } from '../../platform/http/contract-route.ts';
import { limitPerClientAddress } from '../../platform/rate-limits/rate-limit.ts';
import { requireSchoolPermission, schoolOf } from '../../platform/tenancy/school-context.ts';
import { onOrderPurpose } from '../payments/index.ts';
import { SHOP_PERMISSIONS } from './lib/people.ts';
import {
  cancelShopOrder,
  markReady,
  recordCollection,
  schoolOrders,
  startPacking,
} from './use-cases/fulfil-orders.ts';
import {
  addVariant,
  createProduct,
  recordMovement,
  shopOverview,
  updateProduct,
  updateVariant,
  variantMovements,
} from './use-cases/manage-products.ts';
import {
  cancelMyOrder,
  catalogue,
  myOrders,
  paidHook,
  payOrder,
  placeOrder,
  releasedHook,
  SCHOOL_SHOP_PURPOSE,
} from './use-cases/place-order.ts';

/** Parents order for their children with the permission they pay fees with (manage_payments). */
export const SHOP_PARENT_PERMISSION = 'manage_payments' as const;

/** The parent's side (prefix /api/school-shop): the catalogue, ordering, their orders. */
export const schoolShopParentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const deps = { config: app.deps.config, database: app.deps.database, jobs: app.deps.jobs };
  onOrderPurpose(SCHOOL_SHOP_PURPOSE, { paid: paidHook, released: releasedHook });
  const asParent = requireSchoolPermission(SHOP_PARENT_PERMISSION);

  app.route({
    ...fromContract(app, api.catalogue),
    onRequest: asParent,
    handler: async (request) => catalogue(db, schoolOf(request)),
  });
  app.route({
    ...fromContract(app, api.placeOrder),
    onRequest: asParent,
    preHandler: limitPerClientAddress({
      name: 'school-shop-order',
      limit: 60,
      windowMs: 60 * 60 * 1000,
      what: 'orders',
    }),
    handler: async (request, reply) =>
      reply.status(201).send(await placeOrder(deps, schoolOf(request), request.body)),
  });
  app.route({
    ...fromContract(app, api.myOrders),
    onRequest: asParent,
    handler: async (request) => ({ orders: await myOrders(db, schoolOf(request)) }),
  });
  app.route({
    ...fromContract(app, api.payOrder),
    onRequest: asParent,
    handler: async (request) => payOrder(deps, schoolOf(request), request.params.orderId),
  });
  app.route({
    ...fromContract(app, api.cancelMyOrder),
    onRequest: asParent,
    handler: async (request) => ({ order: await cancelMyOrder(deps, schoolOf(request), request.params.orderId) }),
  });
};

/** The shop manager's side (prefix /api/school): products, stock and the orders board. */
export const schoolShopRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const deps = { database: app.deps.database, jobs: app.deps.jobs };
  const canManage = requireSchoolPermission(...SHOP_PERMISSIONS);

  app.route({
    ...fromContract(app, api.overview),
    onRequest: canManage,
    handler: async (request) => shopOverview(db, schoolOf(request)),
  });
  app.route({
    ...fromContract(app, api.createProduct),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.status(201).send({ product: await createProduct(db, schoolOf(request), request.body) }),
  });
  app.route({
    ...fromContract(app, api.updateProduct),
    onRequest: canManage,
    handler: async (request) => ({
      product: await updateProduct(db, schoolOf(request), request.params.productId, request.body),
    }),
  });
  app.route({
    ...fromContract(app, api.addVariant),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ variant: await addVariant(db, schoolOf(request), request.params.productId, request.body) }),
  });
  app.route({
    ...fromContract(app, api.updateVariant),
    onRequest: canManage,
    handler: async (request) => ({
      variant: await updateVariant(db, schoolOf(request), request.params.variantId, request.body),
    }),
  });
  app.route({
    ...fromContract(app, api.movements),
    onRequest: canManage,
    handler: async (request) => variantMovements(db, schoolOf(request), request.params.variantId),
  });
  app.route({
    ...fromContract(app, api.recordMovement),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ variant: await recordMovement(db, schoolOf(request), request.params.variantId, request.body) }),
  });
  app.route({
    ...fromContract(app, api.orders),
    onRequest: canManage,
    handler: async (request) => ({ orders: await schoolOrders(db, schoolOf(request), request.query.status) }),
  });
  app.route({
    ...fromContract(app, api.startPacking),
    onRequest: canManage,
    handler: async (request) => ({ order: await startPacking(deps, schoolOf(request), request.params.orderId) }),
  });
  app.route({
    ...fromContract(app, api.markReady),
    onRequest: canManage,
    handler: async (request) => ({ order: await markReady(deps, schoolOf(request), request.params.orderId) }),
  });
  app.route({
    ...fromContract(app, api.recordCollection),
    onRequest: canManage,
    handler: async (request) => ({
      order: await recordCollection(deps, schoolOf(request), request.params.orderId, request.body.collectedBy),
    }),
  });
  app.route({
    ...fromContract(app, api.cancelOrder),
    onRequest: canManage,
    handler: async (request) => ({
      order: await cancelShopOrder(deps, schoolOf(request), request.params.orderId, request.body.reason),
    }),
  });
};
