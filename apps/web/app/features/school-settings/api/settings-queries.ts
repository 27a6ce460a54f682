import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { schoolSettingsContracts as settings } from '@sekolo/shared/contracts/school-settings';
import type {
  TClosureInput,
  TNotificationSettingsInput,
  TPayoutAccountInput,
  TRolePermissionChange,
  TSchoolProfileInput,
} from '@sekolo/shared/schemas/school-settings';
import { call } from '~/lib/api-client';

/** The school's settings API (/api/school/settings). */
export const SETTINGS_KEY = ['school-settings'] as const;
/** The signed-in person's query (GET /api/me, features/auth's meQueryKey): their permissions and school name. */
const ME_KEY = ['me'] as const;

export const profileQuery = queryOptions({
  queryKey: [...SETTINGS_KEY, 'profile'],
  queryFn: () => call(settings.getProfile).then((a) => a.profile),
});
export const calendarQuery = (year: number) =>
  queryOptions({
    queryKey: [...SETTINGS_KEY, 'calendar', year],
    queryFn: () => call(settings.getCalendar, { query: { year } }).then((a) => a.calendar),
  });
export const notificationsQuery = queryOptions({
  queryKey: [...SETTINGS_KEY, 'notifications'],
  queryFn: () => call(settings.getNotifications).then((a) => a.settings),
});
export const payoutAccountQuery = queryOptions({
  queryKey: [...SETTINGS_KEY, 'payout-account'],
  queryFn: () => call(settings.getPayoutAccount),
});
export const rolePermissionsQuery = queryOptions({
  queryKey: [...SETTINGS_KEY, 'role-permissions'],
  queryFn: () => call(settings.getRolePermissions),
});

function useSettingsMutation<TInput, TOutput>(run: (input: TInput) => Promise<TOutput>, alsoMe = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: SETTINGS_KEY });
      // The signed-in person's own permissions (the sidebar) and school name follow at once.
      if (alsoMe) await client.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

export const useUpdateProfile = () =>
  useSettingsMutation((body: TSchoolProfileInput) => call(settings.updateProfile, { body }), true);
export const useAddClosure = () => useSettingsMutation((body: TClosureInput) => call(settings.addClosure, { body }));
export const useRemoveClosure = () =>
  useSettingsMutation((closureId: string) => call(settings.removeClosure, { params: { closureId } }));
export const useUpdateNotifications = () =>
  useSettingsMutation((body: TNotificationSettingsInput) => call(settings.updateNotifications, { body }));
export const useRequestPayoutAccount = () =>
  useSettingsMutation((body: TPayoutAccountInput) => call(settings.requestPayoutAccountChange, { body }));
export const useCancelPayoutAccount = () => useSettingsMutation(() => call(settings.cancelPayoutAccountChange));
export const useConfirmPayoutAccount = () =>
  useSettingsMutation((token: string) => call(settings.confirmPayoutAccount, { body: { token } }));
export const useChangeRolePermission = () =>
  useSettingsMutation((body: TRolePermissionChange) => call(settings.changeRolePermission, { body }), true);
