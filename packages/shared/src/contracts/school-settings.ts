import { z } from 'zod';
import {
  ZClosure,
  ZClosureInput,
  ZNotificationSettings,
  ZPayoutAccountInput,
  ZPayoutAccounts,
  ZPayoutConfirmInput,
  ZRolePermissionChange,
  ZRolePermissionMatrix,
  ZSchoolCalendar,
  ZSchoolProfile,
  ZSchoolProfileInput,
} from '../schemas/school-settings.ts';
import { ZLogoQuery } from '../schemas/uploads.ts';
import { contract } from './contract.ts';

const ZClosureParams = z.object({ closureId: z.uuid() });
const ZCalendarQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });

/** The school's settings (D26): modules/school-settings serves them under /api/school/settings. */
export const schoolSettingsContracts = {
  getProfile: contract({
    method: 'GET',
    path: '/api/school/settings/profile',
    response: z.object({ profile: ZSchoolProfile }),
  }),
  updateProfile: contract({
    method: 'PUT',
    path: '/api/school/settings/profile',
    body: ZSchoolProfileInput,
    response: z.object({ profile: ZSchoolProfile }),
  }),
  getCalendar: contract({
    method: 'GET',
    path: '/api/school/settings/calendar',
    query: ZCalendarQuery,
    response: z.object({ calendar: ZSchoolCalendar }),
  }),
  addClosure: contract({
    method: 'POST',
    path: '/api/school/settings/closures',
    body: ZClosureInput,
    status: 201,
    response: z.object({ closure: ZClosure }),
  }),
  removeClosure: contract({
    method: 'DELETE',
    path: '/api/school/settings/closures/:closureId',
    params: ZClosureParams,
    status: 204,
    response: null,
  }),
  getNotifications: contract({
    method: 'GET',
    path: '/api/school/settings/notifications',
    response: z.object({ settings: ZNotificationSettings }),
  }),
  updateNotifications: contract({
    method: 'PUT',
    path: '/api/school/settings/notifications',
    body: ZNotificationSettings,
    response: z.object({ settings: ZNotificationSettings }),
  }),
  getPayoutAccount: contract({
    method: 'GET',
    path: '/api/school/settings/payout-account',
    response: ZPayoutAccounts,
  }),
  requestPayoutAccountChange: contract({
    method: 'POST',
    path: '/api/school/settings/payout-account',
    body: ZPayoutAccountInput,
    status: 202,
    response: ZPayoutAccounts,
  }),
  cancelPayoutAccountChange: contract({
    method: 'DELETE',
    path: '/api/school/settings/payout-account/pending',
    response: ZPayoutAccounts,
  }),
  confirmPayoutAccount: contract({
    method: 'POST',
    path: '/api/school/settings/payout-account/confirm',
    body: ZPayoutConfirmInput,
    response: ZPayoutAccounts,
  }),
  getRolePermissions: contract({
    method: 'GET',
    path: '/api/school/settings/role-permissions',
    response: ZRolePermissionMatrix,
  }),
  changeRolePermission: contract({
    method: 'PUT',
    path: '/api/school/settings/role-permissions',
    body: ZRolePermissionChange,
    response: ZRolePermissionMatrix,
  }),
};

/** The school's logo, public (the profile's logoUrl): the bytes of the image the admin chose. */
export const schoolLogoContract = contract({
  method: 'GET',
  path: '/api/schools/:organizationId/logo',
  params: z.object({ organizationId: z.uuid() }),
  query: ZLogoQuery,
  response: z.string(),
  answer: 'file',
});
