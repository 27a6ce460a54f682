import { ConfigError, loadConfig } from './platform/config/env.ts';
import { DataDirLockedError } from './platform/db/data-dir-lock.ts';
import { startServer } from './server.ts';
import { startupBanner } from './startup-banner.ts';
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
    console.log(startupBanner(config, server));

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
