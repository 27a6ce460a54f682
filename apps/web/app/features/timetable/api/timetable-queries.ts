import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TLessonInput,
  TPeriodInput,
  TRoomInput,
  TSubjectClassInput,
  TSubjectClassUpdateInput,
  TTermsInput,
  TTimetableViewKind,
} from '@sekolo/shared/schemas/timetable';
import { timetableContracts as timetable } from '@sekolo/shared/contracts/academics';
import { call } from '~/lib/api-client';

/** The timetable API, prefix /api/school/timetable. */
export const TIMETABLE_KEY = ['timetable'] as const;

export const timetableSetupQuery = queryOptions({
  queryKey: [...TIMETABLE_KEY, 'setup'],
  queryFn: () => call(timetable.setup),
});

/** The signed-in teacher's lessons of the day and the registers they mark (teacher dashboard). */
export const teachingTodayQuery = (date: string) =>
  queryOptions({
    queryKey: [...TIMETABLE_KEY, 'teaching-today', date],
    queryFn: () => call(timetable.teachingToday, { query: { date } }).then((a) => a.today),
  });

export function useTimetableView(kind: TTimetableViewKind, id: string | undefined) {
  return useQuery({
    queryKey: [...TIMETABLE_KEY, 'view', kind, id],
    queryFn: () => call(timetable.view, { query: { kind, id: id! } }).then((answer) => answer.timetable),
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
  useTimetableMutation((input: TPeriodInput) => call(timetable.createPeriod, { body: input }).then((a) => a.period));
export const useCreateRoom = () =>
  useTimetableMutation((input: TRoomInput) => call(timetable.createRoom, { body: input }).then((a) => a.room));
export const useCreateSubjectClass = () =>
  useTimetableMutation((input: TSubjectClassInput) =>
    call(timetable.createSubjectClass, { body: input }).then((a) => a.subjectClass),
  );
/** Hands a subject class to another teacher or renames its group; its lessons go with it. */
export const useUpdateSubjectClass = () =>
  useTimetableMutation(({ id, ...input }: TSubjectClassUpdateInput & { id: string }) =>
    call(timetable.updateSubjectClass, { params: { id }, body: input }).then((a) => a.subjectClass),
  );
export const useCreateLesson = () =>
  useTimetableMutation((input: TLessonInput) => call(timetable.createLesson, { body: input }).then((a) => a.lesson));

/** Who is in a subject class (its register class's learners, or the chosen ones). */
export function useSubjectClassLearners(id: string | undefined) {
  return useQuery({
    queryKey: [...TIMETABLE_KEY, 'subject-class-learners', id],
    queryFn: () => call(timetable.subjectClassLearners, { params: { id: id! } }),
    enabled: Boolean(id),
  });
}

/** One page of the grade's active learners matching the search, for the learner picker. */
export function useEligibleLearners(registerClassId: string | undefined, search: string, limit = 100) {
  return useQuery({
    queryKey: [...TIMETABLE_KEY, 'eligible-learners', registerClassId, search, limit],
    queryFn: () =>
      call(timetable.eligibleLearners, { query: { registerClassId: registerClassId!, search, limit } }).then(
        (a) => a.eligible,
      ),
    enabled: Boolean(registerClassId),
    placeholderData: (previous) => previous,
  });
}

export const useAddSubjectClassLearners = () =>
  useTimetableMutation(({ id, learnerIds }: { id: string; learnerIds: string[] }) =>
    call(timetable.addSubjectClassLearners, { params: { id }, body: { learnerIds } }),
  );
export const useSetSubjectClassLearners = () =>
  useTimetableMutation(({ id, learnerIds }: { id: string; learnerIds: string[] }) =>
    call(timetable.setSubjectClassLearners, { params: { id }, body: { learnerIds } }),
  );
export const useRemoveSubjectClassLearner = () =>
  useTimetableMutation(({ id, learnerId }: { id: string; learnerId: string }) =>
    call(timetable.removeSubjectClassLearner, { params: { id, learnerId } }),
  );

const DELETES = {
  room: timetable.deleteRoom,
  subjectClass: timetable.deleteSubjectClass,
  lesson: timetable.deleteLesson,
} as const;
export const useDeleteTimetableItem = () =>
  useTimetableMutation(({ kind, id }: { kind: keyof typeof DELETES; id: string }) =>
    call(DELETES[kind], { params: { id } }),
  );

/**
 * Removes a period of the bell schedule. One with lessons needs `withLessons` (the editor asks
 * first): without it the server refuses (409 PERIOD_HAS_LESSONS), so nothing is deleted unasked.
 */
export function useDeletePeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, withLessons }: { id: string; withLessons: boolean }) =>
      call(timetable.deletePeriod, { params: { id }, query: { withLessons: withLessons ? '1' : undefined } }),
    // A refusal too: the list read again has the period's lessons, so the next click asks.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: TIMETABLE_KEY });
    },
  });
}

export type { TSchoolYearTerms } from '@sekolo/shared/schemas/timetable';

export function useTerms(year: number) {
  return useQuery({
    queryKey: [...TIMETABLE_KEY, 'terms', year],
    queryFn: () => call(timetable.terms, { query: { year } }).then((a) => a.calendar),
  });
}

export const useSaveTerms = () =>
  useTimetableMutation((input: TTermsInput) => call(timetable.saveTerms, { body: input }).then((a) => a.calendar));
