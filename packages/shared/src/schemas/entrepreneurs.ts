import { z } from 'zod';

/** Texts of the young entrepreneur's shop and its guardian's approvals (D23). */
export const ENTREPRENEUR_MESSAGES = {
  noShop: 'Only a young entrepreneur with an approved application has a shop.',
  approvalNotFound: 'We could not find this approval request. Please open the link from the latest e-mail.',
  approvalExpired: 'This approval link has expired. Your young entrepreneur can send a new one from their dashboard.',
  approvalUsed: 'This request has already been answered.',
  shopFirst: 'Please approve the shop first: its listings go on sale once the shop is live.',
  declineNeedsReason: 'Please tell your young entrepreneur why, so they can change it.',
  nothingToResend: 'There is nothing waiting for your guardian’s approval.',
  awaitingApproval: 'Waiting for your guardian’s approval: it goes on sale once they approve it.',
  declined: (reason: string) => `Your guardian declined it: ${reason}`,
  changesAwaiting:
    'Your changes wait for your guardian’s approval: buyers see the approved version until they approve them.',
  changesDeclined: (reason: string) =>
    `Your guardian declined your changes: ${reason}. Buyers still see the approved version.`,
  shopChangesAwaiting:
    'Your shop’s changes wait for your guardian’s approval: buyers see the approved shop until then.',
  nothingChanged: 'Nothing changed: buyers already see this.',
} as const;

export const SHOP_STATUS_LABELS = {
  pending: 'Waiting for your guardian',
  approved: 'Live',
  declined: 'Declined',
} as const;

export const ZApprovalToken = z.object({ token: z.string().min(16).max(200) });
export const ZApprovalIdParams = z.object({ id: z.string().uuid() });

export const ZApprovalDecision = z
  .object({
    decision: z.enum(['approve', 'decline']),
    reason: z.string().trim().max(500).default(''),
  })
  .refine((d) => d.decision === 'approve' || d.reason.length > 0, {
    message: ENTREPRENEUR_MESSAGES.declineNeedsReason,
    path: ['reason'],
  });
export type TApprovalDecision = z.input<typeof ZApprovalDecision>;

export const ZShopView = z.object({
  organizationId: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  category: z.string(),
  categoryId: z.string(),
  status: z.enum(['pending', 'approved', 'declined']),
  approvedAt: z.string().nullable(),
  guardianName: z.string(),
});
export type TShopView = z.infer<typeof ZShopView>;

export const ZApprovalView = z.object({
  id: z.string(),
  subject: z.enum(['shop', 'listing']),
  status: z.enum(['pending', 'approved', 'declined', 'withdrawn', 'expired']),
  listing: z
    .object({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      priceCents: z.number(),
    })
    .nullable(),
  requestedAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedVia: z.string().nullable(),
  reason: z.string().nullable(),
  /** A change to an approved listing or shop: what buyers see now and what they will see. Null: a first approval. */
  changes: z.array(z.object({ label: z.string(), before: z.string(), after: z.string() })).nullable(),
});
export type TApprovalView = z.infer<typeof ZApprovalView>;

/** The shop's money from the ledger (what it is owed), in cents. */
export const ZShopEarnings = z.object({
  salesCents: z.number(),
  commissionCents: z.number(),
  refundsCents: z.number(),
  payoutsCents: z.number(),
  balanceCents: z.number(),
  salesThisMonthCents: z.number(),
  months: z.array(z.object({ month: z.string(), salesCents: z.number(), commissionCents: z.number() })),
});
export type TShopEarnings = z.infer<typeof ZShopEarnings>;

export const ZShopOrderSummary = z.object({
  reference: z.string(),
  status: z.string(),
  subtotalCents: z.number(),
  paidAt: z.string().nullable(),
});

export const ZEntrepreneurOverview = z.object({
  shop: ZShopView,
  approvals: z.array(ZApprovalView),
  liveListings: z.number(),
  ordersThisMonth: z.number(),
  salesThisMonthCents: z.number(),
  balanceCents: z.number(),
});
export type TEntrepreneurOverview = z.infer<typeof ZEntrepreneurOverview>;

/** What a guardian sees of one shop: in their account, or through an e-mailed link. */
export const ZGuardianShopView = z.object({
  childName: z.string(),
  shop: ZShopView,
  approvals: z.array(ZApprovalView),
  earnings: ZShopEarnings,
  recentOrders: z.array(ZShopOrderSummary),
});
export type TGuardianShopView = z.infer<typeof ZGuardianShopView>;

export const ZGuardianShops = z.object({ shops: z.array(ZGuardianShopView) });
export type TGuardianShops = z.infer<typeof ZGuardianShops>;

/** The e-mailed link: the one request it answers, and (while it works) the shop's sales. */
export const ZApprovalLinkView = z.object({
  approval: ZApprovalView,
  childName: z.string(),
  shop: ZShopView,
  earnings: ZShopEarnings.nullable(),
  recentOrders: z.array(ZShopOrderSummary),
});
export type TApprovalLinkView = z.infer<typeof ZApprovalLinkView>;
