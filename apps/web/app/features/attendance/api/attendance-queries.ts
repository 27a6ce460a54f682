import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TAttendanceClass,
  TChildAbsence,
  TClassMonth,
  TGradeRates,
  TAttendanceRegisterSave,
  TRegister,
  TRegisterSaveResult,
  TTodayOverview,
} from '@sekolo/shared/schemas/attendance';
import { api, isSavedMeanwhile } from '~/lib/api-client';

/** The attendance API (issue 6), prefix /api/school/attendance. */
export const ATTENDANCE_KEY = ['attendance'] as const;
const BASE = '/api/school/attendance';

export const attendanceClassesQuery = queryOptions({
  queryKey: [...ATTENDANCE_KEY, 'classes'],
  queryFn: () => api.get<{ classes: TAttendanceClass[] }>(`${BASE}/classes`).then((a) => a.classes),
});

export const todayOverviewQuery = (date: string) =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'today', date],
    queryFn: () => api.get<TTodayOverview>(`${BASE}/today?date=${date}`),
  });

export const registerQuery = (classId: string, date: string) =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'register', classId, date],
    queryFn: () =>
      api.get<{ register: TRegister }>(`${BASE}/classes/${classId}/register/${date}`).then((a) => a.register),
  });

export const classMonthQuery = (classId: string, month: string) =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'month', classId, month],
    queryFn: () =>
      api.get<{ month: TClassMonth }>(`${BASE}/classes/${classId}/month?month=${month}`).then((a) => a.month),
  });

export const gradeRatesQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'rates', from, to],
    // The whole answer: the period the server counted (to today at the latest) goes with the rates.
    queryFn: () => api.get<TGradeRates>(`${BASE}/rates?from=${from}&to=${to}`),
  });

export const myChildrenAbsencesQuery = queryOptions({
  queryKey: [...ATTENDANCE_KEY, 'my-children-absences'],
  queryFn: () => api.get<{ absences: TChildAbsence[] }>(`${BASE}/my-children/absences`).then((a) => a.absences),
});

export function attendanceExportUrl(input: { from: string; to: string; classId?: string }): string {
  const params = new URLSearchParams({ from: input.from, to: input.to });
  if (input.classId) params.set('classId', input.classId);
  return `${BASE}/export.csv?${params.toString()}`;
}

export type TSaveRegisterResult = { result: TRegisterSaveResult };

export function useSaveRegister(classId: string, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (marks: TAttendanceRegisterSave['marks']) =>
      api.put<TSaveRegisterResult>(`${BASE}/classes/${classId}/register/${date}`, { marks }),
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
