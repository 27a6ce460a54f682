/**
 * The business dashboard's marketplace pages (issue 40): reviews (a buyer of a completed order
 * reviews it once, the seller replies once, the operator hides abuse), the overview, analytics,
 * customers, sales reports and the shop's policies.
 */

import { z } from 'zod';

/** Spec 9, service level agreement: "minimum customer rating 3.5 of 5". */
export const MINIMUM_SELLER_RATING = 3.5;

export const REVIEW_MESSAGES = {
  notCompleted: 'You can review an order once the seller has completed it.',
  already: 'You have already reviewed this order.',
  replied: 'You have already replied to this review.',
  notFound: 'There is no such review.',
  orderNotFound: 'There is no such order.',
  belowMinimum: (average: number) =>
    `Your average rating is ${average.toFixed(1)} of 5, below the minimum of 3.5 in the service level agreement. Customers see it on your listings.`,
} as const;

export const ZReviewInput = z.object({
  rating: z.coerce
    .number({ message: 'Choose from 1 to 5 stars' })
    .int('Choose from 1 to 5 stars')
    .min(1, 'Choose from 1 to 5 stars')
    .max(5, 'Choose from 1 to 5 stars'),
  body: z.string().trim().min(3, 'Please say a few words about your order').max(2000, 'Keep it under 2 000 characters'),
});
export type TReviewInput = z.input<typeof ZReviewInput>;

export const ZReviewReply = z.object({
  reply: z.string().trim().min(2, 'Please write your reply').max(2000, 'Keep it under 2 000 characters'),
});

export const ZHideReview = z.object({
  reason: z.string().trim().min(3, 'Please give a reason').max(500),
});

export const ZReviewIdParams = z.object({ id: z.string().uuid() });

/** A review as its seller (and the operator) sees it. */
export const ZSellerReview = z.object({
  id: z.string(),
  orderId: z.string(),
  orderReference: z.string(),
  rating: z.number(),
  body: z.string(),
  buyerName: z.string(),
  listingTitles: z.array(z.string()),
  createdAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  hidden: z.boolean(),
});
export type TSellerReview = z.infer<typeof ZSellerReview>;

export const ZSellerReviews = z.object({
  ratingAverage: z.number().nullable(),
  ratingCount: z.number(),
  /** How many reviews gave 1, 2, 3, 4 and 5 stars. */
  distribution: z.array(z.number()).length(5),
  belowMinimum: z.boolean(),
  items: z.array(ZSellerReview),
});
export type TSellerReviews = z.infer<typeof ZSellerReviews>;

/** The operator's list: recent reviews and the sellers whose average is below the minimum. */
export const ZConsoleReviews = z.object({
  items: z.array(ZSellerReview.extend({ sellerName: z.string(), removalReason: z.string().nullable() })),
  flaggedSellers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      ratingAverage: z.number(),
      ratingCount: z.number(),
    }),
  ),
});
export type TConsoleReviews = z.infer<typeof ZConsoleReviews>;

// Overview, analytics, customers, reports -----------------------------------------------------------

export const ZBusinessOverview = z.object({
  /** Paid onwards (not cancelled) this calendar month in South Africa. */
  salesThisMonthCents: z.number(),
  ordersThisMonth: z.number(),
  /** Paid, accepted, ready or shipped: waiting for the seller. */
  openOrders: z.number(),
  ratingAverage: z.number().nullable(),
  ratingCount: z.number(),
  belowMinimum: z.boolean(),
  listingViewsThisMonth: z.number(),
  publishedListings: z.number(),
});
export type TBusinessOverview = z.infer<typeof ZBusinessOverview>;

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-01');

export const ZPeriodQuery = z
  .object({ from: ZIsoDate, to: ZIsoDate })
  .refine((p) => p.from <= p.to, { message: 'The start comes before the end', path: ['to'] })
  .refine((p) => (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000 <= 366, {
    message: 'Choose a period of at most a year',
    path: ['from'],
  });
export type TPeriodQuery = z.infer<typeof ZPeriodQuery>;

export const ZBusinessAnalytics = z.object({
  from: z.string(),
  to: z.string(),
  /** One point per day (periods up to 62 days) or per month. */
  granularity: z.enum(['day', 'month']),
  series: z.array(z.object({ label: z.string(), views: z.number(), orders: z.number(), revenueCents: z.number() })),
  listings: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      views: z.number(),
      orders: z.number(),
      unitsSold: z.number(),
      revenueCents: z.number(),
      /** Orders per view, 0..1, null without views. */
      conversion: z.number().nullable(),
    }),
  ),
  totals: z.object({
    views: z.number(),
    orders: z.number(),
    revenueCents: z.number(),
    conversion: z.number().nullable(),
  }),
});
export type TBusinessAnalytics = z.infer<typeof ZBusinessAnalytics>;

export const ZCustomersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const ZBusinessCustomers = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      orders: z.number(),
      totalSpentCents: z.number(),
      lastOrderAt: z.string(),
      lastItems: z.string(),
    }),
  ),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TBusinessCustomers = z.infer<typeof ZBusinessCustomers>;

export const ZSalesReportQuery = z
  .object({ from: ZIsoDate, to: ZIsoDate, format: z.enum(['csv', 'pdf']).default('csv') })
  .refine((p) => p.from <= p.to, { message: 'The start comes before the end', path: ['to'] });

// Shop policies ---------------------------------------------------------------------------------------

export const ZShopPolicies = z
  .object({
    offersDelivery: z.boolean(),
    deliveryNote: z.string().trim().max(500),
    offersCollection: z.boolean(),
    collectionNote: z.string().trim().max(500),
    returnsPolicy: z.string().trim().max(3000),
    /** E-mail the shop's members when a customer reviews an order. */
    notifyReviews: z.boolean(),
  })
  .refine((p) => p.offersDelivery || p.offersCollection, {
    message: 'Offer delivery, collection or both',
    path: ['offersDelivery'],
  });
export type TShopPolicies = z.infer<typeof ZShopPolicies>;
export type TShopPoliciesInput = z.input<typeof ZShopPolicies>;
