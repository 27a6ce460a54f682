import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { uploads } from './uploads.ts';

/**
 * What an organisation's public directory profile shows (modules/directory, migration 0050). No
 * row: the defaults (listed, e-mail and phone shown; street address and map hidden for a school
 * until it chooses, shown for business partners and charities, who registered them to be found).
 */
export const directoryProfiles = pgTable('directory_profiles', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  listed: boolean('listed').notNull().default(true),
  showEmail: boolean('show_email').notNull().default(true),
  showPhone: boolean('show_phone').notNull().default(true),
  showAddress: boolean('show_address').notNull(),
  showMap: boolean('show_map').notNull(),
  /** The profile's tag line; null: the one registered (marketplace profile or application). */
  tagLine: text('tag_line'),
  /** Business partners and charities: public contacts; null: the e-mail they registered with. */
  contactEmail: text('contact_email'),
  contactPhone: text('contact_phone'),
  /** Business partners and charities: the logo (an image upload attached to the organisation). */
  logoUploadId: uuid('logo_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
