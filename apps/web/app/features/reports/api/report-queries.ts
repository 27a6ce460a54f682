import { queryOptions } from '@tanstack/react-query';
import type { TAttendanceReportQuery } from '@sekolo/shared/schemas/attendance';
import { attendanceContracts as attendance } from '@sekolo/shared/contracts/academics';
import { assessmentContracts as assessment } from '@sekolo/shared/contracts/academics-assessment';
import { call, urlOf } from '~/lib/api-client';

/** The Reports page's data (view_reports): attendance of a period, and the marks of a term. */
export const REPORTS_KEY = ['reports'] as const;

export const attendanceReportQuery = (query: TAttendanceReportQuery) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'attendance', query],
    queryFn: () => call(attendance.report, { query }),
  });

export const attendanceReportFiles = (query: TAttendanceReportQuery) => ({
  absenteesCsv: urlOf(attendance.absenteesCsv, { query }),
  pdf: urlOf(attendance.reportPdf, { query }),
});

export const markDistributionsQuery = (year: number, term: number) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'distributions', year, term],
    queryFn: () => call(assessment.markDistributions, { query: { year, term } }).then((a) => a.classes),
  });

export const atRiskQuery = (year: number, term: number) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'at-risk', year, term],
    queryFn: () => call(assessment.atRisk, { query: { year, term } }).then((a) => a.learners),
  });

export const markScheduleUrl = (subjectClassId: string, year: number, term: number) =>
  urlOf(assessment.markSchedule, { params: { id: subjectClassId }, query: { year, term } });
