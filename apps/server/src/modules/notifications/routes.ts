import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationContracts as api,
  smsAccountContracts as smsApi,
  smsWebhookContracts,
} from '@sekolo/shared/contracts/communication';
import { COMMUNICATION_MESSAGES as M, type TSmsAccount } from '@sekolo/shared/schemas/communication';
import { desc, eq } from 'drizzle-orm';
import { getSessionUser, requireSession } from '../../platform/auth/guards.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { DbExecutor } from '../../platform/db/client.ts';
import { smsAccounts, smsOptOuts } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { fromContract } from '../../platform/http/contract-route.ts';
import { AppError, badRequest, conflict } from '../../platform/http/errors.ts';
import { consumeRateLimit, rateLimitedError } from '../../platform/rate-limits/rate-limit.ts';
import { requireSchoolPermission, schoolOf } from '../../platform/tenancy/school-context.ts';
import { listNotifications, markAllRead, markRead, readPreferences, savePreferences, unreadCount } from './centre.ts';
import {
  newWebhookToken,
  providerFor,
  receiveSmsWebhook,
  recordOptOut,
  schoolSmsState,
  sealSmsSecret,
  sendSms,
} from './sms-account.ts';

/** The signed-in user's notification centre (prefix /api/notifications): any account, its own rows only. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const me = async (request: Parameters<typeof getSessionUser>[0]) => (await getSessionUser(request))!.id;

  app.route({
    ...fromContract(app, api.list),
    onRequest: requireSession,
    handler: async (request) => listNotifications(db, await me(request), request.query),
  });
  app.route({
    ...fromContract(app, api.unreadCount),
    onRequest: requireSession,
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { unreadCount: await unreadCount(db, await me(request)) };
    },
  });
  app.route({
    ...fromContract(app, api.markAllRead),
    onRequest: requireSession,
    handler: async (request) => ({ unreadCount: await markAllRead(db, await me(request)) }),
  });
  app.route({
    ...fromContract(app, api.markRead),
    onRequest: requireSession,
    handler: async (request) => ({
      unreadCount: await markRead(db, await me(request), request.params.notificationId),
    }),
  });
  app.route({
    ...fromContract(app, api.preferences),
    onRequest: requireSession,
    handler: async (request) => readPreferences(db, await me(request)),
  });
  app.route({
    ...fromContract(app, api.savePreferences),
    onRequest: requireSession,
    handler: async (request) => savePreferences(db, await me(request), request.body.preferences),
  });
};

/** How often a school may send a test SMS (each costs the school a message). */
const TEST_SMS_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 };
/** Webhook calls per gateway address a minute (a gateway sends reports in batches). */
const WEBHOOK_LIMIT = { limit: 600, windowMs: 60 * 1000 };

/**
 * The school's own SMS account (prefix /api/school/sms-account; manage_settings, D26): its
 * provider and credentials (the secret is written, never answered), a test message, and the
 * numbers that opted out. Also the gateway's webhook (prefix /api/sms): delivery reports and STOP.
 */
