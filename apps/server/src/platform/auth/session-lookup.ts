import { createHmac, timingSafeEqual } from 'node:crypto';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { namedArrayStatement, type Database } from '../db/client.ts';
import { authSessions, organizationMembers, organizations, schoolRolePermissions, users } from '../db/schema/index.ts';
import type { TMembership, TOrganizationType } from '../tenancy/organizations.ts';

/**
 * The guards' session check in one SQL statement.
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
  /**
   * The auth generation when the session was read (migration 0037_session_generation): it moves
   * whenever any caller's standing may have changed, so a statement given a reused read can refuse
   * to act on it once it has moved.
   */
  generation: string;
  user: TSessionRowUser;
  organization: TMembership | null;
  /** The school's changes to the permissions of the user's role there (SESSION_FIELDS.permissionOverrides). */
  permissionOverrides: string | null;
};

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

/** The columns of a session lookup, in the order a statement's array rows hold them (SESSION_COLUMNS). */
const SESSION_FIELDS = {
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
  generation: sql<string>`(select "n" from "auth_generation")::text`,
  /**
   * The school's changes to the permissions of the caller's role (D26, migration 0043), as
   * permissionsWithOverrides reads them: '+granted,-withdrawn', null for none. An index lookup on
   * the table's key, in the same statement, so every guard follows the school's table at no extra
   * round trip.
   */
  permissionOverrides: sql<
    string | null
  >`(select string_agg(case when ${schoolRolePermissions.granted} then '+' else '-' end || ${schoolRolePermissions.permission}, ',') from ${schoolRolePermissions} where ${schoolRolePermissions.organizationId} = ${organizations.id} and ${schoolRolePermissions.role} = ${users.role})`,
};
/** Where each of SESSION_FIELDS is in a row. */
export const SESSION_COLUMNS = Object.fromEntries(Object.keys(SESSION_FIELDS).map((key, i) => [key, i])) as Record<
  keyof typeof SESSION_FIELDS,
  number
>;
/** How many columns a session takes at the start of a row of a statement built on SESSION_SELECT. */
export const SESSION_COLUMN_COUNT = Object.keys(SESSION_COLUMNS).length;

/**
 * The lookup's statement as SQL (the token a placeholder named `token`): the session of the token
 * and its user's first membership. The lookup runs it prepared; a route that reads the session and
 * its own data in one statement (one round trip instead of two) puts it in a `WITH` and the
 * session's columns first in its rows, for `TSessionLookup.fromColumns` (the register read of
 * modules/academics/attendance, docs/decisions/007-school-scale-on-two-cores.md).
 */
export const SESSION_SELECT: SQL = new QueryBuilder()
  .select(SESSION_FIELDS)
  .from(authSessions)
  .innerJoin(users, eq(users.id, authSessions.userId))
  .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
  .leftJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
  .where(eq(authSessions.token, sql.placeholder('token')))
  // The first membership (findMembership); NULLs (no membership) sort last.
  .orderBy(asc(organizationMembers.createdAt))
  .limit(1)
  .getSQL();

/**
 * SESSION_SELECT as the `WITH` query `name`, its columns named as SESSION_FIELDS's keys (the
 * school of the caller's first membership is `"organizationId"`).
 */
export function sessionWith(name: string): SQL {
  const columns = sql.join(
    Object.keys(SESSION_COLUMNS).map((key) => sql.identifier(key)),
    sql`, `,
  );
  return sql`${sql.identifier(name)}(${columns}) as (${SESSION_SELECT})`;
}

/** The name the lookup's statement is prepared under (the scale bench runs it so too). */
export const SESSION_STATEMENT = 'sekolo_session_user';

export type TSessionLookup = {
  /** The session a Cookie header names, or null: the guards' check. */
  find(cookieHeader: string): Promise<TSessionRow | null>;
  /** The token of a Cookie header's session cookie when its signature holds, or null; asks no database. */
  tokenOf(cookieHeader: string): string | null;
  /**
   * The session from the first SESSION_COLUMN_COUNT values of a row that a route's statement read
   * with SESSION_SELECT for `token` (no row, or a row without a session: null), checked as `find`
   * checks the lookup's own (an expired session is refused and deleted): valid at `now`, by default
   * the time of the call (a statement that checked the session itself was given the same instant).
   */
  fromColumns(values: readonly unknown[] | undefined, token: string, now?: Date): Promise<TSessionRow | null>;
  /**
   * `find`, answered from this process's last read of the same session when that read is at most
   * `withinMs` old and the session unexpired: for the few hot routes where a second round trip
   * would cost more than their statement. Such a read may be out of date; the route's statement
   * writes only while the auth generation still reads the row's `generation`, and otherwise the
   * route reads the session again (`find`).
   */
  recent(cookieHeader: string, withinMs: number): Promise<TSessionRow | null>;
};

