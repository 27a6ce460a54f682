import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { campaignContracts as api } from '@sekolo/shared/contracts/campaigns';
import { CAMPAIGN_MESSAGES as M } from '@sekolo/shared/schemas/campaigns';
import { MAX_UPLOAD_BYTES } from '@sekolo/shared/schemas/uploads';
import { fromContract } from '../../platform/http/contract-route.ts';
import { MULTIPART_BODY } from '../../platform/http/cross-site-requests.ts';
import { limitImageUploads, readImageUpload } from '../../platform/http/image-upload.ts';
import { getSessionUser, requireRole, requireSession, type TSessionUser } from '../../platform/auth/guards.ts';
import { notFound } from '../../platform/http/errors.ts';
import { consumeRateLimit, rateLimitedError } from '../../platform/rate-limits/rate-limit.ts';
import { donations } from '../../platform/db/schema/campaigns.ts';
import { createFileStorage } from '../uploads/index.ts';
import { addSitemapSource } from '../listings/index.ts';
import {
  addCampaignImage,
  campaignSitemapPaths,
  changeCampaignState,
  createOwnCampaign,
  findCampaignImage,
  getOwnCampaign,
  listOwnCampaigns,
  listPublicCampaigns,
  publicCampaign,
  removeCampaignImage,
  updateOwnCampaign,
} from './campaigns.ts';
import {
  charityOrganizationOf,
  getCharityProfile,
  listConsoleCharities,
  setPboVerified,
  updateCharityProfile,
} from './charity-profile.ts';
import {
  finishPaidDonations,
  listCharityDonors,
  listMyDonations,
  registerDonationHooks,
  startDonation,
} from './donations.ts';
import { receiptPdf, receiptTokenMatches, summaryPdf } from './receipts.ts';
import { cancelMonthlyGift } from './monthly-gifts.ts';
import { paymentProvidersFor } from '../payments/index.ts';

const DONATION_RATE_LIMIT = { limit: 20, windowMs: 15 * 60 * 1000 } as const;

const pdf = (reply: FastifyReply, bytes: Uint8Array, filename: string) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(bytes));

/**
 * The charity dashboard, prefix /api/charity (role charity, member of an approved charity
 * organisation): its profile and thank-you text, campaigns with pictures, and its donors.
 */
export const charityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const storage = createFileStorage(app.deps.config);
  const hookDeps = { config: app.deps.config, db, mailer: app.deps.mailer };
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 1, parts: 2, fieldSize: 200, headerPairs: 100 },
  });
  const charity = requireRole('charity');
  const actorOf = async (request: FastifyRequest) => {
    const user = (await getSessionUser(request)) as TSessionUser;
    return { userId: user.id, organizationId: charityOrganizationOf(user) };
  };

  app.route({
    ...fromContract(app, api.profile),
    onRequest: charity,
    handler: async (request) => getCharityProfile(db, (await actorOf(request)).organizationId),
  });
  app.route({
    ...fromContract(app, api.profileUpdate),
    onRequest: charity,
    handler: async (request) => updateCharityProfile(db, await actorOf(request), request.body),
  });
  app.route({
    ...fromContract(app, api.ownList),
    onRequest: charity,
    handler: async (request) => listOwnCampaigns(db, (await actorOf(request)).organizationId),
  });
  app.route({
    ...fromContract(app, api.ownCreate),
    onRequest: charity,
    handler: async (request, reply) =>
      reply.status(201).send(await createOwnCampaign(db, (await actorOf(request)).organizationId, request.body)),
  });
  app.route({
    ...fromContract(app, api.ownGet),
    onRequest: charity,
    handler: async (request) => getOwnCampaign(db, (await actorOf(request)).organizationId, request.params.id),
  });
  app.route({
    ...fromContract(app, api.ownUpdate),
    onRequest: charity,
    handler: async (request) =>
      updateOwnCampaign(db, (await actorOf(request)).organizationId, request.params.id, request.body),
  });
  app.route({
    ...fromContract(app, api.ownState),
    onRequest: charity,
    handler: async (request) =>
      changeCampaignState(db, (await actorOf(request)).organizationId, request.params.id, request.body.state),
  });
  app.route({
    ...fromContract(app, api.ownImageAdd, { bodyTypes: [MULTIPART_BODY] }),
    onRequest: charity,
    preHandler: limitImageUploads(db, 'campaign-images', async (request) => (await actorOf(request)).userId),
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      const { bytes, alt } = await readImageUpload(request, M);
      await addCampaignImage(db, storage, { ...actor, campaignId: request.params.id, bytes, alt });
      return reply.status(201).send(await getOwnCampaign(db, actor.organizationId, request.params.id));
    },
  });
  app.route({
    ...fromContract(app, api.ownImageRemove),
    onRequest: charity,
    handler: async (request) => {
      const actor = await actorOf(request);
      await removeCampaignImage(db, storage, {
        ...actor,
        campaignId: request.params.id,
        imageId: request.params.imageId,
      });
      return getOwnCampaign(db, actor.organizationId, request.params.id);
    },
  });
  app.route({
    ...fromContract(app, api.donors),
    onRequest: charity,
    handler: async (request) => {
      const { organizationId } = await actorOf(request);
      await finishPaidDonations(hookDeps, { organizationId });
      return listCharityDonors(db, organizationId, request.query.campaignId);
    },
  });
};

