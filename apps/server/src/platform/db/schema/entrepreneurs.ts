import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { listings } from './listings.ts';

export const SHOP_STATUSES = ['pending', 'approved', 'declined'] as const;
export type TShopStatus = (typeof SHOP_STATUSES)[number];
export const APPROVAL_SUBJECTS = ['shop', 'listing'] as const;
export const APPROVAL_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type TApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * A young entrepreneur's shop (D23): the wizard's shop name, description and category and the
 * guardian who consented; it goes live once that guardian approves it.
 */
export const entrepreneurShops = pgTable(
  'entrepreneur_shops',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default(''),
    guardianName: text('guardian_name').notNull(),
    /** Lower case: a signed-in user with this address is the guardian in their own account. */
    guardianEmail: text('guardian_email').notNull(),
    status: text('status').$type<TShopStatus>().notNull().default('pending'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('entrepreneur_shops_guardian_idx').on(t.guardianEmail),
    check('entrepreneur_shops_status_check', sql`${t.status} in ('pending', 'approved', 'declined')`),
  ],
);

/**
 * What the guardian is asked to approve: the shop, or one listing's publication. The e-mailed link
 * carries a random token; only its SHA-256 is stored, it works once and until `expires_at`.
 */
export const entrepreneurApprovals = pgTable(
  'entrepreneur_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subject: text('subject').$type<(typeof APPROVAL_SUBJECTS)[number]>().notNull(),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'cascade' }),
    status: text('status').$type<TApprovalStatus>().notNull().default('pending'),
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    requestedByUserId: text('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: text('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'link' (the e-mailed link) or 'account' (the guardian signed in). */
    decidedVia: text('decided_via'),
    reason: text('reason'),
    /**
     * A change to what was approved before (the listing's or the shop's content, before and after);
     * null when the request is the shop's or the listing's first approval.
     */
    changes: jsonb('changes').$type<{ before: unknown; after: unknown }>(),
  },
  (t) => [
    uniqueIndex('entrepreneur_approvals_token_key').on(t.tokenHash),
    index('entrepreneur_approvals_org_idx').on(t.organizationId, t.status),
    uniqueIndex('entrepreneur_approvals_one_pending_key')
      .on(t.organizationId, t.subject, sql`coalesce(${t.listingId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.status} = 'pending'`),
    check('entrepreneur_approvals_subject_check', sql`${t.subject} in ('shop', 'listing')`),
    check('entrepreneur_approvals_status_check', sql`${t.status} in ('pending', 'approved', 'declined', 'withdrawn')`),
    check('entrepreneur_approvals_listing_check', sql`(${t.subject} = 'listing') = (${t.listingId} is not null)`),
  ],
);
