import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { getSchoolPackage } from '@sekolo/shared/constants/packages';
import type { TConfig } from '../../platform/config/env.ts';
import { rowsOf, type Database, type DbExecutor } from '../../platform/db/client.ts';
import { openSecret, sealSecret } from '../../platform/lib/sealed-secret.ts';
import { resolveAuthSecret } from '../auth/index.ts';
import { smsAccounts, smsMessages, smsOptOuts, subscriptions } from '../../platform/db/schema/index.ts';
import { createBulkSmsProvider } from '../../platform/sms/bulksms.ts';
import { isStopRequest, toSmsNumber } from '../../platform/sms/sms-number.ts';
import { createSandboxSmsProvider, type SmsProvider, type TSmsStatus } from '../../platform/sms/sms-provider.ts';

export type TSmsAccountRow = typeof smsAccounts.$inferSelect;

/** The school's package (its latest subscription) and its SMS account: whether it may send SMS, and why not. */
export async function schoolSmsState(db: DbExecutor, organizationId: string) {
  const [sub] = await db
    .select({ packageId: subscriptions.packageId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, organizationId),
        inArray(subscriptions.status, ['trial', 'active', 'past_due']),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  const pkg = getSchoolPackage(sub?.packageId);
  const [account] = await db.select().from(smsAccounts).where(eq(smsAccounts.organizationId, organizationId));
  return {
    account: account ?? null,
    packageIncludesSms: Boolean(pkg?.includeSMS),
    packageName: pkg?.name ?? null,
    /** The account a message may be sent through now, or null. */
    usable: pkg?.includeSMS && account ? account : null,
  };
}

/**
 * The provider of a school's account: the sandbox, or BulkSMS with the school's credentials (the
 * secret is stored sealed: platform/lib/sealed-secret.ts, under the app secret).
 */
export async function providerFor(
  account: TSmsAccountRow,
  deps: { config: TConfig; db: Database },
  options: { fetch?: typeof fetch } = {},
): Promise<SmsProvider> {
  const secret =
    account.provider === 'bulksms' ? openSecret(account.secret, await resolveAuthSecret(deps.config, deps.db)) : '';
  return providerOf(account, deps.config, secret, options);
}

function providerOf(
  account: TSmsAccountRow,
  config: Pick<TConfig, 'BULKSMS_API_URL'>,
  secret: string,
  options: { fetch?: typeof fetch } = {},
): SmsProvider {
  if (account.provider === 'bulksms')
    return createBulkSmsProvider({
      baseUrl: config.BULKSMS_API_URL,
      username: account.username,
      secret,
      senderId: account.senderId || undefined,
      fetch: options.fetch,
    });
  return createSandboxSmsProvider();
}

/** How a school's gateway secret is stored: sealed under the app secret. */
export async function sealSmsSecret(secret: string, deps: { config: TConfig; db: Database }): Promise<string> {
  return sealSecret(secret, await resolveAuthSecret(deps.config, deps.db));
}

export function newWebhookToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The numbers of `phones` (+27 form) that opted out of the school's SMS. */
export async function optedOutOf(db: DbExecutor, organizationId: string, phones: string[]): Promise<Set<string>> {
  if (!phones.length) return new Set();
  const rows = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.organizationId, organizationId), inArray(smsOptOuts.phone, [...new Set(phones)])));
  return new Set(rows.map((r) => r.phone));
}

export async function recordOptOut(
  db: DbExecutor,
  input: { organizationId: string; phone: string; source: 'inbound' | 'manual'; recordedBy?: string | null },
) {
  const [row] = await db
    .insert(smsOptOuts)
    .values({
      organizationId: input.organizationId,
      phone: input.phone,
      source: input.source,
      recordedBy: input.recordedBy ?? null,
    })
    .onConflictDoUpdate({
      target: [smsOptOuts.organizationId, smsOptOuts.phone],
      set: { phone: sql`excluded.phone` },
    })
    .returning();
  return row!;
}

export type TSmsToSend = { to: string; body: string; purpose: 'announcement' | 'notification' | 'test' };

/**
 * Sends SMS through the school's account: each message is recorded 'queued' first (committed, so a
 * crash after the gateway took it never sends it again; it stays 'queued' for the school to see),
 * then sent, then its status stored. Answers each message's id and status, in order.
 */
export async function sendSms(
  db: DbExecutor,
  provider: SmsProvider,
  organizationId: string,
  messages: TSmsToSend[],
): Promise<{ id: string; status: TSmsStatus; error: string | null }[]> {
  if (!messages.length) return [];
  const stored = await db
    .insert(smsMessages)
    .values(
      messages.map((m) => ({
        organizationId,
        provider: provider.kind,
        toPhone: m.to,
        body: m.body,
        purpose: m.purpose,
        status: 'queued' as const,
      })),
    )
    .returning({ id: smsMessages.id });
  const results = await provider.send(messages.map((m, i) => ({ to: m.to, body: m.body, reference: stored[i]!.id })));
  await db.execute(sql`
    update ${smsMessages} as s set status = v.status, provider_message_id = v.pid, error = v.error, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(
      results.map((r) => ({ id: r.reference, status: r.status, pid: r.providerMessageId, error: r.error })),
    )}::jsonb) as v(id uuid, status text, pid text, error text)
    where s.id = v.id`);
  return results.map((r) => ({ id: r.reference, status: r.status, error: r.error }));
}

/**
 * A gateway's webhook for the account named by `token`: delivery reports update their messages'
 * status (a report never takes a delivered message back to sent), and a STOP reply records the
 * sender's opt-out. Answers what it did, or null for an unknown token.
 */
export async function receiveSmsWebhook(
  db: DbExecutor,
  config: Pick<TConfig, 'BULKSMS_API_URL'>,
  token: string,
  body: unknown,
): Promise<{ reports: number; optOuts: number } | null> {
  const [account] = await db.select().from(smsAccounts).where(eq(smsAccounts.webhookToken, token));
  if (!account) return null;
  // Reading a gateway's report needs no credential.
  const parsed = providerOf(account, config, '').parseWebhook(body);
  let reports = 0;
  if (parsed.reports.length) {
    const updated = rowsOf(
      await db.execute(sql`
      update ${smsMessages} as s set status = v.status, error = v.error, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(
        parsed.reports.map((r) => ({ pid: r.providerMessageId, status: r.status, error: r.error })),
      )}::jsonb) as v(pid text, status text, error text)
      where s.provider = ${account.provider} and s.provider_message_id = v.pid
        and s.organization_id = ${account.organizationId}
        and not (s.status = 'delivered' and v.status = 'sent')
      returning s.id`),
    );
    reports = updated.length;
  }
  let optOuts = 0;
  for (const message of parsed.inbound) {
    if (!isStopRequest(message.body)) continue;
    const number = toSmsNumber(message.from);
    if (!number.ok) continue;
    await recordOptOut(db, { organizationId: account.organizationId, phone: number.number, source: 'inbound' });
    optOuts++;
  }
  return { reports, optOuts };
}
