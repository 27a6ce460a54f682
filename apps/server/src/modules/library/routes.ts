import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { libraryContracts as api } from '@sekolo/shared/contracts/library';
import { fromContract } from '../../platform/http/contract-route.ts';
import { requireSchoolPermission, schoolOf } from '../../platform/tenancy/school-context.ts';
import { addCopies, createTitle, listTitles, setCopyStatus, titleDetail, updateTitle } from './catalogue.ts';
import {
  borrowerAccount,
  cancelHold,
  childrenLoans,
  issueCopy,
  listHolds,
  listLoans,
  myLibrary,
  passCopyOn,
  placeHold,
  publicTitle,
  renewLoan,
  requireOwnBorrower,
  returnCopy,
  searchBorrowers,
} from './circulation.ts';
import { importTemplate, importTitles } from './import-titles.ts';
import { labelSheet } from './labels.ts';
import { saveSettings, settingsOf } from './settings.ts';

/** Who runs the catalogue and the desk (the school admin and the librarian by default, D26). */
export const MANAGE_LIBRARY = 'manage_library' as const;
/** Who searches the catalogue, holds titles and sees their own loans (learners by default). */
export const ACCESS_LIBRARY = 'access_library' as const;
/** Who sees their children's loans (parents by default). */
export const VIEW_CHILD = 'view_child_profile' as const;

/** The librarian's side (prefix /api/school; manage_library). */
export const schoolLibraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const deps = { db, mailer: app.deps.mailer, publicUrl: app.deps.config.publicUrl };
  const canManage = requireSchoolPermission(MANAGE_LIBRARY);
  const org = (request: Parameters<typeof schoolOf>[0]) => schoolOf(request).organizationId;

  app.route({
    ...fromContract(app, api.titles),
    onRequest: canManage,
    handler: async (request) => listTitles(db, org(request), request.query),
  });
  app.route({
    ...fromContract(app, api.createTitle),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.status(201).send({ title: await createTitle(db, schoolOf(request), request.body) }),
  });
  app.route({
    ...fromContract(app, api.title),
    onRequest: canManage,
    handler: async (request) => titleDetail(db, org(request), request.params.titleId),
  });
  app.route({
    ...fromContract(app, api.updateTitle),
    onRequest: canManage,
    handler: async (request) => ({
      title: await updateTitle(db, schoolOf(request), request.params.titleId, request.body),
    }),
  });
  app.route({
    ...fromContract(app, api.addCopies),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.status(201).send({
        copies: await addCopies(db, schoolOf(request), request.params.titleId, request.body.count),
      }),
  });
  app.route({
    ...fromContract(app, api.setCopyStatus),
    onRequest: canManage,
    handler: async (request) => ({
      copy: await setCopyStatus(db, schoolOf(request), request.params.copyId, request.body.status, (tx, copyId) =>
        passCopyOn(tx, deps, copyId),
      ),
    }),
  });
  app.route({
    ...fromContract(app, api.labels),
    onRequest: canManage,
    handler: async (request, reply) => {
      const pdf = await labelSheet(db, schoolOf(request), request.query.titleId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="library-labels.pdf"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  });
  app.route({
    ...fromContract(app, api.importTemplate),
    onRequest: canManage,
    handler: async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="library-import-template.csv"')
        .send('\uFEFF' + importTemplate()),
  });
  app.route({
    ...fromContract(app, api.importTitles),
    onRequest: canManage,
    bodyLimit: 3 * 1024 * 1024,
    handler: async (request) => importTitles(db, schoolOf(request), request.body.csv, request.body.mode),
  });

  app.route({
    ...fromContract(app, api.borrowers),
    onRequest: canManage,
    handler: async (request) => ({ borrowers: await searchBorrowers(db, org(request), request.query.q) }),
  });
  app.route({
    ...fromContract(app, api.borrower),
    onRequest: canManage,
    handler: async (request) =>
      borrowerAccount(db, org(request), { kind: request.params.kind, id: request.params.borrowerId }),
  });
  app.route({
    ...fromContract(app, api.issue),
    onRequest: canManage,
    handler: async (request, reply) => reply.status(201).send(await issueCopy(deps, schoolOf(request), request.body)),
  });
  app.route({
    ...fromContract(app, api.returnCopy),
    onRequest: canManage,
    handler: async (request) => returnCopy(deps, schoolOf(request), request.body.barcode),
  });
  app.route({
    ...fromContract(app, api.renew),
    onRequest: canManage,
    handler: async (request) => ({ loan: await renewLoan(deps, schoolOf(request), request.params.loanId) }),
  });
  app.route({
    ...fromContract(app, api.loans),
    onRequest: canManage,
    handler: async (request) => ({
      loans: await listLoans(db, org(request), request.query.status, request.query.q),
    }),
  });
  app.route({
    ...fromContract(app, api.holds),
    onRequest: canManage,
    handler: async (request) => ({ holds: await listHolds(db, org(request)) }),
  });
  app.route({
    ...fromContract(app, api.placeHold),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ hold: await placeHold(deps, org(request), request.body.titleId, request.body.borrower) }),
  });
  app.route({
    ...fromContract(app, api.cancelHold),
    onRequest: canManage,
    handler: async (request) => ({ hold: await cancelHold(deps, org(request), request.params.holdId) }),
  });
  app.route({
    ...fromContract(app, api.settings),
    onRequest: canManage,
    handler: async (request) => ({ settings: await settingsOf(db, org(request)) }),
  });
  app.route({
    ...fromContract(app, api.saveSettings),
    onRequest: canManage,
    handler: async (request) => ({ settings: await saveSettings(db, schoolOf(request), request.body) }),
  });
};

/** The borrower's side and the parent's (prefix /api/library). */
export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const deps = { db, mailer: app.deps.mailer, publicUrl: app.deps.config.publicUrl };
  const canUse = requireSchoolPermission(ACCESS_LIBRARY);

  app.route({
    ...fromContract(app, api.catalogue),
    onRequest: canUse,
    handler: async (request) => listTitles(db, schoolOf(request).organizationId, request.query),
  });
  app.route({
    ...fromContract(app, api.catalogueTitle),
    onRequest: canUse,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return publicTitle(db, ctx.organizationId, ctx.user.id, request.params.titleId);
    },
  });
  app.route({
    ...fromContract(app, api.mine),
    onRequest: canUse,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return myLibrary(db, ctx.organizationId, ctx.user.id);
    },
  });
  app.route({
    ...fromContract(app, api.placeMyHold),
    onRequest: canUse,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      const borrower = await requireOwnBorrower(db, ctx);
      return reply
        .status(201)
        .send({ hold: await placeHold(deps, ctx.organizationId, request.body.titleId, borrower) });
    },
  });
  app.route({
    ...fromContract(app, api.cancelMyHold),
    onRequest: canUse,
    handler: async (request) => {
      const ctx = schoolOf(request);
      const borrower = await requireOwnBorrower(db, ctx);
      return { hold: await cancelHold(deps, ctx.organizationId, request.params.holdId, borrower) };
    },
  });
  app.route({
    ...fromContract(app, api.childrenLoans),
    onRequest: requireSchoolPermission(VIEW_CHILD),
    handler: async (request) => {
      const ctx = schoolOf(request);
      return childrenLoans(db, ctx.organizationId, ctx.user.id);
    },
  });
};
