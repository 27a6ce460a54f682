// The school shop module's public door: its routes and jobs, and what the demo seed uses.
export { schoolShopParentRoutes, schoolShopRoutes } from './routes.ts';
export { registerSchoolShopJobs } from './jobs.ts';
export { expireUnpaidOrders, SCHOOL_SHOP_PURPOSE } from './use-cases/place-order.ts';
