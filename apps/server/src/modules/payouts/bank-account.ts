import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { BANKS } from '@sekolo/shared/constants/enumerations';
import type { TPayoutAccounts, TPayoutAccountView, ZPayoutAccountInput } from '@sekolo/shared/schemas/school-settings';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { schoolPayoutAccounts } from '../../platform/db/schema/index.ts';
import { lockForTransaction, transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';

/*
 * The payout bank account of any organisation (a school, business partner, charity or young
 * entrepreneur's shop): a change is a `pending` row whose link (a random token, stored hashed, 48
 * hours) goes by e-mail to whoever confirms it; once confirmed it replaces the confirmed account and
 * payouts go there. Until then, payouts keep going to the confirmed one (or wait, if there is none).
 * modules/school-settings words it for schools; this module for the marketplace's sellers.
 */

/** How long the e-mailed confirmation link works. */
export const PAYOUT_CONFIRMATION_HOURS = 48;

export type TBankAccountRow = typeof schoolPayoutAccounts.$inferSelect;

/** Someone a confirmation link or the notice of a change goes to. */
export type TAccountRecipient = { email: string; name: string };

/** Who asks, confirms or cancels: audited with their address truncated. */
export type TAccountActor = { userId: string | null; email: string; ip: string | null };

/** What differs between the organisations: the mail's wording, its tags, the audit's prefix. */
export type TAccountWording = {
  /** 'school_settings' → 'school_settings.payout_account_confirmed'. */
  auditPrefix: string;
  confirmTag: string;
  changedTag: string;
  /** The web page the link opens, e.g. /dashboard/school/settings/bank-account/confirm. */
  confirmPath: string;
  /** What is paid out, e.g. "online fee payments". */
  money: string;
  /** Who confirms, e.g. "a school admin". */
  confirmer: string;
  /** Where a change is cancelled, e.g. "the school’s settings". */
  cancelPlace: string;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const maskAccountNumber = (accountNumber: string) => `•••• ${accountNumber.slice(-4)}`;

export const bankNameOf = (input: { bank: string; otherBankName?: string }) =>
  input.bank === 'other'
    ? (input.otherBankName ?? '').trim()
    : (BANKS.find((b) => b.id === input.bank)?.label ?? input.bank);

function view(row: TBankAccountRow): TPayoutAccountView {
  return {
    id: row.id,
    bankName: row.bankName,
    branchCode: row.branchCode,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    accountHolder: row.accountHolder,
    accountType: row.accountType,
    status: row.status as TPayoutAccountView['status'],
    requestedAt: row.requestedAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The account payouts go to, or null: the one confirmed last. */
export async function confirmedPayoutAccount(db: DbExecutor, organizationId: string): Promise<TBankAccountRow | null> {
  const [row] = await db
    .select()
    .from(schoolPayoutAccounts)
    .where(and(eq(schoolPayoutAccounts.organizationId, organizationId), eq(schoolPayoutAccounts.status, 'confirmed')));
  return row ?? null;
}

/** The confirmed account and the change waiting, if any; `confirmationTo`: where a new link would go. */
export async function readBankAccounts(
  db: DbExecutor,
  organizationId: string,
  confirmationTo: readonly string[],
): Promise<TPayoutAccounts> {
  const rows = await db
    .select()
    .from(schoolPayoutAccounts)
    .where(
      and(
        eq(schoolPayoutAccounts.organizationId, organizationId),
        inArray(schoolPayoutAccounts.status, ['confirmed', 'pending']),
      ),
    );
  const confirmed = rows.find((r) => r.status === 'confirmed');
  // A link past its time confirms nothing: the pending change is shown as gone.
  const pending = rows.find((r) => r.status === 'pending' && r.expiresAt > new Date());
  return {
    confirmed: confirmed ? view(confirmed) : null,
    pending: pending ? view(pending) : null,
    confirmationTo: [...confirmationTo],
  };
}

const lockAccounts = (tx: DbExecutor, organizationId: string) =>
  lockForTransaction(tx, `payout-account:${organizationId}`);

/**
 * A new account waits for confirmation: a link goes by e-mail to each of `confirmers`; a change
 * asked for before is withdrawn (its link stops working). `byNamedPerson`: the link is the
 * confirmer's alone (a guardian without an account here confirms with it, signed in or not).
 * Audited with the last four digits only.
 */
export async function requestBankAccountChange(
  db: Database,
  mailer: Mailer,
  publicUrl: string,
  input: {
    organizationId: string;
    organizationName: string;
    actor: TAccountActor;
    account: z.output<typeof ZPayoutAccountInput>;
    confirmers: readonly TAccountRecipient[];
    byNamedPerson: boolean;
    wording: TAccountWording;
    noConfirmerMessage: string;
  },
): Promise<void> {
  const { organizationId, account, wording } = input;
  const token = randomBytes(32).toString('base64url');
  const bankName = bankNameOf(account);
  await transaction(db, async (tx) => {
    await lockAccounts(tx, organizationId);
    if (input.confirmers.length === 0) throw conflict(input.noConfirmerMessage);
    await tx
      .update(schoolPayoutAccounts)
      .set({ status: 'cancelled', tokenHash: null })
      .where(and(eq(schoolPayoutAccounts.organizationId, organizationId), eq(schoolPayoutAccounts.status, 'pending')));
    const named = input.byNamedPerson ? input.confirmers[0]! : null;
    const [row] = await tx
      .insert(schoolPayoutAccounts)
      .values({
        organizationId,
        bankName,
        branchCode: account.branchCode,
        accountNumber: account.accountNumber,
        accountHolder: account.accountHolder,
        accountType: account.accountType,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + PAYOUT_CONFIRMATION_HOURS * 3_600_000),
        requestedBy: input.actor.userId,
        confirmerEmail: named?.email ?? null,
        confirmerName: named?.name ?? null,
      })
      .returning();
    const link = `${publicUrl}${wording.confirmPath}?token=${encodeURIComponent(token)}`;
    await mailer.sendMany(
      input.confirmers.map((person) => ({
        to: person.email,
        subject: `Confirm the new bank account of ${input.organizationName}`,
        tag: wording.confirmTag,
        ...composeMail({
          greeting: `Hello ${person.name},`,
          paragraphs: [
            `Someone signed in as ${input.actor.email} asked to change the bank account that ${input.organizationName}'s ${wording.money} are paid out to.`,
            `Payouts keep going to the current account until ${wording.confirmer} confirms the new one. The link works for ${PAYOUT_CONFIRMATION_HOURS} hours.`,
          ],
          details: [
            ['Bank', bankName],
            ['Account holder', account.accountHolder],
            ['Account number', maskAccountNumber(account.accountNumber)],
            ['Branch code', account.branchCode],
          ],
          actions: [{ label: 'Confirm the new account', url: link }],
          footer: [
            `If you did not expect this, do not open the link, and cancel the change in ${wording.cancelPlace}.`,
          ],
        }),
      })),
      { within: tx },
    );
    await recordAudit(tx, {
      action: `${wording.auditPrefix}.payout_account_change_requested`,
      actorUserId: input.actor.userId,
      target: `payout_account:${row!.id}`,
      ip: input.actor.ip,
      details: { organizationId, bankName, last4: account.accountNumber.slice(-4), confirmer: named?.email ?? null },
    });
  });
}

export async function cancelBankAccountChange(
  db: Database,
  input: { organizationId: string; actor: TAccountActor; auditPrefix: string; nothingPendingMessage: string },
): Promise<void> {
  await transaction(db, async (tx) => {
    const cancelled = await tx
      .update(schoolPayoutAccounts)
      .set({ status: 'cancelled', tokenHash: null })
      .where(
        and(eq(schoolPayoutAccounts.organizationId, input.organizationId), eq(schoolPayoutAccounts.status, 'pending')),
      )
      .returning({ id: schoolPayoutAccounts.id });
    if (cancelled.length === 0) throw notFound(input.nothingPendingMessage);
    await recordAudit(tx, {
      action: `${input.auditPrefix}.payout_account_change_cancelled`,
      actorUserId: input.actor.userId,
      target: `payout_account:${cancelled[0]!.id}`,
      ip: input.actor.ip,
      details: { organizationId: input.organizationId },
    });
  });
}

/**
 * Confirms the change whose link carries `token`. `organizationId`: a member signed in to that
 * organisation confirms (its link is not a named person's); null: the link is a named person's
 * (a guardian's), and the token alone confirms it. The new account replaces the confirmed one at
 * once, audited, and `notify(tx, row)` is told by e-mail. Answers the organisation's id.
 */
export async function confirmBankAccount(
  db: Database,
  mailer: Mailer,
  input: {
    token: string;
    organizationId: string | null;
    actor: TAccountActor;
    wording: TAccountWording;
    organizationName: (tx: DbExecutor, organizationId: string) => Promise<string>;
    notify: (tx: DbExecutor, organizationId: string) => Promise<readonly TAccountRecipient[]>;
    messages: { invalid: string; expired: string };
  },
): Promise<string> {
  const { wording } = input;
  const [candidate] = await db
    .select({ organizationId: schoolPayoutAccounts.organizationId })
    .from(schoolPayoutAccounts)
    .where(eq(schoolPayoutAccounts.tokenHash, hashToken(input.token)));
  const organizationId = input.organizationId ?? candidate?.organizationId;
  if (!organizationId) throw notFound(input.messages.invalid);
  const outcome = await transaction(db, async (tx) => {
    await lockAccounts(tx, organizationId);
    const [pending] = await tx
      .select()
      .from(schoolPayoutAccounts)
      .where(
        and(
          eq(schoolPayoutAccounts.tokenHash, hashToken(input.token)),
          eq(schoolPayoutAccounts.organizationId, organizationId),
          eq(schoolPayoutAccounts.status, 'pending'),
          input.organizationId
            ? isNull(schoolPayoutAccounts.confirmerEmail)
            : isNotNull(schoolPayoutAccounts.confirmerEmail),
        ),
      );
    if (!pending) return 'invalid' as const;
    if (pending.expiresAt <= new Date()) {
      await tx
        .update(schoolPayoutAccounts)
        .set({ status: 'expired', tokenHash: null })
        .where(eq(schoolPayoutAccounts.id, pending.id));
      await recordAudit(tx, {
        action: `${wording.auditPrefix}.payout_account_link_expired`,
        actorUserId: input.actor.userId,
        target: `payout_account:${pending.id}`,
        ip: input.actor.ip,
        details: { organizationId },
      });
      return 'expired' as const;
    }
    const [previous] = await tx
      .update(schoolPayoutAccounts)
      .set({ status: 'replaced' })
      .where(and(eq(schoolPayoutAccounts.organizationId, organizationId), eq(schoolPayoutAccounts.status, 'confirmed')))
      .returning();
    await tx
      .update(schoolPayoutAccounts)
      .set({ status: 'confirmed', tokenHash: null, confirmedBy: input.actor.userId, confirmedAt: new Date() })
      .where(eq(schoolPayoutAccounts.id, pending.id));
    const confirmedBy = pending.confirmerEmail ?? input.actor.email;
    await recordAudit(tx, {
      action: `${wording.auditPrefix}.payout_account_confirmed`,
      actorUserId: input.actor.userId,
      target: `payout_account:${pending.id}`,
      ip: input.actor.ip,
      details: {
        organizationId,
        requestedBy: pending.requestedBy,
        confirmedBy,
        last4: pending.accountNumber.slice(-4),
        replaced: previous?.id ?? null,
      },
    });
    const name = await input.organizationName(tx, organizationId);
    const recipients = await input.notify(tx, organizationId);
    await mailer.sendMany(
      recipients.map((person) => ({
        to: person.email,
        subject: `${name}'s payout bank account was changed`,
        tag: wording.changedTag,
        ...composeMail({
          greeting: `Hello ${person.name},`,
          paragraphs: [
            `${confirmedBy} confirmed a new bank account for ${name}'s payouts. From now on, ${wording.money} are paid out to it.`,
          ],
          details: [
            ['Bank', pending.bankName],
            ['Account number', maskAccountNumber(pending.accountNumber)],
          ],
          footer: ['If this was not you or someone you know of, contact Sekolo support at once.'],
        }),
      })),
      { within: tx },
    );
    return 'confirmed' as const;
  });
  if (outcome === 'invalid') throw notFound(input.messages.invalid);
  if (outcome === 'expired') throw conflict(input.messages.expired);
  return organizationId;
}
