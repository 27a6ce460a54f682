import type { App } from './platform/http/app-types.ts';
import { devToolsRoutes } from './modules/dev-tools/index.ts';
import { authPlugin, authRoutes } from './modules/auth/index.ts';
import { newsletterRoutes } from './modules/newsletter/index.ts';
import { contactRoutes } from './modules/contact/index.ts';
import { demoBookingRoutes } from './modules/demo-bookings/index.ts';
import { basketCheckoutRoutes, paymentRoutes, registerPaymentJobs } from './modules/payments/index.ts';
import { guardianLinkRoutes, schoolRoutes } from './modules/people/index.ts';
import {
  assessmentRoutes,
  assignmentFileReadRule,
  assignmentRoutes,
  attendanceRoutes,
  reportCardRoutes,
  registerAcademicsJobs,
  classRoutes,
  curriculumRoutes,
  timetableRoutes,
} from './modules/academics/index.ts';
import { applicationRoutes, consoleApplicationRoutes } from './modules/applications/index.ts';
import { uploadRoutes } from './modules/uploads/index.ts';
import { customerProfileRoutes } from './modules/customer-profile/index.ts';
import {
  consoleListingRoutes,
  listingRoutes,
  addSitemapSource,
  marketplaceOrderSubject,
  marketplaceRoutes,
  sitemapRoutes,
} from './modules/listings/index.ts';
import { entrepreneurRoutes } from './modules/entrepreneurs/index.ts';
import { businessMarketplaceRoutes, consoleReviewRoutes } from './modules/listings/index.ts';
import { consoleJobRoutes } from './modules/console-jobs/index.ts';
import { financeRoutes, registerFinanceJobs, registerFinanceSmsJobs } from './modules/finance/index.ts';
import { schoolLogoRoutes, schoolSettingsRoutes } from './modules/school-settings/index.ts';
import { consolePayoutRoutes, payoutRoutes, registerPayoutJobs } from './modules/payouts/index.ts';
import { admissionRoutes, registerAdmissionsJobs, schoolAdmissionRoutes } from './modules/admissions/index.ts';
import { realtimePlugin, realtimeRoutes, registerRealtimeJobs } from './platform/realtime/index.ts';
import { addConversationSubject, messageRoutes, messageAttachmentReadRule } from './modules/messages/index.ts';
import { addUploadReadRule, createFileStorage } from './modules/uploads/index.ts';
import {
  notificationRoutes,
  registerNotificationJobs,
  smsAccountRoutes,
  smsWebhookRoutes,
} from './modules/notifications/index.ts';
import { bookingRoutes, bookingSubject, registerBookingJobs } from './modules/bookings/index.ts';
import { charityRoutes, consoleCharityRoutes, fundingRoutes, registerCampaignJobs } from './modules/campaigns/index.ts';
import { directoryRoutes, directorySitemapEntries } from './modules/directory/index.ts';
import {
  announcementRoutes,
  receivedAnnouncementRoutes,
  registerAnnouncementJobs,
} from './modules/announcements/index.ts';
import { facilityRoutes, registerFacilityJobs, schoolFacilityRoutes } from './modules/facilities/index.ts';
import { activityRoutes } from './modules/activities/index.ts';
import { eventRoutes, registerEventJobs, schoolEventRoutes } from './modules/events/index.ts';
import { registerSchoolShopJobs, schoolShopParentRoutes, schoolShopRoutes } from './modules/school-shop/index.ts';
import { libraryRoutes, registerLibraryJobs, schoolLibraryRoutes } from './modules/library/index.ts';
import { familyTransportRoutes, schoolTransportRoutes } from './modules/transport/index.ts';

