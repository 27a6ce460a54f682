import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ATTENDANCE_MESSAGES, schoolToday, type TAttendanceReportQuery } from '@sekolo/shared/schemas/attendance';
import { attendanceContracts as api } from '@sekolo/shared/contracts/academics';
import { badRequest } from '../../../platform/http/errors.ts';
import { fromContract } from '../../../platform/http/contract-route.ts';
import { getSessionUser, requireRole, sessionInStatement } from '../../../platform/auth/guards.ts';
import {
  HOT_ROUTE_SESSION_READ_MS,
  requireSchoolPermission,
  schoolOf,
  schoolOfAfresh,
  schoolPolicy,
} from '../../../platform/tenancy/school-context.ts';
import { ABSENCE_NOTICE_DAYS, listMyChildrenAbsences } from './absence-notice.ts';
import { MANAGE_ALL_ATTENDANCE, VIEW_ATTENDANCE } from './attendance-access.ts';
import { listClassTeacherCandidates, setClassTeacher } from './class-teacher.ts';
import { exportAttendance } from './export-attendance.ts';
import { absenteesCsv, attendanceReport, attendanceReportPdf } from './reports.ts';
import { getRegister, registerBodyForSession, saveRefusal, saveRegister } from './register.ts';
import { getClassMonth, getDayOverview, getGradeRates, getLearnerHistory, listAttendanceClasses } from './views.ts';
import { reportsOf } from '../../../platform/db/client.ts';

function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/**
 * A date range, by default the 30 days up to today; from after to is refused. It ends at the
 * school's today at the latest: no mark is kept for a later day, so a month still running (a `to`
 * of 30 November on the 29th) is counted, and answered, as running to today, and a view's label
 * never names a day that has not come yet. A range that starts after today is refused.
 */
function range(query: { from?: string; to?: string }, defaultDays = 30): { from: string; to: string } {
  const today = schoolToday();
  const to = query.to === undefined || query.to > today ? today : query.to;
  if (query.from !== undefined && query.from > today)
    throw badRequest(ATTENDANCE_MESSAGES.rangeFuture, { from: ATTENDANCE_MESSAGES.rangeFuture });
  const from = query.from ?? daysBefore(to, defaultDays - 1);
  if (from > to)
    throw badRequest('The start date must be on or before the end date', {
      from: 'The start date must be on or before the end date',
    });
  return { from, to };
}

/** A report's period (by default the last 30 days) and grade. */
function reportPeriod(query: TAttendanceReportQuery) {
  return { ...range(query), ...(query.grade === undefined ? {} : { grade: query.grade }) };
}

