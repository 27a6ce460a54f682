import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementContracts as api, smsAccountContracts as sms } from '@sekolo/shared/contracts/communication';
import type { TAnnouncementInput, TSmsAccountInput } from '@sekolo/shared/schemas/communication';
import { call } from '~/lib/api-client';

/** The school's announcements (/api/school/announcements), its SMS account, and those received. */
export const ANNOUNCEMENTS_KEY = ['announcements'] as const;

export const announcementsQuery = queryOptions({
  queryKey: [...ANNOUNCEMENTS_KEY, 'list'],
  queryFn: () => call(api.list).then((a) => a.announcements),
});
export const audienceOptionsQuery = queryOptions({
  queryKey: [...ANNOUNCEMENTS_KEY, 'audience-options'],
  queryFn: () => call(api.audienceOptions),
});
export const familiesQuery = (q: string) =>
  queryOptions({
    queryKey: [...ANNOUNCEMENTS_KEY, 'families', q],
    queryFn: () => call(api.searchFamilies, { query: { q } }).then((a) => a.families),
  });
/** One announcement with its delivery report, asked again every 3 s while it is being sent. */
export const announcementQuery = (announcementId: string) =>
  queryOptions({
    queryKey: [...ANNOUNCEMENTS_KEY, 'one', announcementId],
    queryFn: () => call(api.get, { params: { announcementId } }).then((a) => a.announcement),
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? 3000 : false),
  });
export const receivedAnnouncementsQuery = queryOptions({
  queryKey: [...ANNOUNCEMENTS_KEY, 'received'],
  queryFn: () => call(api.receivedAnnouncements).then((a) => a.announcements),
});
export const receivedAnnouncementQuery = (announcementId: string) =>
  queryOptions({
    queryKey: [...ANNOUNCEMENTS_KEY, 'received', announcementId],
    queryFn: () => call(api.receivedAnnouncement, { params: { announcementId } }).then((a) => a.announcement),
  });
export const smsAccountQuery = queryOptions({
  queryKey: [...ANNOUNCEMENTS_KEY, 'sms-account'],
  queryFn: () => call(sms.smsAccount),
});
export const optOutsQuery = queryOptions({
  queryKey: [...ANNOUNCEMENTS_KEY, 'opt-outs'],
  queryFn: () => call(sms.optOuts).then((a) => a.optOuts),
});

export function useSendAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAnnouncementInput) => call(api.create, { body }).then((a) => a.announcement),
    onSuccess: () => client.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }),
  });
}
export function useCancelAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (announcementId: string) => call(api.cancel, { params: { announcementId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }),
  });
}
export function useSaveSmsAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSmsAccountInput) => call(sms.saveSmsAccount, { body }),
    onSuccess: (answer) => {
      client.setQueryData(smsAccountQuery.queryKey, answer);
      void client.invalidateQueries({ queryKey: audienceOptionsQuery.queryKey });
    },
  });
}
export function useTestSms() {
  return useMutation({ mutationFn: (to: string) => call(sms.testSms, { body: { to } }) });
}
export function useAddOptOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) => call(sms.addOptOut, { body: { phone } }),
    onSuccess: () => client.invalidateQueries({ queryKey: optOutsQuery.queryKey }),
  });
}
