import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  type ExtraConfigColumn,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';

/**
 * School management. Every row carries its school's organization_id and every query
 * filters by it (tenant isolation, platform/tenancy/school-context.ts).
 */

/** A register class, e.g. 8A: the class a learner is marked present in every morning. */
export const registerClasses = pgTable(
  'register_classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 0 is Grade R, 1 to 12 the other grades. */
    grade: smallint('grade').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('register_classes_org_name_key').on(t.organizationId, sql`lower(${t.name})`),
    // What a row of the school's other tables names as its class with its school (attendance_records).
    unique('register_classes_org_id_key').on(t.organizationId, t.id),
    check('register_classes_grade_check', sql`${t.grade} between 0 and 12`),
  ],
);

/**
 * A learner of one school. Keyset pages (modules/people/list-learners.ts) walk the composite
 * indexes below; the name and admission-number search is a prefix match on lower-cased columns
 * with text_pattern_ops indexes, which PostgreSQL and PGlite both use for `LIKE 'abc%'` without
 * an extension (pg_trgm would need loading into PGlite and would serve only infix matches, which
 * a register search does not need: people search by the start of a name or number).
 */
export const learners = pgTable(
  'learners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    preferredName: text('preferred_name').notNull().default(''),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    gender: text('gender').notNull(),
    /** 0 is Grade R, 1 to 12 the other grades. */
    grade: smallint('grade').notNull(),
    registerClassId: uuid('register_class_id').references(() => registerClasses.id, { onDelete: 'set null' }),
    /**
     * The school day (Africa/Johannesburg) from which the learner is in their register class: the
     * day they were added, or moved to the class (update-learner.ts). A register of an earlier day
     * neither lists nor needs them, unless they have a mark in it (modules/academics/attendance/class-members.ts).
     * Migration 0032 set it for the learners before it to the day they were created.
     */
    registerClassSince: date('register_class_since', { mode: 'string' })
      .notNull()
      .default(sql`((now() at time zone 'Africa/Johannesburg')::date)`),
    /** Upper-cased by the shared schema; unique within the school. */
    admissionNumber: text('admission_number').notNull(),
    /** 'sa_id' | 'passport' | 'none'. */
    idType: text('id_type').notNull().default('none'),
    idNumber: text('id_number'),
    homeLanguage: text('home_language'),
    medicalNotes: text('medical_notes').notNull().default(''),
    address: text('address').notNull().default(''),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The learner's own account (a learner invited to sign in), at most one per learner. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('learners_org_admission_key').on(t.organizationId, t.admissionNumber),
    // What a row of the school's other tables names as its learner with its school (attendance_records).
    unique('learners_org_id_key').on(t.organizationId, t.id),
    // Keyset sorts: by name, by grade then name, by admission number (the unique index above).
    index('learners_org_name_idx').on(t.organizationId, t.lastName, t.firstName, t.id),
    index('learners_org_grade_name_idx').on(t.organizationId, t.grade, t.lastName, t.firstName, t.id),
    // Prefix search (list-learners.ts): after its search key each index holds every column a page
    // of the list filters and sorts on, so a search reads its matches from the indexes alone
    // (index-only scans) and reads the rows of just the page it shows.
    ...(
      [
        ['learners_org_last_name_prefix_idx', sql`lower(${t.lastName}) text_pattern_ops`],
        ['learners_org_first_name_prefix_idx', sql`lower(${t.firstName}) text_pattern_ops`],
        ['learners_org_preferred_name_prefix_idx', sql`lower(${t.preferredName}) text_pattern_ops`],
        ['learners_org_admission_prefix_idx', sql`${t.admissionNumber} text_pattern_ops`],
      ] as const
    ).map(([name, key]) =>
      index(name).on(
        t.organizationId,
        key,
        t.lastName,
        t.firstName,
        t.preferredName,
        t.grade,
        t.admissionNumber,
        t.archivedAt,
        t.id,
      ),
    ),
    index('learners_class_idx').on(t.registerClassId),
    uniqueIndex('learners_user_key')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    check('learners_grade_check', sql`${t.grade} between 0 and 12`),
    check('learners_id_type_check', sql`${t.idType} in ('sa_id', 'passport', 'none')`),
  ],
);

