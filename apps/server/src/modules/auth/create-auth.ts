import { betterAuth, BASE_ERROR_CODES } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_MESSAGES, NAME_MAX_LENGTH, ZSignUpRequestSchema } from '@sekolo/shared/schemas/auth';
import type { TConfig } from '../../platform/config/env.ts';
import { trustedOrigins } from '../../platform/config/trusted-origins.ts';
import type { Database } from '../../platform/db/client.ts';
import { eq } from 'drizzle-orm';
import { accountInvitations, authAccounts, authSessions, authVerifications, users } from '../../platform/db/schema/index.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { existingAccountMail, passwordResetMail, verificationLink, verificationMail } from './auth-mails.ts';
import { checkNewPassword } from './password-policy.ts';
import { hashVerificationIdentifier } from './verification-identifier.ts';
import { AUTH_PATH_HEADER, THROTTLED_AUTH_PATHS } from './auth-throttle.ts';
import { avatarUrlPattern, deleteAvatarFiles } from './avatar-files.ts';
import { createFileStorage, removeStoredBytes, storageKeysOf } from '../uploads/index.ts';

/** The bridge puts Fastify's idea of the client address here (TRUST_PROXY decides); clients cannot set it. */
export const CLIENT_IP_HEADER = 'x-sekolo-client-ip';
export const AUTH_BASE_PATH = '/api/auth';

export type TCreateAuthOptions = {
  config: TConfig;
  db: Database;
  mailer: Mailer;
  secret: string;
  log?: FastifyBaseLogger;
};

function badRequest(code: string, message: string): APIError {
  return new APIError('BAD_REQUEST', { code, message });
}

function ipOf(request: Request | undefined | null): string | null {
  return request?.headers.get(CLIENT_IP_HEADER) ?? null;
}

function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

const nameProblem = (value: unknown): string | null =>
  typeof value !== 'string' || value.trim() === ''
    ? AUTH_MESSAGES.missingInformation
    : value.trim().length > NAME_MAX_LENGTH
      ? AUTH_MESSAGES.nameTooLong
      : null;

/**
 * Better Auth on our database (docs/decisions/003-accounts.md). Sign-up answers alike for new and
 * known addresses and signs no one in: the new user opens the mailed link, then signs in (the
 * customer lands on their dashboard, an applicant on the wizard). A sign-in with an unverified
 * address is refused with 403 EMAIL_NOT_VERIFIED; the rule lives in the session hook below and
 * applies to /sign-in/email only.
 */
