import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TGuardianValues,
  TLearner,
  TLearnerGuardian,
  TLearnerImportLine,
  TLearnerImportProgress,
  TLearnerImportReport,
  TLearnerListPage,
  TLearnerListQuery,
  TLearnerRecord,
  TLearnerRestoreInput,
  TLearnerValues,
  TRegisterClass,
  TRegisterClassInput,
  TSchoolOverview,
  TStaffInviteInput,
  TStaffMember,
  TStaffRemoval,
} from '@sekolo/shared/schemas/school';
import { SCHOOL_MESSAGES } from '@sekolo/shared/schemas/school';
import { api, ApiError, apiPostLines, isNoAnswer, isSavedMeanwhile } from '~/lib/api-client';

/** The school API (issue 6), prefix /api/school. Every key starts with 'school' so one invalidation refreshes all. */
export const SCHOOL_KEY = ['school'] as const;

/**
 * The CSV export of what the list shows: its filters, search and sort (the server reads them as the
 * list does), not the page or its cursors.
 */
export function learnersExportUrl(
  query: Pick<TLearnerListQuery, 'q' | 'grade' | 'classId' | 'status' | 'consent' | 'sort' | 'dir'>,
) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `/api/school/learners/export.csv${search ? `?${search}` : ''}`;
}

export const schoolOverviewQuery = queryOptions({
  queryKey: [...SCHOOL_KEY, 'overview'],
  queryFn: () => api.get<TSchoolOverview>('/api/school/overview'),
});

export const registerClassesQuery = queryOptions({
  queryKey: [...SCHOOL_KEY, 'classes'],
  queryFn: () => api.get<{ classes: TRegisterClass[] }>('/api/school/classes').then((answer) => answer.classes),
});

function learnersUrl(query: TLearnerListQuery & { cursor?: string }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `/api/school/learners?${params.toString()}`;
}

export function useLearnersPage(query: TLearnerListQuery & { cursor?: string }) {
  return useQuery({
    queryKey: [...SCHOOL_KEY, 'learners', query],
    queryFn: () => api.get<TLearnerListPage>(learnersUrl(query)),
    placeholderData: keepPreviousData,
  });
}

const learnerQueryKey = (id: string | undefined) => [...SCHOOL_KEY, 'learner', id];

export function useLearner(id: string | undefined) {
  return useQuery({
    queryKey: learnerQueryKey(id),
    // Without the ID for a reader who does not manage learners (LEARNER_MANAGER_ONLY_FIELDS).
    queryFn: () => api.get<{ learner: TLearnerRecord }>(`/api/school/learners/${id}`).then((answer) => answer.learner),
    enabled: Boolean(id),
  });
}

function useSchoolMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHOOL_KEY }),
  });
}

export function useCreateLearner() {
  return useSchoolMutation((input: TLearnerValues) =>
    api.post<{ learner: TLearner }>('/api/school/learners', input).then((answer) => answer.learner),
  );
}

/**
 * Saves a learner's record; `basedOn` is the record's updatedAt as the form read it, sent as
 * If-Match: the server refuses (409) a save over a record someone else saved since.
 */
export function useUpdateLearner(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, basedOn }: { values: TLearnerValues; basedOn: string }) =>
      api
        .put<{ learner: TLearner }>(`/api/school/learners/${id}`, values, { headers: { 'If-Match': `"${basedOn}"` } })
        .then((answer) => answer.learner),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHOOL_KEY }),
    // Refused because someone else saved the record meanwhile: it is read again, and the form merges
    // it (not awaited, so the refusal's message is shown first).
    onError: (error) => {
      if (isSavedMeanwhile(error)) void queryClient.refetchQueries({ queryKey: learnerQueryKey(id), exact: true });
    },
  });
}

export function useSetLearnerArchived(id: string) {
  return useSchoolMutation((archived: boolean) =>
    api
      .post<{ learner: TLearner }>(`/api/school/learners/${id}/${archived ? 'archive' : 'restore'}`)
      .then((answer) => answer.learner),
  );
}

