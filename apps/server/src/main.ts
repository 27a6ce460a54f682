import { ConfigError, loadConfig } from './config/env.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { startServer } from './server.ts';
import { isClusterWorker, runPrimary } from './cluster.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (config.WEB_CONCURRENCY > 1 && !isClusterWorker()) {
    runPrimary(config.WEB_CONCURRENCY);
    return;
  }
  try {
    const server = await startServer(config);
    const lines = [
      '',
      `  Sekolo is running at ${server.url}`,
      `  Database: ${config.databaseEngine === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
      `  Mail: ${config.MAIL_TRANSPORT === 'outbox' ? `outbox, readable at ${server.url}/dev/outbox` : 'SMTP'}`,
    ];
    if (server.demoLogins.length > 0) {
      lines.push('', `  Demo logins (password: ${config.DEMO_PASSWORD}):`);
      for (const login of server.demoLogins) lines.push(`    ${login.role.padEnd(28)} ${login.email}`);
    }
    console.log(lines.join('\n') + '\n');

    const shutdown = (signal: string) => {
      console.log(`${signal} received: finishing in-flight requests and closing the database...`);
      server
        .stop()
        .then(() => process.exit(0))
        .catch((error) => {
          console.error('Shutdown failed:', error);
          process.exit(1);
        });
    };
    process.once('SIGTERM', () => shutdown('SIGTERM'));
    process.once('SIGINT', () => shutdown('SIGINT'));
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error('Sekolo could not start:', error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

void main();