export const smsAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const { db } = database;
  const canManage = requireSchoolPermission('manage_settings');

  const stateOf = async (executor: DbExecutor, organizationId: string) => {
    const state = await schoolSmsState(executor, organizationId);
    const a = state.account;
    const account: TSmsAccount | null = a
      ? {
          provider: a.provider,
          username: a.username,
          senderId: a.senderId,
          hasSecret: a.secret !== '',
          webhookUrl: `${config.publicUrl}/api/sms/bulksms/${a.webhookToken}`,
          updatedAt: a.updatedAt.toISOString(),
        }
      : null;
    return { account, packageIncludesSms: state.packageIncludesSms, packageName: state.packageName };
  };

  app.route({
    ...fromContract(app, smsApi.smsAccount),
    onRequest: canManage,
    handler: async (request) => stateOf(db, schoolOf(request).organizationId),
  });
  app.route({
    ...fromContract(app, smsApi.saveSmsAccount),
    onRequest: canManage,
    handler: async (request) => {
      const ctx = schoolOf(request);
      const input = request.body;
      // A new gateway secret is stored sealed (never in the clear); an empty one keeps the stored one.
      const sealedNew = input.secret !== '' ? await sealSmsSecret(input.secret, { config, db }) : '';
      return transaction(db, async (tx) => {
        const [existing] = await tx
          .select()
          .from(smsAccounts)
          .where(eq(smsAccounts.organizationId, ctx.organizationId))
          .for('update');
        const secret = sealedNew !== '' ? sealedNew : (existing?.secret ?? '');
        if (input.provider === 'bulksms' && !secret) throw badRequest(M.secretRequired, { secret: M.secretRequired });
        const values = {
          provider: input.provider,
          username: input.provider === 'sandbox' ? '' : input.username,
          secret: input.provider === 'sandbox' ? '' : secret,
          senderId: input.senderId,
          updatedBy: ctx.user.id,
          updatedAt: new Date(),
        };
        if (existing)
          await tx.update(smsAccounts).set(values).where(eq(smsAccounts.organizationId, ctx.organizationId));
        else
          await tx
            .insert(smsAccounts)
            .values({ organizationId: ctx.organizationId, webhookToken: newWebhookToken(), ...values });
        await recordAudit(tx, {
          action: 'sms.account_updated',
          actorUserId: ctx.user.id,
          target: `organization:${ctx.organizationId}`,
          ip: ctx.ip,
          details: { provider: input.provider, secretChanged: input.secret !== '' },
        });
        return stateOf(tx, ctx.organizationId);
      });
    },
  });
  app.route({
    ...fromContract(app, smsApi.testSms),
    onRequest: canManage,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      const state = await schoolSmsState(db, ctx.organizationId);
      if (!state.account) throw conflict(M.smsAccountMissing);
      if (!state.packageIncludesSms) throw conflict(M.smsNotInPackage);
      const limit = await consumeRateLimit(db, { key: `sms-test:${ctx.organizationId}`, ...TEST_SMS_LIMIT });
      if (!limit.allowed) {
        reply.header('retry-after', String(limit.retryAfterSeconds));
        throw rateLimitedError(limit.retryAfterSeconds, 'test messages');
      }
      const [result] = await sendSms(db, await providerFor(state.account, { config, db }), ctx.organizationId, [
        {
          to: request.body.to,
          body: `Test message from ${ctx.schoolName} on Sekolo: the school's SMS account works.`,
          purpose: 'test',
        },
      ]);
      await recordAudit(db, {
        action: 'sms.test_sent',
        actorUserId: ctx.user.id,
        target: `organization:${ctx.organizationId}`,
        ip: ctx.ip,
        details: { status: result!.status },
      });
      return { status: result!.status, error: result!.error ? `${M.smsTestFailed} (${result!.error})` : null };
    },
  });
  app.route({
    ...fromContract(app, smsApi.optOuts),
    onRequest: canManage,
    handler: async (request) => {
      const rows = await db
        .select()
        .from(smsOptOuts)
        .where(eq(smsOptOuts.organizationId, schoolOf(request).organizationId))
        .orderBy(desc(smsOptOuts.createdAt))
        .limit(500);
      return {
        optOuts: rows.map((r) => ({ phone: r.phone, source: r.source, createdAt: r.createdAt.toISOString() })),
      };
    },
  });
  app.route({
    ...fromContract(app, smsApi.addOptOut),
    onRequest: canManage,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      const row = await transaction(db, async (tx) => {
        const saved = await recordOptOut(tx, {
          organizationId: ctx.organizationId,
          phone: request.body.phone,
          source: 'manual',
          recordedBy: ctx.user.id,
        });
        await recordAudit(tx, {
          action: 'sms.opt_out_recorded',
          actorUserId: ctx.user.id,
          target: `organization:${ctx.organizationId}`,
          ip: ctx.ip,
        });
        return saved;
      });
      return reply
        .code(201)
        .send({ optOut: { phone: row.phone, source: row.source, createdAt: row.createdAt.toISOString() } });
    },
  });
};

/** The gateway's webhook (prefix /api/sms): public, named by the account's unguessable token. */
export const smsWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  app.route({
    ...fromContract(app, smsWebhookContracts.bulksms, { serverToServer: true }),
    handler: async (request, reply) => {
      const limit = await consumeRateLimit(database.db, { key: `sms-webhook:ip:${request.ip}`, ...WEBHOOK_LIMIT });
      if (!limit.allowed) {
        reply.header('retry-after', String(limit.retryAfterSeconds));
        throw rateLimitedError(limit.retryAfterSeconds, 'requests');
      }
      let result;
      try {
        result = await transaction(database.db, (tx) =>
          receiveSmsWebhook(tx, config, request.params.token, request.body),
        );
      } catch {
        throw new AppError(400, 'BAD_REQUEST', 'This is not a BulkSMS webhook.');
      }
      if (!result) throw new AppError(404, 'NOT_FOUND', 'Not found.');
      return reply.code(200).send({ ok: true as const, ...result });
    },
  });
};
