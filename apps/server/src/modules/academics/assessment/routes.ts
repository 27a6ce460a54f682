import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assessmentContracts as api } from '@sekolo/shared/contracts/academics-assessment';
import { fromContract } from '../../../platform/http/contract-route.ts';
import { sessionInStatement } from '../../../platform/auth/guards.ts';
import {
  HOT_ROUTE_SESSION_READ_MS,
  requireSchoolPermission,
  schoolOf,
  schoolOfAfresh,
  schoolPolicy,
} from '../../../platform/tenancy/school-context.ts';
import { EDIT_PROGRAMME, MARK_GRADES, READ_PROGRAMME } from './access.ts';
import { getGradebookText, gradebookForSession, markChanges, releaseMarks, saveMarks } from './gradebook.ts';
import { getProgramme, saveProgrammeTerm } from './programme.ts';
import { markableClasses, myChildrenResults, myResults } from './results.ts';
import { atRiskLearners, markDistributions, markScheduleCsv } from './reports.ts';
import { reportsOf } from '../../../platform/db/client.ts';

/**
 * Assessment, prefix /api/school/assessment. The school admin (manage_curriculum) edits the
 * programme and opens every gradebook; a teacher (manage_grades) opens only the subject classes
 * they teach (403 otherwise); learners and parents read released results. Another school's ids
 * answer 404.
 */
const JSON_TYPE = 'application/json; charset=utf-8';

export const assessmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  // The school's reports read the replica when there is one.
  const reports = reportsOf(app.deps.database);
  const canMark = requireSchoolPermission(...MARK_GRADES);

  app.route({
    ...fromContract(app, api.programme),
    onRequest: requireSchoolPermission(...READ_PROGRAMME),
    handler: async (request) => {
      const ctx = schoolOf(request);
      const { year, grade, subject } = request.query;
      return { programme: await getProgramme(db, ctx.organizationId, year, grade, subject) };
    },
  });

  app.route({
    ...fromContract(app, api.saveProgrammeTerm),
    onRequest: requireSchoolPermission(...EDIT_PROGRAMME),
    handler: async (request) => ({ programme: await saveProgrammeTerm(db, schoolOf(request), request.body) }),
  });

  app.route({
    ...fromContract(app, api.markableClasses),
    onRequest: canMark,
    handler: async (request) => ({ subjectClasses: await markableClasses(db, schoolOf(request)) }),
  });

  // The grid (gradebook.ts writes its text, partly PostgreSQL's JSON) and a save's answer
  // (JSON.stringify) are sent as text: Fastify passes a string by without the response schema,
  // whose check of a grid's hundreds of cells was a fifth of a grid read's server time at scale.
  // Both are typed as the contract's (TGradebook), and the API tests hold each answer to equal its
  // contract's parse.
  //
  // The grid read checks the session in its own statement, one round trip in all, as the register
  // read does (sessionInStatement: with parameters that would fail validation, the guards check it first).
  const lookup = app.sessionLookup;
  const gridParams = api.gradebook.params;
  const gridQuery = api.gradebook.query;
  const gridSession = sessionInStatement(
    lookup,
    (request) => gridParams.safeParse(request.params).success && gridQuery.safeParse(request.query).success,
    canMark,
  );
  app.route({
    ...fromContract(app, api.gradebook),
    onRequest: gridSession.onRequest,
    handler: async (request, reply) => {
      const { year, term } = request.query;
      const token = gridSession.token(request);
      const body =
        lookup && token
          ? await gradebookForSession(
              db,
              token,
              async (row) => {
                await gridSession.applyPolicy(request, reply, row, token);
                return schoolOf(request);
              },
              request.params.id,
              year,
              term,
            )
          : await getGradebookText(db, schoolOf(request), request.params.id, year, term);
      return reply.type(JSON_TYPE).send(body as never);
    },
  });

  // A save reuses this process's session read of the last few seconds (a teacher's autosave comes
  // every few seconds); its transaction goes on only while the auth generation holds (saveMarks).
  const canSaveMarks = schoolPolicy(MARK_GRADES, { sessionReadWithinMs: HOT_ROUTE_SESSION_READ_MS });
  app.route({
    ...fromContract(app, api.saveMarks),
    onRequest: canSaveMarks,
    handler: async (request, reply) => {
      const saved = await saveMarks(db, schoolOf(request), request.params.id, request.body, () =>
        schoolOfAfresh(request),
      );
      return reply.type(JSON_TYPE).send(JSON.stringify(saved) as never);
    },
  });

  app.route({
    ...fromContract(app, api.releaseMarks),
    onRequest: canMark,
    handler: async (request) =>
      releaseMarks(db, schoolOf(request), request.params.id, request.body.year, request.body.term, app.deps.jobs),
  });

  app.route({
    ...fromContract(app, api.markChanges),
    onRequest: canMark,
    handler: async (request) => {
      const { year, term } = request.query;
      return { changes: await markChanges(db, schoolOf(request), request.params.id, year, term) };
    },
  });

  app.route({
    ...fromContract(app, api.markDistributions),
    onRequest: requireSchoolPermission('view_reports'),
    handler: async (request) => ({
      classes: await markDistributions(reports, schoolOf(request), request.query.year, request.query.term),
    }),
  });

  app.route({
    ...fromContract(app, api.atRisk),
    onRequest: requireSchoolPermission('view_reports'),
    handler: async (request) => ({
      learners: await atRiskLearners(reports, schoolOf(request), request.query.year, request.query.term),
    }),
  });

  app.route({
    ...fromContract(app, api.markSchedule),
    onRequest: canMark,
    handler: async (request, reply) => {
      const { year, term } = request.query;
      const { filename, csv } = await markScheduleCsv(db, schoolOf(request), request.params.id, year, term);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send('\uFEFF' + csv);
    },
  });

  app.route({
    ...fromContract(app, api.myResults),
    onRequest: requireSchoolPermission('view_grades'),
    handler: async (request) => ({ results: await myResults(db, schoolOf(request), request.query.year) }),
  });

  app.route({
    ...fromContract(app, api.myChildrenResults),
    onRequest: requireSchoolPermission('view_child_grades'),
    handler: async (request) => ({ results: await myChildrenResults(db, schoolOf(request), request.query.year) }),
  });
};
