import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';

/**
 * Files people upload (modules/uploads). The bytes live in private storage (local folder or
 * S3-compatible bucket) under `storage_key`, a name we generate; the original name is only shown.
 * A deleted file keeps its row (with `deleted_at`) for the audit trail; its bytes are removed.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the file is for, e.g. 'application-document' or 'logo'. */
    purpose: text('purpose').notNull().default('general'),
    /**
     * The organisation whose record the file is attached to (set when an application naming it is
     * approved and becomes that organisation's registration). Its admins may read the file; a file
     * attached to no organisation is read only by its owner and platform admins.
     */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** The name on the uploader's machine, cleaned; shown and used in Content-Disposition, never as a path. */
    originalName: text('original_name').notNull(),
    /** As recognised from the bytes: application/pdf, image/png, image/jpeg or image/webp. */
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('uploads_storage_key_key').on(t.storageKey),
    index('uploads_owner_live_idx')
      .on(t.ownerUserId, t.createdAt)
      .where(sql`${t.deletedAt} is null`),
    index('uploads_organization_idx')
      .on(t.organizationId)
      .where(sql`${t.organizationId} is not null`),
    check('uploads_size_bytes_check', sql`${t.sizeBytes} > 0 and ${t.sizeBytes} <= 10485760`),
  ],
);

export type TUploadRow = typeof uploads.$inferSelect;
