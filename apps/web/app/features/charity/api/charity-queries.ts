import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignContracts as c } from '@sekolo/shared/contracts/campaigns';
import type {
  TCampaignInput,
  TCampaignState,
  TCharityProfileInput,
  TDonationInput,
} from '@sekolo/shared/schemas/campaigns';
import { call, callWithForm } from '~/lib/api-client';

/** Charities and donations (D24): the charity dashboard, a donor's gifts, the operator's PBO check. */
export const CHARITY_KEY = ['charity'] as const;
export const MY_DONATIONS_KEY = ['my-donations'] as const;
export const CONSOLE_CHARITIES_KEY = ['console-charities'] as const;

export const charityProfileQuery = queryOptions({
  queryKey: [...CHARITY_KEY, 'profile'],
  queryFn: () => call(c.profile),
});
export const ownCampaignsQuery = queryOptions({
  queryKey: [...CHARITY_KEY, 'campaigns'],
  queryFn: () => call(c.ownList).then((a) => a.campaigns),
});
export const ownCampaignQuery = (id: string) =>
  queryOptions({ queryKey: [...CHARITY_KEY, 'campaigns', id], queryFn: () => call(c.ownGet, { params: { id } }) });
export const donorsQuery = (campaignId?: string) =>
  queryOptions({
    queryKey: [...CHARITY_KEY, 'donors', campaignId ?? 'all'],
    queryFn: () => call(c.donors, { query: campaignId ? { campaignId } : {} }),
  });
export const myDonationsQuery = queryOptions({
  queryKey: MY_DONATIONS_KEY,
  queryFn: () => call(c.myDonations),
});
export const consoleCharitiesQuery = queryOptions({
  queryKey: CONSOLE_CHARITIES_KEY,
  queryFn: () => call(c.consoleList).then((a) => a.charities),
});

function useInvalidate(key: readonly unknown[]) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: key });
}

export function useSaveProfile() {
  const done = useInvalidate(CHARITY_KEY);
  return useMutation({ mutationFn: (body: TCharityProfileInput) => call(c.profileUpdate, { body }), onSuccess: done });
}
export function useCreateCampaign() {
  const done = useInvalidate(CHARITY_KEY);
  return useMutation({ mutationFn: (body: TCampaignInput) => call(c.ownCreate, { body }), onSuccess: done });
}
export function useUpdateCampaign(id: string) {
  const done = useInvalidate(CHARITY_KEY);
  return useMutation({
    mutationFn: (body: TCampaignInput) => call(c.ownUpdate, { params: { id }, body }),
    onSuccess: done,
  });
}
export function useCampaignState(id: string) {
  const done = useInvalidate(CHARITY_KEY);
  return useMutation({
    mutationFn: (state: TCampaignState) => call(c.ownState, { params: { id }, body: { state } }),
    onSuccess: done,
  });
}
export function useAddCampaignImage(id: string) {
  const done = useInvalidate(CHARITY_KEY);
  return useMutation({
    mutationFn: ({ file, alt }: { file: File; alt: string }) => {
      const form = new FormData();
      form.append('alt', alt);
      form.append('file', file);
      return callWithForm(c.ownImageAdd, form, { params: { id } });
    },
    onSuccess: done,
  });
}
export function useRemoveCampaignImage(id: string) {
  const done = useInvalidate(CHARITY_KEY);
  return useMutation({
    mutationFn: (imageId: string) => call(c.ownImageRemove, { params: { id, imageId } }),
    onSuccess: done,
  });
}
export function useDonate(slug: string) {
  return useMutation({ mutationFn: (body: TDonationInput) => call(c.donate, { params: { slug }, body }) });
}
export function useCancelMonthlyGift() {
  const done = useInvalidate(MY_DONATIONS_KEY);
  return useMutation({
    mutationFn: (id: string) => call(c.cancelMonthlyGift, { params: { id } }),
    onSuccess: done,
  });
}
export function useVerifyPbo() {
  const done = useInvalidate(CONSOLE_CHARITIES_KEY);
  return useMutation({
    mutationFn: ({ organizationId, verified }: { organizationId: string; verified: boolean }) =>
      call(c.consoleVerify, { params: { organizationId }, body: { verified } }),
    onSuccess: done,
  });
}