/**
 * Public funding pages and donors, prefix /api/funding: the active campaigns and a campaign's page
 * (public), pictures, a gift once or monthly through the checkout (signed in), the donor's gifts,
 * monthly gifts (cancel) and s18A receipts,
 * and the thank-you mail's signed receipt link (public, by its token).
 */
export const fundingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { config } = app.deps;
  const storage = createFileStorage(config);
  const hookDeps = { config, db, mailer: app.deps.mailer };
  registerDonationHooks(hookDeps);
  addSitemapSource('campaigns', campaignSitemapPaths);

  app.route({
    ...fromContract(app, api.publicList),
    handler: async () => listPublicCampaigns(db),
  });
  app.route({
    ...fromContract(app, api.publicGet),
    handler: async (request) =>
      publicCampaign(db, request.params.slug, {
        monthlySupported: paymentProvidersFor(app.deps).active.supportsSubscriptions,
      }),
  });
  app.route({
    ...fromContract(app, api.image),
    handler: async (request, reply) => {
      const viewer = await getSessionUser(request);
      const key = await findCampaignImage(db, request.params.id, viewer?.organization?.id ?? null, request.query.size);
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
  app.route({
    ...fromContract(app, api.donate),
    onRequest: requireSession,
    preHandler: async (request, reply) => {
      const user = (await getSessionUser(request))!;
      const result = await consumeRateLimit(db, { key: `donations:${user.id}`, ...DONATION_RATE_LIMIT });
      if (!result.allowed) {
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw rateLimitedError(result.retryAfterSeconds);
      }
    },
    handler: async (request, reply) => {
      const user = (await getSessionUser(request))!;
      return reply.status(201).send(await startDonation(app.deps, user, request.params.slug, request.body));
    },
  });
  app.route({
    ...fromContract(app, api.myDonations),
    onRequest: requireSession,
    handler: async (request) => {
      const user = (await getSessionUser(request))!;
      await finishPaidDonations(hookDeps, { donorUserId: user.id });
      return listMyDonations(db, user.id);
    },
  });
  app.route({
    ...fromContract(app, api.cancelMonthlyGift),
    onRequest: requireSession,
    handler: async (request) => {
      const user = (await getSessionUser(request))!;
      return cancelMonthlyGift(app.deps, { userId: user.id, ip: request.ip }, request.params.id);
    },
  });
  app.route({
    ...fromContract(app, api.myReceipt),
    onRequest: requireSession,
    handler: async (request, reply) => {
      const user = (await getSessionUser(request))!;
      const [gift] = await db
        .select()
        .from(donations)
        .where(and(eq(donations.id, request.params.id), eq(donations.donorUserId, user.id)));
      if (!gift) throw notFound(M.receiptNotFound);
      return pdf(reply, await receiptPdf(db, gift), `${gift.receiptNumber ?? 'receipt'}.pdf`);
    },
  });
  app.route({
    ...fromContract(app, api.mySummary),
    onRequest: requireSession,
    handler: async (request, reply) => {
      const user = (await getSessionUser(request))!;
      const bytes = await summaryPdf(db, { donorUserId: user.id, ...request.params });
      return pdf(reply, bytes, `s18a-summary-${request.params.taxYear}.pdf`);
    },
  });
  app.route({
    ...fromContract(app, api.signedReceipt),
    handler: async (request, reply) => {
      if (!(await receiptTokenMatches(config, db, request.params.id, request.query.token)))
        throw notFound(M.receiptNotFound);
      const [gift] = await db.select().from(donations).where(eq(donations.id, request.params.id));
      if (!gift) throw notFound(M.receiptNotFound);
      return pdf(reply, await receiptPdf(db, gift), `${gift.receiptNumber ?? 'receipt'}.pdf`);
    },
  });
};

/** The operator's console, prefix /api/console/charities (platform_admin): charities and the PBO check. */
export const consoleCharityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const operator = requireRole('platform_admin');
  app.route({
    ...fromContract(app, api.consoleList),
    onRequest: operator,
    handler: async () => listConsoleCharities(db),
  });
  app.route({
    ...fromContract(app, api.consoleVerify),
    onRequest: operator,
    handler: async (request) => {
      const user = (await getSessionUser(request))!;
      return setPboVerified(
        db,
        { userId: user.id, ip: request.ip },
        request.params.organizationId,
        request.body.verified,
      );
    },
  });
};
