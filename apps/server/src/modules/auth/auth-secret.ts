import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TConfig } from '../../platform/config/env.ts';
import type { DbExecutor } from '../../platform/db/client.ts';
import { systemSettings } from '../../platform/db/schema/index.ts';

const SETTING_KEY = 'auth_secret';

/**
 * The secret that signs session cookies and e-mail links. AUTH_SECRET when set (production must
 * set it: env.ts refuses to start without). Otherwise, in development and tests, one random secret
 * per database, generated on first start and kept in system_settings so restarts keep sessions.
 * Concurrent first starts agree: the insert does nothing when another instance won the race.
 */
export async function resolveAuthSecret(config: TConfig, db: DbExecutor): Promise<string> {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('AUTH_SECRET is required in production.');
  await db
    .insert(systemSettings)
    .values({ key: SETTING_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: systemSettings.key });
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, SETTING_KEY));
  if (typeof row?.value !== 'string') throw new Error('The stored auth secret is unreadable.');
  return row.value;
}