/** Every API module, registered after the app's plugins. Each module owns its prefix. */
export async function registerModules(app: App) {
  // First: every module's guards (platform/auth/guards.ts) read the session it decorates.
  await app.register(authPlugin);
  await app.register(realtimePlugin);
  await app.register(authRoutes, { prefix: '/api' });
  if (app.deps.config.devTools) await app.register(devToolsRoutes, { prefix: '/api/dev' });
  await app.register(newsletterRoutes, { prefix: '/api/newsletter' });
  await app.register(contactRoutes, { prefix: '/api/contact' });
  await app.register(demoBookingRoutes, { prefix: '/api/demo-bookings' });
  await app.register(paymentRoutes, { prefix: '/api/payments' });
  await app.register(uploadRoutes, { prefix: '/api/uploads' });
  await app.register(applicationRoutes, { prefix: '/api/applications' });
  await app.register(consoleApplicationRoutes, { prefix: '/api/console/applications' });
  await app.register(schoolRoutes, { prefix: '/api/school' });
  await app.register(classRoutes, { prefix: '/api/school' });
  await app.register(attendanceRoutes, { prefix: '/api/school/attendance' });
  await app.register(guardianLinkRoutes, { prefix: '/api/guardian-links' });
  await app.register(customerProfileRoutes, { prefix: '/api/customer-profile' });
  await app.register(listingRoutes, { prefix: '/api/listings' });
  await app.register(marketplaceRoutes, { prefix: '/api/marketplace' });
  await app.register(consoleListingRoutes, { prefix: '/api/console/listings' });
  await app.register(businessMarketplaceRoutes, { prefix: '/api/marketplace' });
  await app.register(consoleReviewRoutes, { prefix: '/api/console/marketplace-reviews' });
  await app.register(entrepreneurRoutes, { prefix: '/api/entrepreneurs' });
  addSitemapSource('directory', directorySitemapEntries);
  await app.register(sitemapRoutes);
  await app.register(basketCheckoutRoutes, { prefix: '/api/payments' });
  await app.register(timetableRoutes, { prefix: '/api/school/timetable' });
  await app.register(assessmentRoutes, { prefix: '/api/school/assessment' });
  await app.register(assignmentRoutes, { prefix: '/api/school' });
  await app.register(reportCardRoutes, { prefix: '/api/school' });
  await app.register(curriculumRoutes, { prefix: '/api/school/curriculum' });
  await app.register(consoleJobRoutes, { prefix: '/api/console/jobs' });
  await app.register(financeRoutes, { prefix: '/api/school' });
  await app.register(schoolSettingsRoutes, { prefix: '/api/school' });
  await app.register(schoolLogoRoutes, { prefix: '/api/schools' });
  await app.register(admissionRoutes, { prefix: '/api/admissions' });
  await app.register(schoolAdmissionRoutes, { prefix: '/api/school' });
  await app.register(realtimeRoutes, { prefix: '/api/realtime' });
  await app.register(messageRoutes, { prefix: '/api/messages' });
  addUploadReadRule('message-attachment', messageAttachmentReadRule);
  addUploadReadRule('assignment-file', assignmentFileReadRule);
  addConversationSubject('order', marketplaceOrderSubject);
  addConversationSubject('booking', bookingSubject);
  await app.register(notificationRoutes, { prefix: '/api' });
  await app.register(smsAccountRoutes, { prefix: '/api/school' });
  await app.register(smsWebhookRoutes, { prefix: '/api/sms' });
  await app.register(announcementRoutes, { prefix: '/api/school' });
  await app.register(receivedAnnouncementRoutes, { prefix: '/api/announcements' });
  await app.register(bookingRoutes, { prefix: '/api/bookings' });
  await app.register(facilityRoutes, { prefix: '/api/facilities' });
  await app.register(schoolFacilityRoutes, { prefix: '/api/school' });
  await app.register(activityRoutes);
  await app.register(eventRoutes, { prefix: '/api/events' });
  await app.register(schoolEventRoutes, { prefix: '/api/school' });
  await app.register(schoolShopParentRoutes, { prefix: '/api/school-shop' });
  await app.register(schoolShopRoutes, { prefix: '/api/school' });
  await app.register(schoolLibraryRoutes, { prefix: '/api/school' });
  await app.register(libraryRoutes, { prefix: '/api/library' });
  await app.register(schoolTransportRoutes, { prefix: '/api/school' });
  await app.register(familyTransportRoutes, { prefix: '/api/transport' });
  await app.register(charityRoutes, { prefix: '/api/charity' });
  await app.register(fundingRoutes, { prefix: '/api/funding' });
  await app.register(consoleCharityRoutes, { prefix: '/api/console/charities' });
  await app.register(directoryRoutes, { prefix: '/api/directory' });
  await app.register(payoutRoutes);
  await app.register(consolePayoutRoutes);
  registerModuleJobs(app);
}

/** Every module's background jobs (platform/jobs), registered on the app's queue. */
function registerModuleJobs(app: App) {
  registerPaymentJobs(app.deps.jobs, app.deps.database.db);
  registerCampaignJobs(app.deps.jobs, {
    config: app.deps.config,
    db: app.deps.database.db,
    database: app.deps.database,
    mailer: app.deps.mailer,
  });
  registerFinanceJobs(app.deps.jobs, app.deps.database.db, app.deps.mailer, app.deps.config.publicUrl);
  registerFinanceSmsJobs(app.deps.jobs, app.deps.database.db, app.deps.config);
  registerAdmissionsJobs(
    app.deps.jobs,
    app.deps.database.db,
    app.deps.mailer,
    app.deps.config.publicUrl,
    createFileStorage(app.deps.config),
  );
  registerRealtimeJobs(app.deps.jobs, app.deps.database.db);
  registerNotificationJobs(app.deps.jobs, app.deps.database.db, app.deps.mailer, app.deps.config);
  registerAnnouncementJobs(app.deps.jobs, app.deps.database.db, app.deps.mailer, app.deps.config);
  registerBookingJobs(app.deps.jobs, app.deps.database.db, app.deps.mailer, app.deps.config.publicUrl);
  registerFacilityJobs(app.deps.jobs, app.deps.database.db, app.deps.mailer, app.deps.config.publicUrl);
  registerSchoolShopJobs(app.deps.jobs, app.deps.database.db);
  registerPayoutJobs(app.deps.jobs, app.deps.database.db, app.deps.mailer);
  registerEventJobs(app.deps.jobs, app.deps.database.db);
  registerLibraryJobs(app.deps.jobs, app.deps.database.db, app.deps.mailer, app.deps.config.publicUrl);
  registerAcademicsJobs(app.deps.jobs, app.deps.database.db);
}