/** Restore an archived learner: back in their class's registers from `registerClassSince` (today when blank). */
export function useRestoreLearner(id: string) {
  return useSchoolMutation((input: TLearnerRestoreInput) =>
    api.post<{ learner: TLearner }>(`/api/school/learners/${id}/restore`, input).then((answer) => answer.learner),
  );
}

/**
 * Checks (then imports) a CSV file, `onProgress` hearing how far it has come: the server answers
 * a line at a time (application/x-ndjson), the report last, so a 5 000-row file shows its progress
 * on a slow connection rather than nothing for seconds.
 */
export function useImportLearners() {
  return useSchoolMutation(
    async (input: {
      csv: string;
      mode: 'check' | 'all' | 'valid_only';
      onProgress?: (progress: TLearnerImportProgress) => void;
    }) => {
      let report: TLearnerImportReport | null = null;
      let failure: ApiError | null = null;
      let started = false;
      // Lost once the server has the file: a check is simply made again, an import may have gone through.
      const interrupted = () =>
        new ApiError(
          0,
          'NETWORK_ERROR',
          input.mode === 'check' ? SCHOOL_MESSAGES.csvCheckInterrupted : SCHOOL_MESSAGES.csvImportInterrupted,
        );
      try {
        await apiPostLines<TLearnerImportLine>(
          '/api/school/learners/import',
          { csv: input.csv, mode: input.mode },
          (line) => {
            started = true;
            if ('progress' in line) input.onProgress?.(line.progress);
            else if ('report' in line) report = line.report;
            else failure = new ApiError(line.error.status, line.error.code, line.error.message, line.error.fields);
          },
        );
      } catch (error) {
        if (started && isNoAnswer(error)) throw interrupted();
        throw error;
      }
      if (failure) throw failure;
      if (!report) throw interrupted();
      return report as TLearnerImportReport;
    },
  );
}

export function useCreateRegisterClass() {
  return useSchoolMutation((input: TRegisterClassInput) =>
    api.post<{ class: TRegisterClass }>('/api/school/classes', input).then((answer) => answer.class),
  );
}

/** A class renamed or its grade corrected, or deleted: the attendance screens and the timetable name classes too. */
function useClassMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SCHOOL_KEY }),
        queryClient.invalidateQueries({ queryKey: ['attendance'] }),
        queryClient.invalidateQueries({ queryKey: ['timetable'] }),
      ]),
  });
}

export function useUpdateRegisterClass() {
  return useClassMutation(({ id, ...input }: TRegisterClassInput & { id: string }) =>
    api.put<{ class: TRegisterClass }>(`/api/school/classes/${id}`, input).then((answer) => answer.class),
  );
}

/** Deletes a class; the server refuses one with learners, registers or subject classes, saying what to do. */
export function useDeleteRegisterClass() {
  return useClassMutation((id: string) => api.delete<{ deleted: true }>(`/api/school/classes/${id}`));
}

/** Who the admin may name class teacher (attendance module: teachers, coaches, administrators). */
export type TClassTeacherCandidate = { id: string; name: string; role: string };

export const classTeacherCandidatesQuery = queryOptions({
  queryKey: [...SCHOOL_KEY, 'class-teachers'],
  queryFn: () =>
    api
      .get<{ teachers: TClassTeacherCandidate[] }>('/api/school/attendance/class-teachers')
      .then((answer) => answer.teachers),
});

/** Names (or clears, with null) the class teacher who marks a class's register. */
export function useSetClassTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { classId: string; userId: string | null }) =>
      api.put<{ classId: string; teacherId: string | null }>(
        `/api/school/attendance/classes/${input.classId}/teacher`,
        { userId: input.userId },
      ),
    // The attendance screens and the teacher dashboard show the class teacher too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SCHOOL_KEY }),
        queryClient.invalidateQueries({ queryKey: ['attendance'] }),
        queryClient.invalidateQueries({ queryKey: ['timetable'] }),
      ]),
  });
}

