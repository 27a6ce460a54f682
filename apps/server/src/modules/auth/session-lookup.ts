import { createHmac, timingSafeEqual } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authSessions, organizationMembers, organizations, users } from '../../db/schema/index.ts';
import type { TAuth } from './create-auth.ts';
import type { TMembership, TOrganizationType } from './organizations.ts';

/**
 * The guards' session check in one SQL statement (issue 6: it was half the CPU of a school request).
 *
 * It answers exactly what `auth.api.getSession({ query: { disableRefresh: true } })` answered, plus
 * the caller's first membership (organizations.ts findMembership), read from the same places:
 *   - the session cookie (its name from Better Auth's context: prefix, `__Secure-` on https) must
 *     carry a valid signature: `<token>.<base64 HMAC-SHA256 of token with the auth secret>`, the
 *     format better-call's getSignedCookie verifies (first cookie of that name wins, 44-character
 *     signature ending in "="); a missing, malformed or tampered cookie is no session;
 *   - the token must name a row of auth_sessions (sign-out, revocation, password reset and account
 *     deletion delete that row, so they take effect on the next request: nothing is cached), whose
 *     user still exists;
 *   - an expired session is refused and its row deleted, as Better Auth does.
 * Guards never slide the expiry (they asked Better Auth for disableRefresh); the web app's
 * /api/auth/get-session still does (updateAge), through Better Auth itself.
 *
 * When Better Auth is configured to keep sessions elsewhere (secondary storage, cookie cache),
 * `createSessionLookup` answers null and the guards ask Better Auth as before.
 */
/** The user's own fields, as the guards hand them on (TSessionUser). */
export type TSessionRowUser = {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  image: string | null;
  emailVerified: boolean;
  role: string;
  status: string;
};

export type TSessionRow = {
  sessionId: string;
  expiresAt: Date;
  user: TSessionRowUser;
  organization: TMembership | null;
};

export type TSessionLookup = (cookieHeader: string) => Promise<TSessionRow | null>;

const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/** The value of the first cookie called `name` (better-call's parseCookies keeps the first). */
export function readCookie(header: string, name: string): string | null {
  let index = 0;
  while (index < header.length) {
    const eqIdx = header.indexOf('=', index);
    if (eqIdx === -1) break;
    let endIdx = header.indexOf(';', index);
    if (endIdx === -1) endIdx = header.length;
    else if (endIdx < eqIdx) {
      index = header.lastIndexOf(';', eqIdx - 1) + 1;
      continue;
    }
    if (header.slice(index, eqIdx).trim() === name) {
      let value = header.slice(eqIdx + 1, endIdx).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      if (!value.includes('%')) return value;
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
    index = endIdx + 1;
  }
  return null;
}

/** The token of a signed cookie value, or null when the signature does not match `secret`. */
export function verifySignedValue(value: string, secret: string): string | null {
  const at = value.lastIndexOf('.');
  if (at < 1) return null;
  const token = value.slice(0, at);
  const signature = value.slice(at + 1);
  if (!SIGNATURE.test(signature)) return null;
  const expected = createHmac('sha256', secret).update(token, 'utf8').digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

function sessionQuery(db: Database) {
  return (
    db
      .select({
        sessionId: authSessions.id,
        expiresAt: authSessions.expiresAt,
        userId: users.id,
        email: users.email,
        name: users.name,
        firstName: users.firstName,
        lastName: users.lastName,
        image: users.image,
        emailVerified: users.emailVerified,
        role: users.role,
        status: users.status,
        organizationId: organizations.id,
        organizationName: organizations.name,
        organizationType: organizations.type,
        memberRole: organizationMembers.role,
      })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
      .leftJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
      .where(eq(authSessions.token, sql.placeholder('token')))
      // The first membership (findMembership); NULLs (no membership) sort last.
      .orderBy(asc(organizationMembers.createdAt))
      .limit(1)
      .prepare('sekolo_session_user')
  );
}

export async function createSessionLookup(auth: TAuth, db: Database): Promise<TSessionLookup | null> {
  const context = await auth.$context;
  const options: { secondaryStorage?: unknown; session?: { cookieCache?: { enabled?: boolean } } } = context.options;
  if (options.secondaryStorage || options.session?.cookieCache?.enabled) return null;
  const cookieName = context.authCookies.sessionToken.name;
  const secret = context.secret;
  const statement = sessionQuery(db);

  return async (cookieHeader) => {
    const value = readCookie(cookieHeader, cookieName);
    if (!value) return null;
    const token = verifySignedValue(value, secret);
    if (!token) return null;
    const [row] = await statement.execute({ token });
    if (!row) return null;
    if (row.expiresAt < new Date()) {
      await db.delete(authSessions).where(eq(authSessions.token, token));
      return null;
    }
    return {
      sessionId: row.sessionId,
      expiresAt: row.expiresAt,
      user: {
        id: row.userId,
        email: row.email,
        name: row.name,
        firstName: row.firstName,
        lastName: row.lastName,
        image: row.image,
        emailVerified: row.emailVerified,
        role: row.role,
        status: row.status,
      },
      organization:
        row.organizationId && row.organizationName && row.organizationType && row.memberRole
          ? {
              id: row.organizationId,
              name: row.organizationName,
              type: row.organizationType as TOrganizationType,
              role: row.memberRole,
            }
          : null,
    };
  };
}
