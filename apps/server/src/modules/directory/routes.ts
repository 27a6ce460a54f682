import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { directoryContracts as api } from '@sekolo/shared/contracts/directory';
import { fromContract } from '../../platform/http/contract-route.ts';
import { DIRECTORY_MESSAGES as M } from '@sekolo/shared/schemas/directory';
import { createFileStorage, sendLogo } from '../uploads/index.ts';
import { directoryProfile, profileLogoOf } from './profile.ts';
import { searchDirectory } from './queries/search-directory.ts';
import { callerOf, readDirectorySettings, requireDirectoryAdmin, updateDirectorySettings } from './settings.ts';

/**
 * The directory, prefix /api/directory: GET / the listed organisations (public), GET
 * /profiles/:slug one organisation's public profile (public; 404 when it is not listed), GET
 * /logos/:organizationId a business partner's or charity's logo (public), GET|PUT
 * /settings what the caller's organisation shows (its admin).
 */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const storage = createFileStorage(app.deps.config);

  app.route({
    ...fromContract(app, api.search),
    handler: async (request) => searchDirectory(db, request.query),
  });
  app.route({
    ...fromContract(app, api.profile),
    handler: async (request) => ({ profile: await directoryProfile(db, request.params.slug) }),
  });
  app.route({
    ...fromContract(app, api.logo),
    handler: async (request, reply) =>
      sendLogo(reply, storage, await profileLogoOf(db, request.params.organizationId), M.noLogo, request.query.size),
  });
  app.route({
    ...fromContract(app, api.getSettings),
    onRequest: requireDirectoryAdmin,
    handler: async (request) => ({
      settings: await readDirectorySettings(db, (await callerOf(request)).organizationId),
    }),
  });
  app.route({
    ...fromContract(app, api.updateSettings),
    onRequest: requireDirectoryAdmin,
    handler: async (request) => ({
      settings: await updateDirectorySettings(db, await callerOf(request), request.body),
    }),
  });
};
