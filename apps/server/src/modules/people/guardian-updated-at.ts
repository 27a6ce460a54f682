import { sql } from 'drizzle-orm';
import { guardians } from '../../platform/db/schema/index.ts';

/**
 * A guardian's new updatedAt on a save: now, and always later than the one it replaces at the
 * millisecond an edit's If-Match carries, so a save is never taken for the version before it.
 */
export const NEXT_UPDATED_AT = sql`greatest(now(), ${guardians.updatedAt} + interval '1 millisecond')`;