/**
 * Attendance. Prefix /api/school/attendance. Each route's policy resolves the caller's school
 * first (schoolOf); services put its id in every `where` (another school's class is 404).
 * Marking: a school admin any class, a teacher the classes they are class teacher of.
 */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  // Reports and exports read the replica when there is one.
  const reports = reportsOf(app.deps.database);
  const canView = requireSchoolPermission(...VIEW_ATTENDANCE);
  const canManageAll = requireSchoolPermission(...MANAGE_ALL_ATTENDANCE);

  app.route({
    ...fromContract(app, api.classes),
    onRequest: canView,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { classes: await listAttendanceClasses(db, ctx) };
    },
  });

  // Who the admin may name class teacher: the school's teachers, coaches and administrators.
  app.route({
    ...fromContract(app, api.classTeachers),
    onRequest: canManageAll,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { teachers: await listClassTeacherCandidates(db, ctx.organizationId) };
    },
  });

  app.route({
    ...fromContract(app, api.setClassTeacher),
    onRequest: canManageAll,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return setClassTeacher(db, ctx, request.params.classId, request.body.userId);
    },
  });

  app.route({
    ...fromContract(app, api.today),
    onRequest: canView,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return getDayOverview(db, ctx, request.query.date ?? schoolToday());
    },
  });

  // The register read checks the session in its own statement, one round trip (docs/decisions/007-school-scale-on-two-cores.md;
  // sessionInStatement: with parameters that would fail validation, the guards check it first).
  const lookup = app.sessionLookup;
  const registerParams = api.register.params;
  const registerSession = sessionInStatement(
    lookup,
    (request) => registerParams.safeParse(request.params).success,
    canView,
  );
  app.route({
    ...fromContract(app, api.register),
    onRequest: registerSession.onRequest,
    handler: async (request, reply) => {
      const { classId, date } = request.params;
      const token = registerSession.token(request);
      if (lookup && token) {
        // The answer as JSON text (PostgreSQL writes its rows), sent as it is: Fastify passes a
        // string by without the response schema, so the contract costs this hot read nothing.
        // registerBodyForSession writes the fields the contract names; the API tests compare both paths.
        const body = await registerBodyForSession(
          db,
          token,
          async (row) => {
            await registerSession.applyPolicy(request, reply, row, token);
            return schoolOf(request);
          },
          classId,
          date,
        );
        return reply.type('application/json; charset=utf-8').send(body as never);
      }
      const ctx = schoolOf(request);
      return { register: await getRegister(db, ctx, classId, date) };
    },
  });

  // The save is one statement (register.ts, saveRegister) given the caller its policy resolved;
  // the policy reuses a session read of the last few seconds, so a save is one round trip.
  const canSave = schoolPolicy(VIEW_ATTENDANCE, { sessionReadWithinMs: HOT_ROUTE_SESSION_READ_MS });
  app.route({
    ...fromContract(app, api.saveRegister),
    onRequest: canSave,
    handler: async (request) => {
      const { classId, date } = request.params;
      const { marks } = request.body;
      const refusal = saveRefusal(date, marks);
      if (refusal) throw refusal;
      // The register is not read again: the page reloads what the save touched (useSaveRegister).
      return {
        result: await saveRegister(app, schoolOf(request), classId, date, marks, () => schoolOfAfresh(request)),
      };
    },
  });

  app.route({
    ...fromContract(app, api.month),
    onRequest: canView,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { month: await getClassMonth(db, ctx, request.params.classId, request.query.month) };
    },
  });

  app.route({
    ...fromContract(app, api.learnerHistory),
    onRequest: canView,
    handler: async (request) => {
      const ctx = schoolOf(request);
      const { from, to } = range(request.query, 90);
      return { history: await getLearnerHistory(db, ctx, request.params.learnerId, from, to) };
    },
  });

  app.route({
    ...fromContract(app, api.rates),
    onRequest: canView,
    handler: async (request) => {
      const ctx = schoolOf(request);
      const { from, to } = range(request.query);
      return { from, to, grades: await getGradeRates(db, ctx, from, to) };
    },
  });

  // The Reports page (view_reports): the period's rates and chronic absentees, on screen, as CSV and as PDF.
  const canReport = requireSchoolPermission('view_reports');
  app.route({
    ...fromContract(app, api.report),
    onRequest: canReport,
    handler: async (request) => attendanceReport(reports, schoolOf(request), reportPeriod(request.query)),
  });

  app.route({
    ...fromContract(app, api.absenteesCsv),
    onRequest: canReport,
    handler: async (request, reply) => {
      const period = reportPeriod(request.query);
      const csv = await absenteesCsv(db, schoolOf(request), period, reports);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="chronic-absentees-${period.from}-to-${period.to}.csv"`)
        .header('cache-control', 'no-store')
        .send('\uFEFF' + csv);
    },
  });

  app.route({
    ...fromContract(app, api.reportPdf),
    onRequest: canReport,
    handler: async (request, reply) => {
      const period = reportPeriod(request.query);
      const pdf = await attendanceReportPdf(db, schoolOf(request), period, reports);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="attendance-report-${period.from}-to-${period.to}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  });

  app.route({
    ...fromContract(app, api.export),
    onRequest: canView,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      const { from, to } = range(request.query);
      const csv = await exportAttendance(db, ctx, { from, to, classId: request.query.classId }, reports);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="attendance-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send('\uFEFF' + csv);
    },
  });

  /** The parent dashboard's notice: the signed-in guardian's children's recent absences. */
  app.route({
    ...fromContract(app, api.myChildrenAbsences),
    onRequest: requireRole('parent'),
    handler: async (request) => {
      const user = (await getSessionUser(request))!;
      const today = schoolToday();
      const since = daysBefore(today, ABSENCE_NOTICE_DAYS - 1);
      return { absences: await listMyChildrenAbsences(db, user.id, since, today) };
    },
  });
};
