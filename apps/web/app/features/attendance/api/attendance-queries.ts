import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAttendanceRegisterSave } from '@sekolo/shared/schemas/attendance';
import { attendanceContracts as attendance } from '@sekolo/shared/contracts/academics';
import { call, isSavedMeanwhile, urlOf } from '~/lib/api-client';

/** The attendance API, prefix /api/school/attendance. */
export const ATTENDANCE_KEY = ['attendance'] as const;

export const attendanceClassesQuery = queryOptions({
  queryKey: [...ATTENDANCE_KEY, 'classes'],
  queryFn: () => call(attendance.classes).then((a) => a.classes),
});

export const todayOverviewQuery = (date: string) =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'today', date],
    queryFn: () => call(attendance.today, { query: { date } }),
  });

export const registerQuery = (classId: string, date: string) =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'register', classId, date],
    queryFn: () => call(attendance.register, { params: { classId, date } }).then((a) => a.register),
  });

export const classMonthQuery = (classId: string, month: string) =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'month', classId, month],
    queryFn: () => call(attendance.month, { params: { classId }, query: { month } }).then((a) => a.month),
  });

export const gradeRatesQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'rates', from, to],
    // The whole answer: the period the server counted (to today at the latest) goes with the rates.
    queryFn: () => call(attendance.rates, { query: { from, to } }),
  });

export const myChildrenAbsencesQuery = queryOptions({
  queryKey: [...ATTENDANCE_KEY, 'my-children-absences'],
  queryFn: () => call(attendance.myChildrenAbsences).then((a) => a.absences),
});

export function attendanceExportUrl(input: { from: string; to: string; classId?: string }): string {
  return urlOf(attendance.export, { query: { from: input.from, to: input.to, classId: input.classId || undefined } });
}

export function useSaveRegister(classId: string, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (marks: TAttendanceRegisterSave['marks']) =>
      call(attendance.saveRegister, { params: { classId, date }, body: { marks } }),
    // The register on screen, the day and the month are read again: the save answers its counts only.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ATTENDANCE_KEY }),
    // Refused because someone else saved the register meanwhile: it is read again, and the editor
    // merges the newer reading (not awaited, so the refusal's message is shown first).
    onError: (error) => {
      if (isSavedMeanwhile(error))
        void queryClient.refetchQueries({ queryKey: registerQuery(classId, date).queryKey, exact: true });
    },
  });
}
