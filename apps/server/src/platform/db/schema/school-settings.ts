import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { uploads } from './uploads.ts';

/**
 * The school's settings (D26, migration 0043_school_settings): its profile beyond the
 * organisation's name, closures, notification choices, payout bank account, and its changes to
 * each school role's permissions.
 */

/** The school's public profile; its name is organizations.name. */
export const schoolProfiles = pgTable(
  'school_profiles',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    emisNumber: text('emis_number').notNull().default(''),
    /** 1 (poorest) to 5; null: not set. */
    quintile: smallint('quintile'),
    /** 'fee_paying' | 'no_fee'. */
    feeStatus: text('fee_status').notNull().default('fee_paying'),
    streetAddress: text('street_address').notNull().default(''),
    suburb: text('suburb').notNull().default(''),
    city: text('city').notNull().default(''),
    province: text('province').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    website: text('website').notNull().default(''),
    principalName: text('principal_name').notNull().default(''),
    /** An image upload, served publicly as the school's logo. */
    logoUploadId: uuid('logo_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('school_profiles_quintile_check', sql`${t.quintile} between 1 and 5`),
    check('school_profiles_fee_status_check', sql`${t.feeStatus} in ('fee_paying', 'no_fee')`),
  ],
);

/** Days the school is closed beyond its terms' holidays: public holidays it observes, closures. */
export const schoolClosures = pgTable(
  'school_closures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('school_closures_org_start_name_key').on(t.organizationId, t.startsOn, sql`lower(${t.name})`),
    check('school_closures_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

/** What the school's automatic mail does; absent row: the defaults. */
export const schoolNotificationSettings = pgTable('school_notification_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Guardians get an e-mail when their child is marked absent. */
  absenceNotices: boolean('absence_notices').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The bank account an organisation's money is paid out to (a school's collections; a business
 * partner's, charity's or shop's balance: modules/payouts); a change waits for an e-mailed confirmation.
 */
export const schoolPayoutAccounts = pgTable(
  'school_payout_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    bankName: text('bank_name').notNull(),
    branchCode: text('branch_code').notNull(),
    accountNumber: text('account_number').notNull(),
    accountHolder: text('account_holder').notNull(),
    /** ACCOUNT_TYPES of constants/enumerations.ts. */
    accountType: text('account_type').notNull(),
    /** 'pending' | 'confirmed' | 'replaced' | 'cancelled' | 'expired'. */
    status: text('status').notNull().default('pending'),
    /** SHA-256 of the confirmation link's token; null once used. */
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedBy: text('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * Set when one named person confirms instead of the organisation's members: a young
     * entrepreneur's consenting guardian (D23, modules/payouts, migration 0051).
     */
    confirmerEmail: text('confirmer_email'),
    confirmerName: text('confirmer_name'),
  },
  (t) => [
    uniqueIndex('school_payout_accounts_confirmed_key')
      .on(t.organizationId)
      .where(sql`${t.status} = 'confirmed'`),
    uniqueIndex('school_payout_accounts_pending_key')
      .on(t.organizationId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('school_payout_accounts_token_key')
      .on(t.tokenHash)
      .where(sql`${t.tokenHash} is not null`),
    index('school_payout_accounts_org_idx').on(t.organizationId),
  ],
);

/** A school's change to a role's permissions there: granted beyond the default, or withdrawn from it. */
export const schoolRolePermissions = pgTable(
  'school_role_permissions',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    permission: text('permission').notNull(),
    granted: boolean('granted').notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'school_role_permissions_pkey', columns: [t.organizationId, t.role, t.permission] })],
);