const learnerGuardiansKey = (learnerId: string) => [...SCHOOL_KEY, 'learner', learnerId, 'guardians'];

export function useLearnerGuardians(learnerId: string) {
  return useQuery({
    queryKey: learnerGuardiansKey(learnerId),
    queryFn: () =>
      api
        .get<{ guardians: TLearnerGuardian[] }>(`/api/school/learners/${learnerId}/guardians`)
        .then((a) => a.guardians),
  });
}

export function useLinkGuardian(learnerId: string) {
  return useSchoolMutation((input: TGuardianValues) =>
    api
      .post<{ guardians: TLearnerGuardian[] }>(`/api/school/learners/${learnerId}/guardians`, input)
      .then((a) => a.guardians),
  );
}

/**
 * Saves a guardian's contact details and their link to the learner; `basedOn` is the guardian's
 * updatedAt as the form read it, sent as If-Match: the server refuses (409) a save over one someone
 * else made since, and the list is read again for the form to merge.
 */
export function useUpdateGuardian(learnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ guardianId, values, basedOn }: { guardianId: string; values: TGuardianValues; basedOn: string }) =>
      // `invitationWithdrawn`: the link mailed to the old address of an invitation nobody took up no longer works.
      api.put<{ guardians: TLearnerGuardian[]; invitationWithdrawn: boolean }>(
        `/api/school/learners/${learnerId}/guardians/${guardianId}`,
        values,
        { headers: { 'If-Match': `"${basedOn}"` } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHOOL_KEY }),
    onError: (error) => {
      if (isSavedMeanwhile(error))
        void queryClient.refetchQueries({ queryKey: learnerGuardiansKey(learnerId), exact: true });
    },
  });
}

export function useUnlinkGuardian(learnerId: string) {
  return useSchoolMutation((guardianId: string) =>
    api
      .delete<{ guardians: TLearnerGuardian[] }>(`/api/school/learners/${learnerId}/guardians/${guardianId}`)
      .then((a) => a.guardians),
  );
}

export function useInviteGuardian(learnerId: string) {
  return useSchoolMutation((guardianId: string) =>
    api.post<{ email: string }>(`/api/school/learners/${learnerId}/guardians/${guardianId}/invite`),
  );
}

export type TMyChild = {
  id: string;
  firstName: string;
  lastName: string;
  preferredName: string;
  grade: string;
  registerClassName: string | null;
  schoolName: string;
  relation: string;
};

export const myChildrenQuery = queryOptions({
  queryKey: [...SCHOOL_KEY, 'my-children'],
  queryFn: () => api.get<{ children: TMyChild[] }>('/api/school/my-children').then((a) => a.children),
});

export const staffQuery = queryOptions({
  queryKey: [...SCHOOL_KEY, 'staff'],
  queryFn: () => api.get<{ staff: TStaffMember[] }>('/api/school/staff').then((a) => a.staff),
});

export function useInviteStaff() {
  return useSchoolMutation((input: TStaffInviteInput) =>
    api.post<{ member: TStaffMember }>('/api/school/staff', input).then((a) => a.member),
  );
}

/** A fresh set-password link for a staff member who has not chosen a password yet. */
export function useReinviteStaff() {
  return useSchoolMutation((userId: string) =>
    api.post<{ member: TStaffMember }>(`/api/school/staff/${userId}/invitation`).then((a) => a.member),
  );
}

/** `clearedClasses`: the classes whose class teacher the new role cannot be (they have none now). */
export function useChangeStaffRole() {
  return useSchoolMutation((input: { userId: string; role: string }) =>
    api.put<{ member: TStaffMember; clearedClasses: string[] }>(`/api/school/staff/${input.userId}/role`, {
      role: input.role,
    }),
  );
}

/** Removes a staff member from the school: their access ends at once (removeStaff on the server). */
export function useRemoveStaff() {
  return useSchoolMutation((userId: string) =>
    api.delete<{ removed: TStaffRemoval }>(`/api/school/staff/${userId}`).then((a) => a.removed),
  );
}
