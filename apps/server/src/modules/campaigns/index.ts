// The campaigns module's public door: charities' campaigns and donations (D24).
export { charityRoutes, consoleCharityRoutes, fundingRoutes } from './routes.ts';
export { ensureCharityProfile } from './charity-profile.ts';
export { DONATION_PURPOSE, registerDonationHooks } from './donations.ts';
export { openCampaignsOf } from './campaigns.ts';
export { registerCampaignJobs, MONTHLY_GIFTS_JOB } from './jobs.ts';
export { chargeDueMonthlyGifts } from './monthly-gifts.ts';