type TPrefixColumn =
  | 'organizationId'
  | 'archived'
  | 'prefix'
  | 'lastName'
  | 'firstName'
  | 'preferredName'
  | 'dateOfBirth'
  | 'grade'
  | 'registerClassId'
  | 'registerClassName'
  | 'admissionNumber'
  | 'archivedAt'
  | 'consentVersions';
/**
 * A sort's index of learner_search_prefixes: the school, the status and the prefix, the sort's own
 * columns (`keys`, ending in the learner's id as the list's sorts do, list-learners.ts SORT_KEYS),
 * then every other column of a list item, so that a page is read from the index alone.
 */
function sortIndex(name: string, t: Record<TPrefixColumn, ExtraConfigColumn>, keys: ExtraConfigColumn[]) {
  const item = [
    t.lastName,
    t.firstName,
    t.preferredName,
    t.dateOfBirth,
    t.grade,
    t.registerClassId,
    t.registerClassName,
    t.admissionNumber,
    t.archivedAt,
    t.consentVersions,
  ];
  return index(name).on(t.organizationId, t.archived, t.prefix, ...keys, ...item.filter((c) => !keys.includes(c)));
}

/** The longest search word the learner search finds through learner_search_prefixes (list-learners.ts). */
export const SEARCH_PREFIX_MAX = 10;

/**
 * The accented letters the learner search reads as their plain letters, once lower-cased: "anel"
 * finds Anél. An apostrophe, straight or curly (a phone types ’), reads as a hyphen, so "almeida"
 * finds D'Almeida as "mabuza" finds Hlongwane-Mabuza, and "d’almeida" finds it too. The SQL
 * function sekolo_search_fold (migrations 0027 and 0030) translates by these very strings.
 */
export const SEARCH_FOLD = {
  from: "àáâãäåāăąçćčďèéêëēĕėęěìíîïīĭįłñńňòóôõöøōŏőŕřśšşťùúûüūŭůűųýÿźżž'‘’ʼ",
  to: 'aaaaaaaaacccdeeeeeeeeeiiiiiiilnnnooooooooorrssstuuuuuuuuuyyzzz----',
} as const;
const FOLDED = new Map([...SEARCH_FOLD.from].map((c, i) => [c, [...SEARCH_FOLD.to][i]!]));

/** A name or a search word as the search compares them: lower-cased, its accents dropped (sekolo_search_fold). */
export function searchFold(text: string): string {
  return [...text.toLowerCase()].map((c) => FOLDED.get(c) ?? c).join('');
}

/**
 * Every start of a learner's search keys, 2 to SEARCH_PREFIX_MAX characters long, one row each:
 * the surname, first name and preferred name, lower-cased and without accents (searchFold), and
 * the lower-cased admission number, and of what follows each space or hyphen in a name, so that
 * "merwe" finds van der Merwe (migration 0027; a prefix two keys share is one row). Beside it, the learner's sort columns, copied, so that a search walks its
 * leading word's rows on one index in the page's own order and stops after the page's rows, however many learners
 * the word matches ("mok": 1 500 of 50 000). And the rest of a list item (TLearnerListItem: the
 * preferred name, date of birth, class and its name, archived time, the standing consents'
 * policy versions), at the end of each sort's index, so that a search's page is read from that
 * index alone: 51 entries on a page or two instead of 51 learners, their classes and their
 * consents, one probe each (migration 0021; docs/decisions/007-school-scale-on-two-cores.md). Kept by the triggers of migrations 0020
 * and 0021 on every insert and every change of those columns, of a class's name and of a learner's
 * consents, in the writing transaction: no code path can forget it. Only the server's search
 * reads it.
 */
export const learnerSearchPrefixes = pgTable(
  'learner_search_prefixes',
  {
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    /** `archived_at is not null` of the learner. */
    archived: boolean('archived').notNull(),
    prefix: text('prefix').notNull(),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    grade: smallint('grade').notNull(),
    admissionNumber: text('admission_number').notNull(),
    preferredName: text('preferred_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    registerClassId: uuid('register_class_id'),
    registerClassName: text('register_class_name'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The policy versions of the learner's standing consents (consentStatusOf's rule reads them). */
    consentVersions: text('consent_versions').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.learnerId, t.prefix] }),
    // One per sort of the list (by name, by grade then name, by admission number), each ending
    // in the learner's id as the list's own sorts do (list-learners.ts, SORT_KEYS), then the rest
    // of a list item: the id is unique within a prefix, so those columns never change the order
    // (and PostgreSQL leaves them out of the index's inner pages); they let a page be read from
    // the index alone.
    sortIndex('learner_search_prefixes_name_idx', t, [t.lastName, t.firstName, t.learnerId]),
    sortIndex('learner_search_prefixes_grade_idx', t, [t.grade, t.lastName, t.firstName, t.learnerId]),
    sortIndex('learner_search_prefixes_admission_idx', t, [t.admissionNumber, t.learnerId]),
  ],
);

