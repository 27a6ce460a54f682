// The school-settings module's public door: its routes, what finance's payouts read, and what the seed uses.
export { schoolLogoRoutes, schoolSettingsRoutes } from './routes.ts';
export { confirmedPayoutAccount, maskAccountNumber } from './payout-account.ts';
export { logoUrlOf, readProfile } from './profile.ts';
export { readNotificationSettings } from './notifications.ts';
