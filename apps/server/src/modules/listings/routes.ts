import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listingsContracts as api } from '@sekolo/shared/contracts/listings';
import { marketplaceContracts as mp } from '@sekolo/shared/contracts/marketplace';
import { LISTING_MESSAGES } from '@sekolo/shared/schemas/marketplace';
import { MAX_UPLOAD_BYTES } from '@sekolo/shared/schemas/uploads';
import { fromContract } from '../../platform/http/contract-route.ts';
import { MULTIPART_BODY } from '../../platform/http/cross-site-requests.ts';
import { limitImageUploads, readImageUpload } from '../../platform/http/image-upload.ts';
import { getSessionUser, requireRole, requireSession, type TSessionUser } from '../../platform/auth/guards.ts';
import { notFound } from '../../platform/http/errors.ts';
import { createFileStorage } from '../uploads/index.ts';
import { listActiveListings, listOwnListings } from './listings.ts';
import { changeOwnStatus, createOwn, getOwn, listOwn, unpublishByOperator, updateOwn } from './own-listings.ts';
import { addListingImage, findPublicImage, removeListingImage } from './listing-images.ts';
import { listingDetail, searchCatalogue, sellerPage } from './catalogue.ts';
import { sellerOrganizationOf } from './seller-profile.ts';
import { advanceSellerOrder, listBuyerOrders, listSellerOrders, sellerOrder } from './orders.ts';

/**
 * Sellers' listings, prefix /api/listings. GET /: the published listings (public, paginated); GET
 * /mine: a business partner's own (the basket's first screen). /own...: the business dashboard's
 * listings (create, edit, publish, pictures); /images/:id: a published listing's picture.
 */
export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const storage = createFileStorage(app.deps.config);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 1, parts: 2, fieldSize: 200, headerPairs: 100 },
  });
  const seller = requireRole('business_partner', 'young_entrepreneur');
  const actorOf = async (request: Parameters<typeof getSessionUser>[0]) => {
    const user = (await getSessionUser(request)) as TSessionUser;
    return { userId: user.id, organizationId: sellerOrganizationOf(user) };
  };

  app.route({
    ...fromContract(app, api.list),
    handler: async (request) => listActiveListings(db, request.query.page, request.query.pageSize),
  });
  app.route({
    ...fromContract(app, api.mine),
    onRequest: seller,
    handler: async (request) => {
      const { page, pageSize } = request.query;
      const organization = (await getSessionUser(request))?.organization;
      if (!organization || organization.type !== 'business') return { items: [], total: 0, page, pageSize };
      return listOwnListings(db, organization.id, page, pageSize);
    },
  });

  app.route({
    ...fromContract(app, mp.ownList),
    onRequest: seller,
    handler: async (request) => listOwn(db, (await actorOf(request)).organizationId, request.query),
  });
  app.route({
    ...fromContract(app, mp.ownCreate),
    onRequest: seller,
    handler: async (request, reply) =>
      reply.status(201).send(await createOwn(db, await actorOf(request), request.body)),
  });
  app.route({
    ...fromContract(app, mp.ownGet),
    onRequest: seller,
    handler: async (request) => getOwn(db, (await actorOf(request)).organizationId, request.params.id),
  });
  app.route({
    ...fromContract(app, mp.ownUpdate),
    onRequest: seller,
    handler: async (request) => updateOwn(db, await actorOf(request), request.params.id, request.body),
  });
  app.route({
    ...fromContract(app, mp.ownStatus),
    onRequest: seller,
    handler: async (request) => changeOwnStatus(db, await actorOf(request), request.params.id, request.body.status),
  });
  app.route({
    ...fromContract(app, mp.ownImageAdd, { bodyTypes: [MULTIPART_BODY] }),
    onRequest: seller,
    preHandler: limitImageUploads(db, 'listing-images', async (request) => (await actorOf(request)).userId),
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      const { bytes, alt } = await readImageUpload(request, LISTING_MESSAGES);
      await addListingImage(db, storage, { ...actor, listingId: request.params.id, bytes, alt });
      return reply.status(201).send(await getOwn(db, actor.organizationId, request.params.id));
    },
  });
  app.route({
    ...fromContract(app, mp.ownImageRemove),
    onRequest: seller,
    handler: async (request) => {
      const actor = await actorOf(request);
      await removeListingImage(db, storage, {
        ...actor,
        listingId: request.params.id,
        imageId: request.params.imageId,
      });
      return getOwn(db, actor.organizationId, request.params.id);
    },
  });
  app.route({
    ...fromContract(app, mp.image),
    handler: async (request, reply) => {
      const viewer = await getSessionUser(request);
      const key = await findPublicImage(db, request.params.id, viewer?.organization?.id ?? null, request.query.size);
      const stored = key ? await storage.get(key) : null;
      if (!stored) throw notFound('There is no such picture.');
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', String(stored.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .send(stored.body);
    },
  });
};

/**
 * Prefix /api/marketplace: the public catalogue (search, a listing's page, a seller's page), the
 * seller's orders (/seller/orders, business partners, their own only) and the buyer's (/orders).
 */
export const marketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const notices = { mailer: app.deps.mailer, publicUrl: app.deps.config.publicUrl };
  const seller = requireRole('business_partner', 'young_entrepreneur');
  const actorOf = async (request: Parameters<typeof getSessionUser>[0]) => {
    const user = (await getSessionUser(request)) as TSessionUser;
    return { userId: user.id, organizationId: sellerOrganizationOf(user) };
  };
  app.route({
    ...fromContract(app, mp.sellerOrders),
    onRequest: seller,
    handler: async (request) => listSellerOrders(db, (await actorOf(request)).organizationId, request.query),
  });
  app.route({
    ...fromContract(app, mp.sellerOrder),
    onRequest: seller,
    handler: async (request) => sellerOrder(db, (await actorOf(request)).organizationId, request.params.id),
  });
  app.route({
    ...fromContract(app, mp.sellerAdvance),
    onRequest: seller,
    handler: async (request) =>
      advanceSellerOrder(
        db,
        notices,
        await actorOf(request),
        request.params.id,
        request.body.status,
        request.body.note,
      ),
  });
  app.route({
    ...fromContract(app, mp.buyerOrders),
    onRequest: requireSession,
    handler: async (request) => listBuyerOrders(db, (await getSessionUser(request))!.id),
  });
  app.route({
    ...fromContract(app, mp.catalogue),
    handler: async (request) => searchCatalogue(db, request.query),
  });
  app.route({
    ...fromContract(app, mp.detail),
    handler: async (request) => {
      return listingDetail(db, request.params.id, { countView: true });
    },
  });
  app.route({
    ...fromContract(app, mp.seller),
    handler: async (request) => sellerPage(db, request.params.slug),
  });
};

/** The operator's marketplace moderation, prefix /api/console/listings. */
export const consoleListingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.route({
    ...fromContract(app, mp.unpublish),
    onRequest: requireRole('platform_admin'),
    handler: async (request, reply) => {
      const operator = (await getSessionUser(request))!;
      await unpublishByOperator(db, operator.id, request.params.id, request.body.reason);
      return reply.status(204).send();
    },
  });
};
