import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TIMETABLE_MESSAGES,
  ZEligibleLearnersQuery,
  ZLessonSchema,
  ZPeriodSchema,
  ZRoomSchema,
  ZSubjectClassLearnersSchema,
  ZSubjectClassSchema,
  ZSubjectClassUpdateSchema,
  ZTermsSchema,
  ZTimetableViewQuery,
} from '@sekolo/shared/schemas/timetable';
import { schoolToday, ZAttendanceDate } from '@sekolo/shared/schemas/attendance';
import { requireSchoolPermission, schoolContext } from '../../../platform/tenancy/school-context.ts';
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
import { EDIT_TIMETABLE, READ_TIMETABLE, timetableReader } from './timetable-context.ts';
import { getTimetableView, parentClasses } from './views.ts';

const ZIdParams = z.object({ id: z.uuid({ error: TIMETABLE_MESSAGES.notFound }) });
const ZDeletePeriodQuery = z.object({ withLessons: z.enum(['0', '1']).optional() });
const ZLearnerParams = ZIdParams.extend({ learnerId: z.uuid({ error: TIMETABLE_MESSAGES.noSuchLearner }) });

/**
 * The timetable (issue 6). Prefix /api/school/timetable. The admin (manage_curriculum) edits;
 * staff read every view; a parent reads only their children's classes. Tenant isolation: every
 * service takes the caller's school id; another school's ids answer 404.
 */
export const timetableRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const canEdit = requireSchoolPermission(...EDIT_TIMETABLE);
  const edit = (request: Parameters<typeof schoolContext>[0]) => schoolContext(request, EDIT_TIMETABLE);

  // Everything the editor and the pickers need; a parent gets only their children's classes.
  app.get('/setup', async (request) => {
    const reader = await timetableReader(request);
    if (reader.kind === 'parent') {
      return { setup: null, classes: await parentClasses(db, reader.organizationId, reader.userId) };
    }
    return { setup: await getSetup(db, reader.ctx.organizationId, reader.canEdit) };
  });

  // Authorisation runs before the query is validated: a stranger learns nothing from a 400.
  const canRead = async (request: Parameters<typeof timetableReader>[0]) => {
    await timetableReader(request);
  };
  app.get('/view', { onRequest: canRead, schema: { querystring: ZTimetableViewQuery } }, async (request) => {
    const reader = await timetableReader(request);
    return { timetable: await getTimetableView(db, reader, request.query.kind, request.query.id) };
  });

  // The teacher dashboard: the caller's own lessons of the day and the registers they mark.
  app.get(
    '/teaching-today',
    {
      onRequest: requireSchoolPermission(...TEACHING_TODAY),
      schema: { querystring: z.object({ date: ZAttendanceDate.optional() }) },
    },
    async (request) => {
      const ctx = await schoolContext(request, TEACHING_TODAY);
      return { today: await getTeachingToday(db, ctx, request.query.date ?? schoolToday()) };
    },
  );

  app.get(
    '/terms',
    {
      onRequest: requireSchoolPermission(...READ_TIMETABLE),
      schema: { querystring: z.object({ year: z.coerce.number().int().min(2020).max(2100) }) },
    },
    async (request) => {
      const ctx = await schoolContext(request, READ_TIMETABLE);
      return { calendar: await getTerms(db, ctx.organizationId, request.query.year) };
    },
  );

  app.put('/terms', { onRequest: canEdit, schema: { body: ZTermsSchema } }, async (request) => {
    return { calendar: await saveTerms(db, await edit(request), request.body) };
  });

  app.post('/periods', { onRequest: canEdit, schema: { body: ZPeriodSchema } }, async (request, reply) => {
    return reply.status(201).send({ period: await createPeriod(db, await edit(request), request.body) });
  });
  // A period with lessons is removed only when the request confirms it (`?withLessons=1`).
  app.delete(
    '/periods/:id',
    { onRequest: canEdit, schema: { params: ZIdParams, querystring: ZDeletePeriodQuery } },
    async (request) => {
      return deletePeriod(db, await edit(request), request.params.id, request.query.withLessons === '1');
    },
  );

  app.post('/rooms', { onRequest: canEdit, schema: { body: ZRoomSchema } }, async (request, reply) => {
    return reply.status(201).send({ room: await createRoom(db, await edit(request), request.body) });
  });
  app.delete('/rooms/:id', { onRequest: canEdit, schema: { params: ZIdParams } }, async (request) => {
    return deleteSetupItem(db, await edit(request), 'room', request.params.id);
  });

  app.post(
    '/subject-classes',
    { onRequest: canEdit, schema: { body: ZSubjectClassSchema } },
    async (request, reply) => {
      return reply.status(201).send({ subjectClass: await createSubjectClass(db, await edit(request), request.body) });
    },
  );
  // Another teacher or group name; refused when the teacher already teaches at one of its lessons.
  app.put(
    '/subject-classes/:id',
    { onRequest: canEdit, schema: { params: ZIdParams, body: ZSubjectClassUpdateSchema } },
    async (request) => {
      return { subjectClass: await updateSubjectClass(db, await edit(request), request.params.id, request.body) };
    },
  );
  app.delete('/subject-classes/:id', { onRequest: canEdit, schema: { params: ZIdParams } }, async (request) => {
    return deleteSetupItem(db, await edit(request), 'subjectClass', request.params.id);
  });

  // The learners of a subject class (chosen learners: electives and split classes). Staff read;
  // the admin sets, adds and removes; each learner is of this school and the class's grade.
  const canReadStaff = requireSchoolPermission(...READ_TIMETABLE);
  const readStaff = (request: Parameters<typeof schoolContext>[0]) => schoolContext(request, READ_TIMETABLE);
  app.get(
    '/eligible-learners',
    { onRequest: canReadStaff, schema: { querystring: ZEligibleLearnersQuery } },
    async (request) => {
      const ctx = await readStaff(request);
      return { eligible: await listEligibleLearners(db, ctx.organizationId, request.query) };
    },
  );
  app.get(
    '/subject-classes/:id/learners',
    { onRequest: canReadStaff, schema: { params: ZIdParams } },
    async (request) => {
      const ctx = await readStaff(request);
      return getSubjectClassLearners(db, ctx.organizationId, request.params.id);
    },
  );
  app.put(
    '/subject-classes/:id/learners',
    { onRequest: canEdit, schema: { params: ZIdParams, body: ZSubjectClassLearnersSchema } },
    async (request) => {
      return setSubjectClassLearners(db, await edit(request), request.params.id, request.body.learnerIds);
    },
  );
  app.post(
    '/subject-classes/:id/learners',
    { onRequest: canEdit, schema: { params: ZIdParams, body: ZSubjectClassLearnersSchema } },
    async (request) => {
      return addSubjectClassLearners(db, await edit(request), request.params.id, request.body.learnerIds);
    },
  );
  app.delete(
    '/subject-classes/:id/learners/:learnerId',
    { onRequest: canEdit, schema: { params: ZLearnerParams } },
    async (request) => {
      return removeSubjectClassLearner(db, await edit(request), request.params.id, request.params.learnerId);
    },
  );

  app.post('/lessons', { onRequest: canEdit, schema: { body: ZLessonSchema } }, async (request, reply) => {
    return reply.status(201).send({ lesson: await createLesson(db, await edit(request), request.body) });
  });
  app.delete('/lessons/:id', { onRequest: canEdit, schema: { params: ZIdParams } }, async (request) => {
    await deleteLesson(db, await edit(request), request.params.id);
    return { deleted: true };
  });
};