/** A parent or guardian known to a school; `userId` once they have an account (invitation). */
export const guardians = pgTable(
  'guardians',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased; unique within the school when present. */
    email: text('email'),
    phone: text('phone').notNull().default(''),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guardians_org_email_key')
      .on(t.organizationId, t.email)
      .where(sql`${t.email} is not null`),
    index('guardians_org_name_idx').on(t.organizationId, t.lastName, t.firstName, t.id),
    index('guardians_user_idx').on(t.userId),
  ],
);

/** Which guardian belongs to which learner, how, and who pays and hears from the school. */
export const learnerGuardians = pgTable(
  'learner_guardians',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    /** GUARDIAN_RELATIONS: 'parent' | 'guardian' | 'grandparent' | 'other'. */
    relation: text('relation').notNull(),
    paysFees: boolean('pays_fees').notNull().default(false),
    receivesCommunications: boolean('receives_communications').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.learnerId, t.guardianId] }),
    index('learner_guardians_guardian_idx').on(t.guardianId),
    check('learner_guardians_relation_check', sql`${t.relation} in ('parent', 'guardian', 'grandparent', 'other')`),
  ],
);

/**
 * A parent's or guardian's consent to the school processing a learner's data (POPIA treats
 * everyone under 18 as a child). Given online by the guardian, or recorded by staff from a signed
 * paper form; withdrawing keeps the row (who and when), so the history is never lost.
 */
export const learnerConsents = pgTable(
  'learner_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    /** The guardian who consented (null only if that guardian was later removed). */
    guardianId: uuid('guardian_id').references(() => guardians.id, { onDelete: 'set null' }),
    /** The guardian's name as it was when they consented. */
    guardianName: text('guardian_name').notNull(),
    /** 'online' (the guardian in their account) | 'paper' (staff recorded a signed form). */
    method: text('method').notNull(),
    /** The privacy policy version consented to, e.g. '2026-11'. */
    policyVersion: text('policy_version').notNull(),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: text('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('learner_consents_learner_idx').on(t.learnerId, t.givenAt),
    index('learner_consents_org_idx').on(t.organizationId),
    check('learner_consents_method_check', sql`${t.method} in ('online', 'paper')`),
  ],
);

/**
 * An account a school made for someone it knows (a guardian, a staff member, a learner:
 * modules/people/account-invitation.ts) whose person has not chosen a password yet. The row goes
 * when they do (Better Auth's onPasswordReset, create-auth.ts); while it is there the school sees
 * them as invited and can send a fresh link.
 */
export const accountInvitations = pgTable('account_invitations', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A school asks someone with an account to be linked to one of its learners (invite-guardian.ts):
 * an account that is not a member of the school becomes one only when its holder accepts, signed
 * in as the account the mail went to (guardian-link-requests.ts). Until then the school's guardian
 * record carries no user and the school sees nothing of the account. The token is stored as its
 * SHA-256; at most one request per guardian record is pending.
 */
export const guardianLinkRequests = pgTable(
  'guardian_link_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    /** The account at `email` when the school asked: only it may answer. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the mail went to. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** 'pending' | 'accepted' | 'declined' | 'withdrawn' (the school invited again, changed the address, removed the link). */
    status: text('status').notNull().default('pending'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('guardian_link_requests_token_key').on(t.tokenHash),
    uniqueIndex('guardian_link_requests_pending_key')
      .on(t.guardianId)
      .where(sql`${t.status} = 'pending'`),
    index('guardian_link_requests_org_guardian_idx').on(t.organizationId, t.guardianId, t.createdAt),
    check('guardian_link_requests_status_check', sql`${t.status} in ('pending', 'accepted', 'declined', 'withdrawn')`),
  ],
);
