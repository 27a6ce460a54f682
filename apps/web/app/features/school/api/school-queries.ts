import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TGuardianValues,
  TLearnerImportLine,
  TLearnerImportProgress,
  TLearnerImportReport,
  TLearnerListQuery,
  TLearnerRestoreInput,
  TLearnerValues,
  TRegisterClassInput,
  TStaffInviteInput,
  TStaffRoleInput,
} from '@sekolo/shared/schemas/school';
import { SCHOOL_MESSAGES } from '@sekolo/shared/schemas/school';
import { pathOf } from '@sekolo/shared/contracts/contract';
import { peopleContracts } from '@sekolo/shared/contracts/people';
import { attendanceContracts as attendance } from '@sekolo/shared/contracts/academics';
import { ApiError, apiPostLines, call, isNoAnswer, isSavedMeanwhile, urlOf } from '~/lib/api-client';

/** The school API, prefix /api/school. Every key starts with 'school' so one invalidation refreshes all. */
export const SCHOOL_KEY = ['school'] as const;

export type { TMyChild } from '@sekolo/shared/schemas/family';

/** A list query without its blank filters: the URL names only what narrows the list. */
function withoutBlanks<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<T>;
}

/**
 * The CSV export of what the list shows: its filters, search and sort (the server reads them as the
 * list does), not the page or its cursors.
 */
export function learnersExportUrl(
  query: Pick<TLearnerListQuery, 'q' | 'grade' | 'classId' | 'status' | 'consent' | 'sort' | 'dir'>,
) {
  return urlOf(peopleContracts.exportLearners, { query: withoutBlanks(query) });
}

export const schoolOverviewQuery = queryOptions({
  queryKey: [...SCHOOL_KEY, 'overview'],
  queryFn: () => call(peopleContracts.overview, { query: {} }),
});

export const registerClassesQuery = queryOptions({
  queryKey: [...SCHOOL_KEY, 'classes'],
  queryFn: () => call(peopleContracts.listClasses).then((answer) => answer.classes),
});

export function useLearnersPage(query: TLearnerListQuery & { cursor?: string }) {
  return useQuery({
    queryKey: [...SCHOOL_KEY, 'learners', query],
    queryFn: () => call(peopleContracts.listLearners, { query: withoutBlanks(query) }),
    placeholderData: keepPreviousData,
  });
}

const learnerQueryKey = (id: string | undefined) => [...SCHOOL_KEY, 'learner', id];

export function useLearner(id: string | undefined) {
  return useQuery({
    queryKey: learnerQueryKey(id),
    // Without the ID for a reader who does not manage learners (LEARNER_MANAGER_ONLY_FIELDS).
    queryFn: () =>
      call(peopleContracts.getLearner, { params: { learnerId: id ?? '' } }).then((answer) => answer.learner),
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
    call(peopleContracts.createLearner, { body: input }).then((answer) => answer.learner),
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
      call(
        peopleContracts.updateLearner,
        { params: { learnerId: id }, body: values },
        { headers: { 'If-Match': `"${basedOn}"` } },
      ).then((answer) => answer.learner),
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
    (archived
      ? call(peopleContracts.archiveLearner, { params: { learnerId: id } })
      : call(peopleContracts.restoreLearner, { params: { learnerId: id }, body: undefined })
    ).then((answer) => answer.learner),
  );
}

/** Restore an archived learner: back in their class's registers from `registerClassSince` (today when blank). */
export function useRestoreLearner(id: string) {
  return useSchoolMutation((input: TLearnerRestoreInput) =>
    call(peopleContracts.restoreLearner, { params: { learnerId: id }, body: input }).then((answer) => answer.learner),
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
        await apiPostLines(
          pathOf(peopleContracts.importLearners),
          { csv: input.csv, mode: input.mode },
          (line: TLearnerImportLine) => {
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
    call(peopleContracts.createClass, { body: input }).then((answer) => answer.class),
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
    call(peopleContracts.updateClass, { params: { classId: id }, body: input }).then((answer) => answer.class),
  );
}

/** Deletes a class; the server refuses one with learners, registers or subject classes, saying what to do. */
export function useDeleteRegisterClass() {
  return useClassMutation((id: string) => call(peopleContracts.deleteClass, { params: { classId: id } }));
}

/** Who the admin may name class teacher (attendance module: teachers, coaches, administrators). */
export const classTeacherCandidatesQuery = queryOptions({
  queryKey: [...SCHOOL_KEY, 'class-teachers'],
  queryFn: () => call(attendance.classTeachers).then((answer) => answer.teachers),
});

/** Names (or clears, with null) the class teacher who marks a class's register. */
export function useSetClassTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { classId: string; userId: string | null }) =>
      call(attendance.setClassTeacher, { params: { classId: input.classId }, body: { userId: input.userId } }),
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
    queryFn: () => call(peopleContracts.listGuardians, { params: { learnerId } }).then((a) => a.guardians),
  });
}

export function useLinkGuardian(learnerId: string) {
  return useSchoolMutation((input: TGuardianValues) =>
    call(peopleContracts.linkGuardian, { params: { learnerId }, body: input }).then((a) => a.guardians),
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
      // `invitationWithdrawn`: the link mailed to the old address of an invitation nobody took up stops working.
      call(
        peopleContracts.updateGuardian,
        { params: { learnerId, guardianId }, body: values },
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
    call(peopleContracts.unlinkGuardian, { params: { learnerId, guardianId } }).then((a) => a.guardians),
  );
}

export function useInviteGuardian(learnerId: string) {
  return useSchoolMutation((guardianId: string) =>
    call(peopleContracts.inviteGuardian, { params: { learnerId, guardianId } }),
  );
}

export const myChildrenQuery = queryOptions({
  queryKey: [...SCHOOL_KEY, 'my-children'],
  queryFn: () => call(peopleContracts.myChildren).then((a) => a.children),
});

export const staffQuery = queryOptions({
  queryKey: [...SCHOOL_KEY, 'staff'],
  queryFn: () => call(peopleContracts.listStaff).then((a) => a.staff),
});

export function useInviteStaff() {
  return useSchoolMutation((input: TStaffInviteInput) =>
    call(peopleContracts.inviteStaff, { body: input }).then((a) => a.member),
  );
}

/** A fresh set-password link for a staff member who has not chosen a password yet. */
export function useReinviteStaff() {
  return useSchoolMutation((userId: string) =>
    call(peopleContracts.reinviteStaff, { params: { userId } }).then((a) => a.member),
  );
}

/** `clearedClasses`: the classes whose class teacher the new role cannot be (they have none now). */
export function useChangeStaffRole() {
  return useSchoolMutation((input: { userId: string } & TStaffRoleInput) =>
    call(peopleContracts.changeStaffRole, { params: { userId: input.userId }, body: { role: input.role } }),
  );
}

/** Removes a staff member from the school: their access ends at once (removeStaff on the server). */
export function useRemoveStaff() {
  return useSchoolMutation((userId: string) =>
    call(peopleContracts.removeStaff, { params: { userId } }).then((a) => a.removed),
  );
}
