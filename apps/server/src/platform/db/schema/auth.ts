import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Accounts. The first four tables are Better Auth's
 * models (user, session, account, verification) under our names; their JS keys are the field
 * names Better Auth uses, their columns snake_case. Ids are Better Auth's random text ids.
 */

/** A person who can sign in. `role` and `status` are ours (spec 3: user_types role and verified). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** One of ROLES in @sekolo/shared/constants/roles. */
    role: text('role').notNull().default('customer'),
    /** 'active', or 'applicant' until the review team approves the application. */
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_role_idx').on(t.role)],
);

/** A signed-in browser: the cookie holds the token. Deleting the row ends the session. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_sessions_token_key').on(t.token), index('auth_sessions_user_idx').on(t.userId)],
);

/** A way to sign in: 'credential' (e-mail and password hash) or an OAuth provider. */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    /** scrypt hash (Better Auth's default); never the password. */
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_accounts_user_idx').on(t.userId),
    index('auth_accounts_provider_idx').on(t.providerId, t.accountId),
  ],
);

/** Single-use tokens (password reset). Identifiers are stored hashed. */
export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

/** A school, business or charity on the platform (spec 3 organizations; created on approval). */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** 'school' | 'business' | 'charity' (ORGANIZATION_TYPES in platform/tenancy/organizations.ts). */
    type: text('type').notNull(),
    /** 'active' | 'suspended'. */
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organizations_slug_key').on(t.slug), index('organizations_type_idx').on(t.type)],
);

/** Who belongs to which organisation, with the role they hold there (e.g. teacher of a school). */
export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('organization_members_user_idx').on(t.userId)],
);

/**
 * Who did what, when, from where (platform/audit/audit.ts). No foreign keys: the record outlives the user.
 * `ip` is truncated (IPv4 /24, IPv6 /48); `details` never holds passwords, tokens or e-mail bodies.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    /** Time-ordered (UUID version 7, migration 0022): new rows land at the primary key's right edge. */
    id: uuid('id')
      .primaryKey()
      .default(sql`sekolo_uuid_v7()`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: text('actor_user_id'),
    action: text('action').notNull(),
    /** What was acted on, e.g. 'user:<id>' or 'organization:<id>'. */
    target: text('target'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at, t.id),
    index('audit_events_actor_idx').on(t.actorUserId, t.at),
    index('audit_events_action_idx').on(t.action, t.at),
  ],
);
