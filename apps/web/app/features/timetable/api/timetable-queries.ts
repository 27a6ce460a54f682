import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TEligibleLearners,
  TLesson,
  TLessonInput,
  TPeriod,
  TPeriodInput,
  TRoom,
  TRoomInput,
  TSubjectClass,
  TSubjectClassInput,
  TSubjectClassLearners,
  TSubjectClassUpdateInput,
  TTeachingToday,
  TTermsInput,
  TTimetableSetup,
  TTimetableView,
  TTimetableViewKind,
} from '@sekolo/shared/schemas/timetable';
import { api } from '~/lib/api-client';

/** The timetable API (issue 6), prefix /api/school/timetable. */
export const TIMETABLE_KEY = ['timetable'] as const;
const BASE = '/api/school/timetable';

export type TSetupAnswer =
  { setup: TTimetableSetup; classes?: undefined } | { setup: null; classes: { id: string; name: string }[] };

export const timetableSetupQuery = queryOptions({
  queryKey: [...TIMETABLE_KEY, 'setup'],
  queryFn: () => api.get<TSetupAnswer>(`${BASE}/setup`),
});

/** The signed-in teacher's lessons of the day and the registers they mark (teacher dashboard). */
export const teachingTodayQuery = (date: string) =>
  queryOptions({
    queryKey: [...TIMETABLE_KEY, 'teaching-today', date],
    queryFn: () => api.get<{ today: TTeachingToday }>(`${BASE}/teaching-today?date=${date}`).then((a) => a.today),
  });

export function useTimetableView(kind: TTimetableViewKind, id: string | undefined) {
  return useQuery({
    queryKey: [...TIMETABLE_KEY, 'view', kind, id],
    queryFn: () =>
      api
        .get<{ timetable: TTimetableView }>(`${BASE}/view?kind=${kind}&id=${encodeURIComponent(id!)}`)
        .then((answer) => answer.timetable),
    enabled: Boolean(id),
  });
}

function useTimetableMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  // Not awaited: the form resets as soon as the server has answered, before the lists refresh, so a
  // choice made in the form right after the new row appears is never wiped by a late reset.
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: TIMETABLE_KEY });
    },
  });
}

export const useCreatePeriod = () =>
  useTimetableMutation((input: TPeriodInput) =>
    api.post<{ period: TPeriod }>(`${BASE}/periods`, input).then((a) => a.period),
  );
export const useCreateRoom = () =>
  useTimetableMutation((input: TRoomInput) => api.post<{ room: TRoom }>(`${BASE}/rooms`, input).then((a) => a.room));
export const useCreateSubjectClass = () =>
  useTimetableMutation((input: TSubjectClassInput) =>
    api.post<{ subjectClass: TSubjectClass }>(`${BASE}/subject-classes`, input).then((a) => a.subjectClass),
  );
/** Hands a subject class to another teacher or renames its group; its lessons go with it. */
export const useUpdateSubjectClass = () =>
  useTimetableMutation(({ id, ...input }: TSubjectClassUpdateInput & { id: string }) =>
    api.put<{ subjectClass: TSubjectClass }>(`${BASE}/subject-classes/${id}`, input).then((a) => a.subjectClass),
  );
export const useCreateLesson = () =>
  useTimetableMutation((input: TLessonInput) =>
    api.post<{ lesson: TLesson }>(`${BASE}/lessons`, input).then((a) => a.lesson),
  );

/** Who is in a subject class (its register class's learners, or the chosen ones). */
export function useSubjectClassLearners(id: string | undefined) {
  return useQuery({
    queryKey: [...TIMETABLE_KEY, 'subject-class-learners', id],
    queryFn: () => api.get<TSubjectClassLearners>(`${BASE}/subject-classes/${id}/learners`),
    enabled: Boolean(id),
  });
}

/** One page of the grade's active learners matching the search, for the learner picker. */
export function useEligibleLearners(registerClassId: string | undefined, search: string, limit = 100) {
  return useQuery({
    queryKey: [...TIMETABLE_KEY, 'eligible-learners', registerClassId, search, limit],
    queryFn: () => {
      const query = new URLSearchParams({ registerClassId: registerClassId!, search, limit: String(limit) });
      return api.get<{ eligible: TEligibleLearners }>(`${BASE}/eligible-learners?${query}`).then((a) => a.eligible);
    },
    enabled: Boolean(registerClassId),
    placeholderData: (previous) => previous,
  });
}

type TLearnersChange = TSubjectClassLearners & { added: number; removed: number };
export const useAddSubjectClassLearners = () =>
  useTimetableMutation(({ id, learnerIds }: { id: string; learnerIds: string[] }) =>
    api.post<TLearnersChange>(`${BASE}/subject-classes/${id}/learners`, { learnerIds }),
  );
export const useSetSubjectClassLearners = () =>
  useTimetableMutation(({ id, learnerIds }: { id: string; learnerIds: string[] }) =>
    api.put<TLearnersChange>(`${BASE}/subject-classes/${id}/learners`, { learnerIds }),
  );
export const useRemoveSubjectClassLearner = () =>
  useTimetableMutation(({ id, learnerId }: { id: string; learnerId: string }) =>
    api.delete<{ removed: boolean }>(`${BASE}/subject-classes/${id}/learners/${learnerId}`),
  );

const PATHS = { room: 'rooms', subjectClass: 'subject-classes', lesson: 'lessons' } as const;
export const useDeleteTimetableItem = () =>
  useTimetableMutation(({ kind, id }: { kind: keyof typeof PATHS; id: string }) =>
    api.delete(`${BASE}/${PATHS[kind]}/${id}`),
  );

/**
 * Removes a period of the bell schedule. One with lessons needs `withLessons` (the editor asks
 * first): without it the server refuses (409 PERIOD_HAS_LESSONS), so nothing is deleted unasked.
 */
export function useDeletePeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, withLessons }: { id: string; withLessons: boolean }) =>
      api.delete<{ deleted: true; lessons: number }>(`${BASE}/periods/${id}${withLessons ? '?withLessons=1' : ''}`),
    // A refusal too: the list read again has the period's lessons, so the next click asks.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: TIMETABLE_KEY });
    },
  });
}

export type TSchoolYearTerms = {
  year: number;
  provisional: boolean;
  source: 'school' | 'default' | 'none';
  terms: { term: number; startsOn: string; endsOn: string }[];
};

export function useTerms(year: number) {
  return useQuery({
    queryKey: [...TIMETABLE_KEY, 'terms', year],
    queryFn: () => api.get<{ calendar: TSchoolYearTerms }>(`${BASE}/terms?year=${year}`).then((a) => a.calendar),
  });
}

export const useSaveTerms = () =>
  useTimetableMutation((input: TTermsInput) =>
    api.put<{ calendar: TSchoolYearTerms }>(`${BASE}/terms`, input).then((a) => a.calendar),
  );
