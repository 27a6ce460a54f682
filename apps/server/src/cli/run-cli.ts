import { ConfigError, loadConfig, type TConfig } from '../platform/config/env.ts';
import { DataDirLockedError } from '../platform/db/data-dir-lock.ts';

/** Shared frame of the command-line tools: configuration errors and a locked folder end with a clear message. */
export async function runCli(name: string, command: (config: TConfig) => Promise<number>): Promise<void> {
  try {
    process.exitCode = await command(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
    } else {
      console.error(`${name} failed: ${reasonOf(error)}`);
    }
    process.exitCode = 1;
  }
}

/** The database's own words (e.g. a violated constraint) rather than drizzle's "Failed query: <sql> params: <values>". */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message.startsWith('Failed query:') && error.cause instanceof Error) return error.cause.message;
  return error.message;
}

export function describeDatabase(config: TConfig): string {
  return config.databaseEngine === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
}
