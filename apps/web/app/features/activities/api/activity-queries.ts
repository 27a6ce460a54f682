import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { activityContracts as api } from '@sekolo/shared/contracts/activities';
import type { TActivityInput, TAttendanceInput } from '@sekolo/shared/schemas/activities';
import { call } from '~/lib/api-client';

/** Extramural activities (D25): the school's list and pages, a coach's day and registers, the families' page. */
export const ACTIVITIES_KEY = ['activities'] as const;

export const schoolActivitiesQuery = queryOptions({
  queryKey: [...ACTIVITIES_KEY, 'school'],
  queryFn: () => call(api.list),
});

export const activityDetailQuery = (activityId: string) =>
  queryOptions({
    queryKey: [...ACTIVITIES_KEY, 'detail', activityId],
    queryFn: () => call(api.detail, { params: { activityId } }),
  });

export const todaySessionsQuery = queryOptions({
  queryKey: [...ACTIVITIES_KEY, 'today'],
  queryFn: () => call(api.today),
});

export const sessionQuery = (activityId: string, date: string) =>
  queryOptions({
    queryKey: [...ACTIVITIES_KEY, 'session', activityId, date],
    queryFn: () => call(api.session, { params: { activityId, date } }),
  });

export const myActivitiesQuery = queryOptions({
  queryKey: [...ACTIVITIES_KEY, 'mine'],
  queryFn: () => call(api.mine),
});

function useInvalidating<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: ACTIVITIES_KEY }),
  });
}

export const useSaveActivity = () =>
  useInvalidating(({ activityId, body }: { activityId: string | null; body: TActivityInput }) =>
    activityId ? call(api.update, { params: { activityId }, body }) : call(api.create, { body }),
  );
export const useRemoveMember = () =>
  useInvalidating(({ activityId, learnerId }: { activityId: string; learnerId: string }) =>
    call(api.removeMember, { params: { activityId, learnerId } }),
  );
export const useMarkAttendance = () =>
  useInvalidating(({ activityId, date, body }: { activityId: string; date: string; body: TAttendanceInput }) =>
    call(api.markAttendance, { params: { activityId, date }, body }),
  );
export const useCancelSession = () =>
  useInvalidating(({ activityId, date, reason }: { activityId: string; date: string; reason: string }) =>
    call(api.cancelSession, { params: { activityId, date }, body: { reason } }),
  );
export const useSignUp = () =>
  useInvalidating(({ activityId, learnerId }: { activityId: string; learnerId: string }) =>
    call(api.signUp, { params: { activityId }, body: { learnerId } }),
  );
export const useWithdraw = () =>
  useInvalidating(({ activityId, learnerId }: { activityId: string; learnerId: string }) =>
    call(api.withdraw, { params: { activityId }, body: { learnerId } }),
  );
