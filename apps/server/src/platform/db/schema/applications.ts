import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';

export const APPLICATION_STATUSES = ['draft', 'submitted', 'changes_requested', 'approved', 'rejected'] as const;
export type TApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Step data of the registration wizard, keyed by step number ('1', '2', ...). */
export type TStepData = Record<string, Record<string, unknown>>;

/**
 * One application per applicant (applications contract). The wizard saves the draft after
 * every step; the applicant submits it once; a platform operator decides on it in the console.
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The registration role applied for: school_admin, business_partner, charity or young_entrepreneur. */
    userType: text('user_type').notNull(),
    status: text('status').$type<TApplicationStatus>().notNull().default('draft'),
    currentStep: integer('current_step').notNull().default(1),
    stepData: jsonb('step_data').$type<TStepData>().notNull().default({}),
    /**
     * The unfinished steps' form values, keyed like step_data, saved while the applicant types and
     * right after each upload so a reload or another device finds them. Not validated; completing a
     * step (step_data) drops its draft, submitting drops them all. Not shown in the console.
     */
    stepDrafts: jsonb('step_drafts').$type<TStepData>().notNull().default({}),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** The Idempotency-Key of the submit that recorded the current submission. */
    submissionKey: text('submission_key'),
    /** The operator who decided (no foreign key: the record outlives the operator's account). */
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** The organisation created on approval. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applications_user_key').on(t.userId),
    index('applications_queue_idx').on(t.status, t.submittedAt, t.id),
    index('applications_type_idx').on(t.userType, t.status),
    check(
      'applications_status_check',
      sql`${t.status} in ('draft', 'submitted', 'changes_requested', 'approved', 'rejected')`,
    ),
    check('applications_current_step_check', sql`${t.currentStep} >= 1`),
  ],
);

/**
 * A young entrepreneur's guardian consent: the guardian named in the application confirms by
 * following the e-mailed link. Only the token's SHA-256 is stored.
 */
export const guardianConsents = pgTable(
  'guardian_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    guardianName: text('guardian_name').notNull(),
    guardianEmail: text('guardian_email').notNull(),
    relation: text('relation').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    /** Truncated like the audit log's (platform/audit/audit.ts). */
    consentedFromIp: text('consented_from_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guardian_consents_token_key').on(t.tokenHash),
    index('guardian_consents_application_idx').on(t.applicationId, t.createdAt),
  ],
);
