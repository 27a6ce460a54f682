import type { TConfig } from './platform/config/env.ts';
import type { TDemoLogin } from './seed/index.ts';

type TBannerConfig = Pick<
  TConfig,
  'NODE_ENV' | 'databaseEngine' | 'dataDir' | 'MAIL_TRANSPORT' | 'devTools' | 'DEMO_PASSWORD'
>;

/**
 * What the server prints once it listens: only what this server really offers. The outbox page
 * exists only with the development tools on, and demo logins only when the database holds them.
 * In production the demo password is the operator's own secret, so it is named, never printed.
 */
export function startupBanner(
  config: TBannerConfig,
  server: { url: string; demoLogins: readonly TDemoLogin[] },
): string {
  const mail =
    config.MAIL_TRANSPORT === 'smtp'
      ? 'SMTP'
      : config.devTools
        ? `outbox, readable at ${server.url}/dev/outbox`
        : 'outbox only: mail is kept in the database and not sent (set MAIL_TRANSPORT=smtp to send it)';
  const lines = [
    '',
    `  Sekolo is running at ${server.url}`,
    `  Database: ${config.databaseEngine === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Mail: ${mail}`,
  ];
  if (server.demoLogins.length > 0) {
    const password = config.NODE_ENV === 'production' ? 'the one set in DEMO_PASSWORD' : config.DEMO_PASSWORD;
    lines.push('', `  Demo logins (password: ${password}):`);
    for (const login of server.demoLogins) lines.push(`    ${login.role.padEnd(28)} ${login.email}`);
  }
  return lines.join('\n') + '\n';
}
