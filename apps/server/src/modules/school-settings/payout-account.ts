import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { BANKS } from '@sekolo/shared/constants/enumerations';
import {
  SCHOOL_SETTINGS_MESSAGES as M,
  type TPayoutAccounts,
  type TPayoutAccountView,
  type ZPayoutAccountInput,
} from '@sekolo/shared/schemas/school-settings';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { organizationMembers, schoolPayoutAccounts, users } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { TSettingsCaller } from './caller.ts';

/** How long the e-mailed confirmation link works. */
export const PAYOUT_CONFIRMATION_HOURS = 48;

/** The web page the confirmation link opens. */
export const PAYOUT_CONFIRM_PATH = '/dashboard/school/settings/bank-account/confirm';

type TRow = typeof schoolPayoutAccounts.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const maskAccountNumber = (accountNumber: string) => `•••• ${accountNumber.slice(-4)}`;

function view(row: TRow): TPayoutAccountView {
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

/** The school admins of a school: who confirms a change of its bank account. */
async function schoolAdmins(db: DbExecutor, organizationId: string) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, name: users.name })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(users.role, 'school_admin'),
        eq(users.status, 'active'),
      ),
    )
    .orderBy(users.email);
}

/** The account payouts go to, or null: the one the school admin confirmed last. */
export async function confirmedPayoutAccount(db: DbExecutor, organizationId: string): Promise<TRow | null> {
  const [row] = await db
    .select()
    .from(schoolPayoutAccounts)
    .where(and(eq(schoolPayoutAccounts.organizationId, organizationId), eq(schoolPayoutAccounts.status, 'confirmed')));
  return row ?? null;
}

export async function readPayoutAccounts(db: DbExecutor, organizationId: string): Promise<TPayoutAccounts> {
  // A link past its time confirms nothing: the pending change is shown as gone.
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
  const pending = rows.find((r) => r.status === 'pending' && r.expiresAt > new Date());
  const admins = await schoolAdmins(db, organizationId);
  return {
    confirmed: confirmed ? view(confirmed) : null,
    pending: pending ? view(pending) : null,
    confirmationTo: admins.map((a) => a.email),
  };
}

/**
 * A new account waits for the school admin: a link to confirm it goes by e-mail to each school
 * admin; until it is confirmed, payouts keep going to the confirmed account. A change asked for
 * before is withdrawn (its link stops working). Audited with the last four digits only.
 */
export async function requestPayoutAccountChange(
  db: Database,
  mailer: Mailer,
  publicUrl: string,
  caller: TSettingsCaller,
  input: z.output<typeof ZPayoutAccountInput>,
): Promise<TPayoutAccounts> {
  const token = randomBytes(32).toString('base64url');
  const bankName = input.bank === 'other' ? input.otherBankName.trim() : BANKS.find((b) => b.id === input.bank)!.label;
  await transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-account:${caller.organizationId}`}))`);
    const admins = await schoolAdmins(tx, caller.organizationId);
    if (admins.length === 0) throw conflict('The school has no active school admin to confirm the change.');
    await tx
      .update(schoolPayoutAccounts)
      .set({ status: 'cancelled', tokenHash: null })
      .where(
        and(eq(schoolPayoutAccounts.organizationId, caller.organizationId), eq(schoolPayoutAccounts.status, 'pending')),
      );
    const [row] = await tx
      .insert(schoolPayoutAccounts)
      .values({
        organizationId: caller.organizationId,
        bankName,
        branchCode: input.branchCode,
        accountNumber: input.accountNumber,
        accountHolder: input.accountHolder,
        accountType: input.accountType,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + PAYOUT_CONFIRMATION_HOURS * 3_600_000),
        requestedBy: caller.userId,
      })
      .returning();
    const link = `${publicUrl}${PAYOUT_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
    await mailer.sendMany(
      admins.map((admin) => ({
        to: admin.email,
        subject: `Confirm the new bank account of ${caller.schoolName}`,
        tag: 'school-payout-account-confirm',
        ...composeMail({
          greeting: `Hello ${admin.firstName || admin.name},`,
          paragraphs: [
            `Someone signed in as ${caller.email} asked to change the bank account that ${caller.schoolName}'s online fee payments are paid out to.`,
            `Payouts keep going to the current account until a school admin confirms the new one. The link works for ${PAYOUT_CONFIRMATION_HOURS} hours.`,
          ],
          details: [
            ['Bank', bankName],
            ['Account holder', input.accountHolder],
            ['Account number', maskAccountNumber(input.accountNumber)],
            ['Branch code', input.branchCode],
          ],
          actions: [{ label: 'Confirm the new account', url: link }],
          footer: ['If you did not expect this, do not open the link, and cancel the change in the school’s settings.'],
        }),
      })),
      { within: tx },
    );
    await recordAudit(tx, {
      action: 'school_settings.payout_account_change_requested',
      actorUserId: caller.userId,
      target: `school_payout_account:${row!.id}`,
      ip: caller.ip,
      details: { organizationId: caller.organizationId, bankName, last4: input.accountNumber.slice(-4) },
    });
  });
  return readPayoutAccounts(db, caller.organizationId);
}

