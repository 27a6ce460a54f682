import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { timetableContracts as api } from '@sekolo/shared/contracts/academics';
import { fromContract } from '../../../platform/http/contract-route.ts';
import { requireSchoolPermission, schoolOf } from '../../../platform/tenancy/school-context.ts';
import { createLesson, deleteLesson } from './lessons.ts';
import {
  createPeriod,
  createRoom,
  createSubjectClass,
  deletePeriod,
  deleteSetupItem,
  getSetup,
  updateSubjectClass,
} from './setup.ts';
import {
  addSubjectClassLearners,
  getSubjectClassLearners,
  listEligibleLearners,
  removeSubjectClassLearner,
  setSubjectClassLearners,
} from './subject-class-learners.ts';
import { getTerms, saveTerms } from './terms.ts';
import { getTeachingToday, TEACHING_TODAY } from './teacher-today.ts';
import { EDIT_TIMETABLE, READ_TIMETABLE, readerOf, requireTimetableReader } from './timetable-context.ts';
import { getTimetableView, parentClasses } from './views.ts';

/**
 * The timetable. Prefix /api/school/timetable. The admin (manage_curriculum) edits;
 * staff read every view; a parent reads only their children's classes. Tenant isolation: every
 * service takes the caller's school id; another school's ids answer 404.
 */
export const timetableRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const canEdit = requireSchoolPermission(...EDIT_TIMETABLE);

  // Everything the editor and the pickers need; a parent gets only their children's classes.
  app.route({
    ...fromContract(app, api.setup),
    onRequest: requireTimetableReader,
    handler: async (request) => {
      const reader = readerOf(request);
      if (reader.kind === 'parent') {
        return { setup: null, classes: await parentClasses(db, reader.organizationId, reader.userId) };
      }
      return { setup: await getSetup(db, reader.ctx.organizationId, reader.canEdit) };
    },
  });

  // Authorisation runs before the query is validated: a stranger learns nothing from a 400.
  app.route({
    ...fromContract(app, api.view),
    onRequest: requireTimetableReader,
    handler: async (request) => {
      const reader = readerOf(request);
      return { timetable: await getTimetableView(db, reader, request.query.kind, request.query.id) };
    },
  });

  // The teacher dashboard: the caller's own lessons of the day and the registers they mark.
  app.route({
    ...fromContract(app, api.teachingToday),
    onRequest: requireSchoolPermission(...TEACHING_TODAY),
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { today: await getTeachingToday(db, ctx, request.query.date ?? schoolToday()) };
    },
  });

  app.route({
    ...fromContract(app, api.terms),
    onRequest: requireSchoolPermission(...READ_TIMETABLE),
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { calendar: await getTerms(db, ctx.organizationId, request.query.year) };
    },
  });

  app.route({
    ...fromContract(app, api.saveTerms),
    onRequest: canEdit,
    handler: async (request) => {
      return { calendar: await saveTerms(db, schoolOf(request), request.body) };
    },
  });

  app.route({
    ...fromContract(app, api.createPeriod),
    onRequest: canEdit,
    handler: async (request, reply) => {
      return reply.status(201).send({ period: await createPeriod(db, schoolOf(request), request.body) });
    },
  });
  // A period with lessons is removed only when the request confirms it (`?withLessons=1`).
  app.route({
    ...fromContract(app, api.deletePeriod),
    onRequest: canEdit,
    handler: async (request) => {
      return deletePeriod(db, schoolOf(request), request.params.id, request.query.withLessons === '1');
    },
  });

  app.route({
    ...fromContract(app, api.createRoom),
    onRequest: canEdit,
    handler: async (request, reply) => {
      return reply.status(201).send({ room: await createRoom(db, schoolOf(request), request.body) });
    },
  });
  app.route({
    ...fromContract(app, api.deleteRoom),
    onRequest: canEdit,
    handler: async (request) => {
      return deleteSetupItem(db, schoolOf(request), 'room', request.params.id);
    },
  });

  app.route({
    ...fromContract(app, api.createSubjectClass),
    onRequest: canEdit,
    handler: async (request, reply) => {
      return reply.status(201).send({ subjectClass: await createSubjectClass(db, schoolOf(request), request.body) });
    },
  });
  // Another teacher or group name; refused when the teacher already teaches at one of its lessons.
  app.route({
    ...fromContract(app, api.updateSubjectClass),
    onRequest: canEdit,
    handler: async (request) => {
      return { subjectClass: await updateSubjectClass(db, schoolOf(request), request.params.id, request.body) };
    },
  });
  app.route({
    ...fromContract(app, api.deleteSubjectClass),
    onRequest: canEdit,
    handler: async (request) => {
      return deleteSetupItem(db, schoolOf(request), 'subjectClass', request.params.id);
    },
  });

  // The learners of a subject class (chosen learners: electives and split classes). Staff read;
  // the admin sets, adds and removes; each learner is of this school and the class's grade.
  const canReadStaff = requireSchoolPermission(...READ_TIMETABLE);
  app.route({
    ...fromContract(app, api.eligibleLearners),
    onRequest: canReadStaff,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { eligible: await listEligibleLearners(db, ctx.organizationId, request.query) };
    },
  });
  app.route({
    ...fromContract(app, api.subjectClassLearners),
    onRequest: canReadStaff,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return getSubjectClassLearners(db, ctx.organizationId, request.params.id);
    },
  });
  app.route({
    ...fromContract(app, api.setSubjectClassLearners),
    onRequest: canEdit,
    handler: async (request) => {
      return setSubjectClassLearners(db, schoolOf(request), request.params.id, request.body.learnerIds);
    },
  });
  app.route({
    ...fromContract(app, api.addSubjectClassLearners),
    onRequest: canEdit,
    handler: async (request) => {
      return addSubjectClassLearners(db, schoolOf(request), request.params.id, request.body.learnerIds);
    },
  });
  app.route({
    ...fromContract(app, api.removeSubjectClassLearner),
    onRequest: canEdit,
    handler: async (request) => {
      return removeSubjectClassLearner(db, schoolOf(request), request.params.id, request.params.learnerId);
    },
  });

  app.route({
    ...fromContract(app, api.createLesson),
    onRequest: canEdit,
    handler: async (request, reply) => {
      return reply.status(201).send({ lesson: await createLesson(db, schoolOf(request), request.body) });
    },
  });
  app.route({
    ...fromContract(app, api.deleteLesson),
    onRequest: canEdit,
    handler: async (request) => {
      await deleteLesson(db, schoolOf(request), request.params.id);
      return { deleted: true as const };
    },
  });
};
