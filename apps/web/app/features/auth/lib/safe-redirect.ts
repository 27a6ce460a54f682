import { sameSitePath } from '@sekolo/shared/domain/site-path';
import { paths } from '~/config/paths';

/**
 * A `redirectTo` from the query string is only followed when it stays on this site (sameSitePath:
 * no scheme, no `//host`, no backslash, tab or newline tricks, raw or percent-encoded), and never
 * back to the sign-in or sign-up page, however the path spells them (`/x/../login`, `/%2e/login`).
 * The answer is the normalised path that is then followed.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  const path = sameSitePath(value);
  if (!path) return null;
  const pathname = path.replace(/[?#].*$/, '').toLowerCase();
  if (pathname.startsWith(paths.auth.login) || pathname.startsWith(paths.auth.register)) return null;
  return path;
}
