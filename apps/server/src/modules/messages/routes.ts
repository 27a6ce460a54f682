import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageContracts as api } from '@sekolo/shared/contracts/messages';
import { fromContract } from '../../platform/http/contract-route.ts';
import { canStartSchoolConversation, canUseMessages, messagingUser, schoolCallerOf } from './lib/caller.ts';
import { recipientsFor } from './lib/recipients.ts';
import { getConversation, listConversations, searchMessages, unreadCounts } from './use-cases/read-conversations.ts';
import { markRead, setArchived } from './use-cases/manage-conversation.ts';
import { sendMessage } from './use-cases/send-message.ts';
import { openSubjectConversation, startSchoolConversation } from './use-cases/start-conversation.ts';
import { subjectResolver } from './lib/subjects.ts';
import { notFound } from '../../platform/http/errors.ts';

/**
 * Messages (prefix /api/messages). Every signed-in, active account reads and writes in the
 * conversations it takes part in, and only those (404 for any other); a school's staff and parents
 * start school conversations with whom the rules of recipients.ts allow (403 with the reason).
 */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.route({
    ...fromContract(app, api.list),
    onRequest: canUseMessages,
    handler: async (request) => listConversations(db, (await messagingUser(request)).id, request.query),
  });
  app.route({
    ...fromContract(app, api.unread),
    onRequest: canUseMessages,
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return unreadCounts(db, (await messagingUser(request)).id);
    },
  });
  app.route({
    ...fromContract(app, api.search),
    onRequest: canUseMessages,
    handler: async (request) => searchMessages(db, (await messagingUser(request)).id, request.query.q),
  });
  app.route({
    ...fromContract(app, api.get),
    onRequest: canUseMessages,
    handler: async (request) =>
      getConversation(db, (await messagingUser(request)).id, request.params.id, request.query.before),
  });
  app.route({
    ...fromContract(app, api.send),
    onRequest: canUseMessages,
    handler: async (request, reply) => {
      const message = await sendMessage(db, (await messagingUser(request)).id, request.params.id, request.body);
      return reply.code(201).send(message);
    },
  });
  app.route({
    ...fromContract(app, api.markRead),
    onRequest: canUseMessages,
    handler: async (request, reply) => {
      await markRead(db, (await messagingUser(request)).id, request.params.id);
      return reply.code(204).send();
    },
  });
  app.route({
    ...fromContract(app, api.archive),
    onRequest: canUseMessages,
    handler: async (request, reply) => {
      await setArchived(db, (await messagingUser(request)).id, request.params.id, request.body.archived);
      return reply.code(204).send();
    },
  });
  app.route({
    ...fromContract(app, api.recipients),
    onRequest: canStartSchoolConversation,
    handler: async (request) => ({ recipients: await recipientsFor(db, schoolCallerOf(request), request.query.q) }),
  });
  app.route({
    ...fromContract(app, api.start),
    onRequest: canStartSchoolConversation,
    handler: async (request, reply) =>
      reply.code(201).send(await startSchoolConversation(db, schoolCallerOf(request), request.body)),
  });
  app.route({
    ...fromContract(app, api.about),
    onRequest: canUseMessages,
    handler: async (request) => {
      const user = await messagingUser(request);
      const { kind, id } = request.body;
      const subject = await subjectResolver(kind)?.(db, user.id, id);
      if (!subject) throw notFound(kind === 'order' ? 'That order was not found.' : 'That booking was not found.');
      return openSubjectConversation(db, { about: { kind, id }, ...subject });
    },
  });
};
