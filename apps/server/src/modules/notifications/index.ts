// The notifications module's public door: its routes and jobs; notify() for every module that tells
// users of an event; the school's SMS account for the announcements module.
export { notificationRoutes, smsAccountRoutes, smsWebhookRoutes } from './routes.ts';
export { registerNotificationJobs, NOTIFICATIONS_SWEEP_JOB } from './jobs.ts';
export { notify, notifyEach, channelsSql, NOTIFICATIONS_DELIVER_JOB, type TNotifyInput } from './notify.ts';
export { deliverPendingNotifications } from './deliver.ts';
export { optedOutOf, providerFor, schoolSmsState, sendSms, newWebhookToken } from './sms-account.ts';