export function createAuth({ config, db, mailer, secret, log }: TCreateAuthOptions) {
  const secure = config.publicUrl.startsWith('https://');
  /** Storage keys of uploads, read before an account is deleted and removed after (deleteUser below). */
  const uploadKeysOfDeletedUsers = new Map<string, string[]>();

  const socialProviders: Record<string, { clientId: string; clientSecret: string }> = {};
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    socialProviders.google = { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET };
  }
  if (config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET) {
    socialProviders.facebook = { clientId: config.FACEBOOK_CLIENT_ID, clientSecret: config.FACEBOOK_CLIENT_SECRET };
  }

  return betterAuth({
    appName: 'Sekolo',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: trustedOrigins(config),
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: authSessions, account: authAccounts, verification: authVerifications },
      transaction: true,
    }),
    // Our limits live in the database and run in the Fastify bridge (auth-throttle.ts).
    rateLimit: { enabled: false },
    logger: {
      level: 'error',
      // Messages only: Better Auth's extra arguments may carry e-mail addresses.
      log: (level, message) => log?.[level]({ module: 'better-auth' }, message),
    },
    onAPIError: {
      // A refused request (4xx) is an answer, not a server fault: only log what went wrong on our side.
      onError(error) {
        if (isAPIError(error) && error.statusCode < 500) return;
        log?.error({ err: error, module: 'better-auth' }, 'authentication request failed');
      },
    },
    emailAndPassword: {
      enabled: config.AUTH_EMAIL_PASSWORD,
      // Sign-up never signs in: an address that has an account must get the same answer as a new
      // one (no session either way), so no one learns who has an account. Better Auth then answers
      // a known address as a new one and calls onExistingUserSignUp instead of creating anything.
      autoSignIn: false,
      async onExistingUserSignUp({ user }, request) {
        await mailer.send(
          existingAccountMail(user as { email: string; name: string; firstName?: string }, {
            signIn: `${config.publicUrl}/login`,
            reset: `${config.publicUrl}/forgot-password`,
          }),
        );
        await recordAudit(db, {
          action: 'auth.sign_up_existing_email',
          target: `user:${user.id}`,
          ip: ipOf(request),
        });
      },
      requireEmailVerification: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send(passwordResetMail(user as { email: string; name: string; firstName?: string }, link));
      },
      async onPasswordReset({ user }, request) {
        // A school's invitation is taken up: the person has chosen their password (account-invitation.ts).
        await db.delete(accountInvitations).where(eq(accountInvitations.userId, user.id));
        await recordAudit(db, {
          action: 'auth.password_reset',
          actorUserId: user.id,
          target: `user:${user.id}`,
          ip: ipOf(request),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        await mailer.send(
          verificationMail(user as { email: string; name: string; firstName?: string }, verificationLink(url)),
        );
      },
      async afterEmailVerification(user, request) {
        await recordAudit(db, {
          action: 'auth.email_verified',
          actorUserId: user.id,
          target: `user:${user.id}`,
          ip: ipOf(request),
        });
      },
    },
    socialProviders,
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, defaultValue: '', input: true },
        lastName: { type: 'string', required: false, defaultValue: '', input: true },
        // Never set by the client after sign-up: update-user answers 400 for these.
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
        status: { type: 'string', required: false, defaultValue: 'active', input: false },
      },
      deleteUser: {
        enabled: true,
        async beforeDelete(user) {
          // The upload rows go with the user (ON DELETE CASCADE); their stored bytes are removed after.
          uploadKeysOfDeletedUsers.set(user.id, await storageKeysOf(db, user.id));
        },
        async afterDelete(user, request) {
          await deleteAvatarFiles(config, user.id);
          const uploadKeys = uploadKeysOfDeletedUsers.get(user.id) ?? [];
          uploadKeysOfDeletedUsers.delete(user.id);
          const unremoved = await removeStoredBytes(createFileStorage(config), uploadKeys);
          if (unremoved > 0) log?.warn({ unremoved }, 'Some uploaded files of a deleted account could not be removed');
          await recordAudit(db, {
            action: 'user.deleted',
            actorUserId: user.id,
            target: `user:${user.id}`,
            ip: ipOf(request),
            details: { role: (user as { role?: string }).role },
          });
        },
      },
    },
    session: {
      expiresIn: 7 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      // No cookie cache: a revoked session must stop working at once (logout, reset).
      cookieCache: { enabled: false },
    },
    verification: { storeIdentifier: { hash: async (identifier) => hashVerificationIdentifier(identifier) } },
    advanced: {
      cookiePrefix: 'sekolo',
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Better Auth skips its Origin check under test runners; ours test the production behaviour.
      disableOriginCheck: false,
    },
    databaseHooks: {
      user: {
        create: {
          async before(user, ctx) {
            if (!ctx) return; // created by our own server code, which sets role and status itself
            if (ctx.path === '/sign-up/email') {
              // The before hook has validated the role (one of REGISTRATION_ROLES).
              const role = String((ctx.body as { role?: unknown }).role);
              return { data: { ...user, role, status: role === 'customer' ? 'active' : 'applicant' } };
            }
            // Any other way in over HTTP (OAuth sign-in): a customer, as the register screen's default.
            const names = splitName(user.name ?? '');
            return {
              data: {
                ...user,
                firstName: (user.firstName as string) || names.firstName,
                lastName: (user.lastName as string) || names.lastName,
                role: 'customer',
                status: 'active',
              },
            };
          },
        },
      },
      session: {
        create: {
          async before(session, ctx) {
            if (ctx?.path !== '/sign-in/email') return;
            const user = await ctx.context.internalAdapter.findUserById(session.userId);
            if (!user?.emailVerified) throw APIError.from('FORBIDDEN', BASE_ERROR_CODES.EMAIL_NOT_VERIFIED);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // A limited endpoint runs for an HTTP request only under the name the bridge counted it by
        // (auth-throttle.ts): a URL Better Auth resolves differently from the bridge is refused.
        if (ctx.request && THROTTLED_AUTH_PATHS.has(ctx.path)) {
          if (ctx.request.headers.get(AUTH_PATH_HEADER) !== ctx.path) {
            throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: 'No such endpoint.' });
          }
        }
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        switch (ctx.path) {
          case '/sign-up/email': {
            const parsed = ZSignUpRequestSchema.safeParse(body);
            if (!parsed.success) {
              const issue = parsed.error.issues[0]!;
              const field = String(issue.path[0] ?? '');
              if (field === 'password') {
                const problem = checkNewPassword(body.password);
                if (problem) throw badRequest(problem.code, problem.message);
              }
              throw badRequest(field === 'role' ? 'INVALID_ROLE' : 'VALIDATION_ERROR', issue.message);
            }
            const problem = checkNewPassword(parsed.data.password);
            if (problem) throw badRequest(problem.code, problem.message);
            const { firstName, lastName, email } = parsed.data;
            return {
              context: {
                body: { ...body, email, firstName, lastName, name: parsed.data.name || `${firstName} ${lastName}` },
              },
            };
          }
          case '/reset-password':
          case '/change-password': {
            const problem = checkNewPassword(body.newPassword);
            if (problem) throw badRequest(problem.code, problem.message);
            return;
          }
          case '/update-user': {
            for (const field of ['firstName', 'lastName'] as const) {
              if (field in body) {
                const problem = nameProblem(body[field]);
                if (problem) throw badRequest('VALIDATION_ERROR', problem);
              }
            }
            if ('image' in body && body.image !== null) {
              const session = await getSessionFromCtx(ctx);
              if (typeof body.image !== 'string' || !session || !avatarUrlPattern(session.user.id).test(body.image)) {
                throw badRequest('VALIDATION_ERROR', 'Please upload your picture with the profile page.');
              }
            }
            const next = { ...body };
            for (const field of ['firstName', 'lastName', 'name'] as const) {
              if (typeof next[field] === 'string') next[field] = (next[field] as string).trim();
            }
            if (next.name === undefined && typeof next.firstName === 'string' && typeof next.lastName === 'string') {
              next.name = `${next.firstName} ${next.lastName}`;
            }
            return { context: { body: next } };
          }
          case '/delete-user': {
            // Contract: deleting needs the password, however fresh the session.
            if (typeof body.password !== 'string' || body.password === '') {
              throw badRequest('PASSWORD_REQUIRED', 'Please enter your password to delete your account.');
            }
            return;
          }
          case '/sign-out': {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (session) {
              await recordAudit(db, {
                action: 'auth.sign_out',
                actorUserId: session.user.id,
                target: `user:${session.user.id}`,
                ip: ipOf(ctx.request),
              });
            }
            return;
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const failed = isAPIError(returned);
        const ip = ipOf(ctx.request);
        switch (ctx.path) {
          case '/sign-in/email': {
            if (!failed) {
              const userId = ctx.context.newSession?.user.id ?? null;
              await recordAudit(db, {
                action: 'auth.sign_in',
                actorUserId: userId,
                target: userId && `user:${userId}`,
                ip,
                details: { method: 'email' },
              });
              return;
            }
            const email = typeof ctx.body?.email === 'string' ? ctx.body.email : '';
            const found = email ? await ctx.context.internalAdapter.findUserByEmail(email).catch(() => null) : null;
            await recordAudit(db, {
              action: 'auth.sign_in_failed',
              target: found ? `user:${found.user.id}` : null,
              ip,
              details: { reason: (returned.body as { code?: string } | undefined)?.code ?? returned.status },
            });
            return;
          }
          case '/callback/:id': {
            // Google or Facebook signed someone in. Success ends in a redirect, which Better
            // Auth throws like an error, so the new session is the sign of success.
            const userId = ctx.context.newSession?.user.id;
            if (userId) {
              await recordAudit(db, {
                action: 'auth.sign_in',
                actorUserId: userId,
                target: `user:${userId}`,
                ip,
                details: { method: ctx.params?.id },
              });
            }
            return;
          }
          case '/sign-up/email': {
            if (failed) return;
            // A new account (an address that had one answers alike, audited in onExistingUserSignUp).
            const answered = (returned as { user?: { id?: string } } | undefined)?.user?.id;
            const [user] = answered
              ? await db
                  .select({ id: users.id, role: users.role, status: users.status })
                  .from(users)
                  .where(eq(users.id, answered))
              : [];
            if (user) {
              await recordAudit(db, {
                action: 'auth.sign_up',
                actorUserId: user.id,
                target: `user:${user.id}`,
                ip,
                details: { role: user.role, status: user.status },
              });
            }
            return;
          }
          case '/change-password': {
            if (failed) return;
            const userId =
              ctx.context.session?.user.id ?? (returned as { user?: { id?: string } } | undefined)?.user?.id ?? null;
            await recordAudit(db, {
              action: 'auth.password_changed',
              actorUserId: userId,
              target: userId && `user:${userId}`,
              ip,
              details: { revokedOtherSessions: ctx.body?.revokeOtherSessions === true },
            });
            return;
          }
          case '/revoke-other-sessions':
          case '/revoke-sessions': {
            if (failed) return;
            const userId = ctx.context.session?.user.id ?? null;
            await recordAudit(db, {
              action: 'auth.sessions_revoked',
              actorUserId: userId,
              target: userId && `user:${userId}`,
              ip,
              details: { which: ctx.path.slice(1) },
            });
            return;
          }
        }
      }),
    },
  });
}

export type TAuth = ReturnType<typeof createAuth>;