export async function cancelPayoutAccountChange(db: Database, caller: TSettingsCaller): Promise<TPayoutAccounts> {
  await transaction(db, async (tx) => {
    const cancelled = await tx
      .update(schoolPayoutAccounts)
      .set({ status: 'cancelled', tokenHash: null })
      .where(
        and(eq(schoolPayoutAccounts.organizationId, caller.organizationId), eq(schoolPayoutAccounts.status, 'pending')),
      )
      .returning({ id: schoolPayoutAccounts.id });
    if (cancelled.length === 0) throw notFound(M.payoutNothingPending);
    await recordAudit(tx, {
      action: 'school_settings.payout_account_change_cancelled',
      actorUserId: caller.userId,
      target: `school_payout_account:${cancelled[0]!.id}`,
      ip: caller.ip,
      details: { organizationId: caller.organizationId },
    });
  });
  return readPayoutAccounts(db, caller.organizationId);
}

/**
 * The school admin opens the e-mailed link, signed in: the new account replaces the confirmed one
 * at once (payouts from now on go there), audited, and every school admin is told by e-mail.
 */
export async function confirmPayoutAccount(
  db: Database,
  mailer: Mailer,
  caller: TSettingsCaller,
  token: string,
): Promise<TPayoutAccounts> {
  if (caller.role !== 'school_admin') throw forbidden(M.payoutLinkOtherUser);
  await transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-account:${caller.organizationId}`}))`);
    const [pending] = await tx
      .select()
      .from(schoolPayoutAccounts)
      .where(
        and(
          eq(schoolPayoutAccounts.tokenHash, hashToken(token)),
          eq(schoolPayoutAccounts.organizationId, caller.organizationId),
          eq(schoolPayoutAccounts.status, 'pending'),
        ),
      );
    if (!pending) throw notFound(M.payoutLinkInvalid);
    if (pending.expiresAt <= new Date()) {
      await tx
        .update(schoolPayoutAccounts)
        .set({ status: 'expired', tokenHash: null })
        .where(eq(schoolPayoutAccounts.id, pending.id));
      await recordAudit(tx, {
        action: 'school_settings.payout_account_link_expired',
        actorUserId: caller.userId,
        target: `school_payout_account:${pending.id}`,
        ip: caller.ip,
        details: { organizationId: caller.organizationId },
      });
      return 'expired' as const;
    }
    const [previous] = await tx
      .update(schoolPayoutAccounts)
      .set({ status: 'replaced' })
      .where(
        and(
          eq(schoolPayoutAccounts.organizationId, caller.organizationId),
          eq(schoolPayoutAccounts.status, 'confirmed'),
        ),
      )
      .returning();
    await tx
      .update(schoolPayoutAccounts)
      .set({ status: 'confirmed', tokenHash: null, confirmedBy: caller.userId, confirmedAt: new Date() })
      .where(eq(schoolPayoutAccounts.id, pending.id));
    await recordAudit(tx, {
      action: 'school_settings.payout_account_confirmed',
      actorUserId: caller.userId,
      target: `school_payout_account:${pending.id}`,
      ip: caller.ip,
      details: {
        organizationId: caller.organizationId,
        requestedBy: pending.requestedBy,
        last4: pending.accountNumber.slice(-4),
        replaced: previous?.id ?? null,
      },
    });
    const admins = await schoolAdmins(tx, caller.organizationId);
    await mailer.sendMany(
      admins.map((admin) => ({
        to: admin.email,
        subject: `${caller.schoolName}'s payout bank account was changed`,
        tag: 'school-payout-account-changed',
        ...composeMail({
          greeting: `Hello ${admin.firstName || admin.name},`,
          paragraphs: [
            `${caller.email} confirmed a new bank account for ${caller.schoolName}'s payouts. From now on, online fee payments are paid out to it.`,
          ],
          details: [
            ['Bank', pending.bankName],
            ['Account number', maskAccountNumber(pending.accountNumber)],
          ],
          footer: ['If this was not you or a colleague, contact Sekolo support at once.'],
        }),
      })),
      { within: tx },
    );
    return 'confirmed' as const;
  }).then((outcome) => {
    if (outcome === 'expired') throw conflict(M.payoutLinkExpired);
  });
  return readPayoutAccounts(db, caller.organizationId);
}
