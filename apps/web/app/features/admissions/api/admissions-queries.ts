import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { admissionsContracts as admissions } from '@sekolo/shared/contracts/admissions';
import type {
  TAdmissionAccountInput,
  TAdmissionRoundInput,
  TAdmissionStatus,
  TApplicationDetail,
  TApplicationDraftInput,
  TDocumentRequestInput,
  TEnrolInput,
  TSchoolApplicationDetail,
  TStartApplicationInput,
  TStatusChangeInput,
} from '@sekolo/shared/schemas/admissions';
import type { TSchoolGrade } from '@sekolo/shared/constants/enumerations';
import { call, urlOf } from '~/lib/api-client';

/** Admissions: a school's public rounds, the guardian's applications, and the school's review. */
export const ADMISSIONS_KEY = ['admissions'] as const;
export const MY_APPLICATIONS_KEY = ['my-applications'] as const;

export const publicRoundsQuery = (slug: string) =>
  queryOptions({
    queryKey: [...ADMISSIONS_KEY, 'public', slug],
    queryFn: () => call(admissions.publicRounds, { params: { slug } }),
  });

export const myApplicationsQuery = queryOptions({
  queryKey: MY_APPLICATIONS_KEY,
  queryFn: () => call(admissions.myApplications).then((a) => a.applications),
});

export const myApplicationQuery = (applicationId: string) =>
  queryOptions({
    queryKey: [...MY_APPLICATIONS_KEY, applicationId],
    queryFn: () => call(admissions.myApplication, { params: { applicationId } }).then((a) => a.application),
  });

export const roundsQuery = queryOptions({
  queryKey: [...ADMISSIONS_KEY, 'rounds'],
  queryFn: () => call(admissions.rounds),
});

export type TApplicationFilter = { roundId?: string; grade?: TSchoolGrade; status?: TAdmissionStatus; search?: string };

export const applicationsQuery = (filter: TApplicationFilter) =>
  queryOptions({
    queryKey: [...ADMISSIONS_KEY, 'applications', filter],
    queryFn: () => call(admissions.applications, { query: filter }).then((a) => a.applications),
  });

export const applicationsCsvUrl = (filter: TApplicationFilter) =>
  urlOf(admissions.exportApplications, { query: filter });

export const schoolApplicationQuery = (applicationId: string) =>
  queryOptions({
    queryKey: [...ADMISSIONS_KEY, 'application', applicationId],
    queryFn: () => call(admissions.application, { params: { applicationId } }).then((a) => a.application),
  });

export function createAccount(body: TAdmissionAccountInput) {
  return call(admissions.createAccount, { body });
}

export function useStartApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStartApplicationInput) =>
      call(admissions.startApplication, { body }).then((a) => a.application),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_APPLICATIONS_KEY }),
  });
}

/** A guardian's act on their application; the answer is the application as it now stands. */
export function useMyApplicationAction(applicationId: string) {
  const queryClient = useQueryClient();
  const settle = (application: TApplicationDetail) => {
    queryClient.setQueryData(myApplicationQuery(applicationId).queryKey, application);
    void queryClient.invalidateQueries({ queryKey: MY_APPLICATIONS_KEY, exact: true });
    return application;
  };
  const params = { applicationId };
  return {
    save: (body: TApplicationDraftInput) =>
      call(admissions.saveDraft, { params, body }).then((a) => settle(a.application)),
    addDocument: (body: { documentKey: string; uploadId: string; requestId?: string | null }) =>
      call(admissions.addDocument, { params, body }).then((a) => settle(a.application)),
    removeDocument: (documentId: string) =>
      call(admissions.removeDocument, { params: { applicationId, documentId } }).then((a) => settle(a.application)),
    submit: () => call(admissions.submit, { params }).then((a) => settle(a.application)),
    accept: () => call(admissions.acceptOffer, { params }).then((a) => settle(a.application)),
    decline: () => call(admissions.declineOffer, { params }).then((a) => settle(a.application)),
    remove: () =>
      call(admissions.deleteDraft, { params }).then(() =>
        queryClient.invalidateQueries({ queryKey: MY_APPLICATIONS_KEY }),
      ),
  };
}

export function useRoundMutations() {
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: ADMISSIONS_KEY });
  return {
    create: (body: TAdmissionRoundInput) =>
      call(admissions.createRound, { body }).then(async (a) => (await done(), a.round)),
    update: (roundId: string, body: TAdmissionRoundInput) =>
      call(admissions.updateRound, { params: { roundId }, body }).then(async (a) => (await done(), a.round)),
  };
}

/** The school's acts on applications; each refreshes what the screens show. */
export function useReviewActions() {
  const queryClient = useQueryClient();
  const settle = (application: TSchoolApplicationDetail) => {
    queryClient.setQueryData(schoolApplicationQuery(application.id).queryKey, application);
    void queryClient.invalidateQueries({ queryKey: [...ADMISSIONS_KEY, 'applications'] });
    void queryClient.invalidateQueries({ queryKey: [...ADMISSIONS_KEY, 'rounds'] });
    return application;
  };
  return {
    changeStatus: async (body: TStatusChangeInput) => {
      const answer = await call(admissions.changeStatus, { body });
      await queryClient.invalidateQueries({ queryKey: ADMISSIONS_KEY });
      return answer.changed;
    },
    addNote: (applicationId: string, body: string) =>
      call(admissions.addNote, { params: { applicationId }, body: { body } }).then((a) => settle(a.application)),
    requestDocument: (applicationId: string, body: TDocumentRequestInput) =>
      call(admissions.requestDocument, { params: { applicationId }, body }).then((a) => settle(a.application)),
    moveOnWaitlist: (applicationId: string, position: number) =>
      call(admissions.moveOnWaitlist, { params: { applicationId }, body: { position } }).then((a) =>
        settle(a.application),
      ),
    enrol: (applicationId: string, body: TEnrolInput) =>
      call(admissions.enrol, { params: { applicationId }, body }).then((a) => {
        settle(a.application);
        return a.learnerId;
      }),
  };
}