/** At most this many sessions are kept for `recent`; past it, the oldest read goes first. */
const RECENT_SESSIONS_KEPT = 10_000;

/**
 * What the lookup reads of the identity provider (Better Auth's context, given by the auth module):
 * its session cookie's name, its signing secret, and whether sessions live somewhere else.
 */
export type TSessionProvider = {
  $context: Promise<{
    options: { secondaryStorage?: unknown; session?: { cookieCache?: { enabled?: boolean } } };
    authCookies: { sessionToken: { name: string } };
    secret: string;
  }>;
};

export async function createSessionLookup(auth: TSessionProvider, db: Database): Promise<TSessionLookup | null> {
  const context = await auth.$context;
  const options: { secondaryStorage?: unknown; session?: { cookieCache?: { enabled?: boolean } } } = context.options;
  if (options.secondaryStorage || options.session?.cookieCache?.enabled) return null;
  const cookieName = context.authCookies.sessionToken.name;
  const secret = context.secret;
  const statement = namedArrayStatement(SESSION_STATEMENT, SESSION_SELECT, (rows) => rows[0]);

  // Signed cookie values already verified, and their tokens: the signature of a value never
  // changes, so each browser's cookie costs one HMAC, not one a request. Only the signature is
  // remembered; whether the token still names a session is asked of the database every time.
  const verified = new Map<string, string>();
  const tokenOf = (cookieHeader: string) => {
    const value = readCookie(cookieHeader, cookieName);
    if (!value) return null;
    const known = verified.get(value);
    if (known !== undefined) return known;
    const token = verifySignedValue(value, secret);
    if (token !== null) {
      verified.set(value, token);
      if (verified.size > RECENT_SESSIONS_KEPT) verified.delete(verified.keys().next().value!);
    }
    return token;
  };
  const fromColumns: TSessionLookup['fromColumns'] = async (values, token, now = new Date()) => {
    // No row, or one whose session part is empty: the token names no session.
    if (!values || values[SESSION_COLUMNS.sessionId] == null) return null;
    // Array rows carry a timestamp as PostgreSQL's text (platform/db/client.ts).
    const expiresAt = new Date(values[SESSION_COLUMNS.expiresAt] as string);
    if (expiresAt < now) {
      await db.delete(authSessions).where(eq(authSessions.token, token));
      return null;
    }
    const v = (key: keyof typeof SESSION_COLUMNS) => values[SESSION_COLUMNS[key]] as string;
    return {
      sessionId: v('sessionId'),
      expiresAt,
      generation: v('generation'),
      permissionOverrides: (values[SESSION_COLUMNS.permissionOverrides] as string | null) ?? null,
      user: {
        id: v('userId'),
        email: v('email'),
        name: v('name'),
        firstName: v('firstName'),
        lastName: v('lastName'),
        image: values[SESSION_COLUMNS.image] as string | null,
        emailVerified: values[SESSION_COLUMNS.emailVerified] as boolean,
        role: v('role'),
        status: v('status'),
      },
      organization:
        v('organizationId') && v('organizationName') && v('organizationType') && v('memberRole')
          ? {
              id: v('organizationId'),
              name: v('organizationName'),
              type: v('organizationType') as TOrganizationType,
              role: v('memberRole'),
            }
          : null,
    };
  };

  // The last read of each session, oldest first (a Map keeps insertion order), for `recent`.
  const reads = new Map<string, { row: TSessionRow; at: number }>();
  const read = async (token: string) => {
    const at = Date.now();
    const row = await fromColumns(await statement(db, { token }), token);
    reads.delete(token);
    if (row) {
      reads.set(token, { row, at });
      if (reads.size > RECENT_SESSIONS_KEPT) reads.delete(reads.keys().next().value!);
    }
    return row;
  };

  return {
    tokenOf,
    fromColumns,
    async find(cookieHeader) {
      const token = tokenOf(cookieHeader);
      return token ? read(token) : null;
    },
    async recent(cookieHeader, withinMs) {
      const token = tokenOf(cookieHeader);
      if (!token) return null;
      const kept = reads.get(token);
      const now = Date.now();
      if (kept && now - kept.at <= withinMs && kept.row.expiresAt.getTime() >= now) return kept.row;
      return read(token);
    },
  };
}
