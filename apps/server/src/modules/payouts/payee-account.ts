import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DASHBOARD_PATH_BY_ROLE } from '@sekolo/shared/constants/roles';
import {
  PAYOUT_MESSAGES as M,
  type TGuardianAccountChange,
  type TPayoutOverview,
} from '@sekolo/shared/schemas/payouts';
import type { TPayoutAccounts, ZPayoutAccountInput } from '@sekolo/shared/schemas/school-settings';
import { PAYOUT_FEES_CENTS } from '@sekolo/shared/constants/fees';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { schoolPayoutAccounts } from '../../platform/db/schema/index.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { notFound } from '../../platform/http/errors.ts';
import {
  cancelBankAccountChange,
  confirmBankAccount,
  maskAccountNumber,
  readBankAccounts,
  requestBankAccountChange,
  type TAccountActor,
  type TAccountWording,
} from './bank-account.ts';
import { consentingGuardian, organizationName, payeeMembers, payeeRecipients, type TPayee } from './payees.ts';
import { availableBalance, earningsOf, listPayouts } from './payouts.ts';

/** The public page a guardian's link opens (no account needed: the signed link is theirs). */
export const GUARDIAN_CONFIRM_PATH = '/payout-account/confirm';

const dashboardOf = (type: TPayee['type']) =>
  type === 'charity'
    ? DASHBOARD_PATH_BY_ROLE.charity
    : type === 'shop'
      ? DASHBOARD_PATH_BY_ROLE.young_entrepreneur
      : DASHBOARD_PATH_BY_ROLE.business_partner;

function wordingFor(payee: TPayee): TAccountWording {
  return {
    auditPrefix: 'payouts',
    confirmTag: payee.type === 'shop' ? 'payout-account-guardian-confirm' : 'payout-account-confirm',
    changedTag: 'payout-account-changed',
    confirmPath: payee.type === 'shop' ? GUARDIAN_CONFIRM_PATH : `${dashboardOf(payee.type)}/payouts`,
    money: payee.type === 'charity' ? 'donations and sales' : 'marketplace sales',
    confirmer: payee.type === 'shop' ? 'the guardian who consented to the shop' : 'someone of the organisation',
    cancelPlace: payee.type === 'shop' ? 'the shop’s Payouts page' : 'the Payouts page',
  };
}

/** Who confirms a change: a shop's consenting guardian (D23, never the learner), else the members. */
async function confirmersOf(db: DbExecutor, payee: TPayee) {
  if (payee.type === 'shop') {
    const guardian = await consentingGuardian(db, payee.organizationId);
    return guardian ? [guardian] : [];
  }
  return payeeMembers(db, payee.organizationId);
}

export async function readPayeeAccounts(db: DbExecutor, payee: TPayee): Promise<TPayoutAccounts> {
  const confirmers = await confirmersOf(db, payee);
  return readBankAccounts(
    db,
    payee.organizationId,
    confirmers.map((c) => c.email),
  );
}

export async function payoutOverview(db: DbExecutor, payee: TPayee): Promise<TPayoutOverview> {
  const [availableCents, earnings, account, payouts] = [
    await availableBalance(db, payee.organizationId),
    await earningsOf(db, payee.organizationId),
    await readPayeeAccounts(db, payee),
    await listPayouts(db, payee.organizationId),
  ];
  return {
    organization: { id: payee.organizationId, name: payee.name, type: payee.type },
    availableCents,
    earnings,
    account,
    confirmedBy: payee.type === 'shop' ? 'guardian' : 'members',
    payouts,
    fees: { weeklyCents: PAYOUT_FEES_CENTS.weekly, immediateCents: PAYOUT_FEES_CENTS.immediate },
  };
}

export async function requestPayeeAccountChange(
  db: Database,
  mailer: Mailer,
  publicUrl: string,
  payee: TPayee,
  actor: TAccountActor,
  account: z.output<typeof ZPayoutAccountInput>,
): Promise<TPayoutAccounts> {
  await requestBankAccountChange(db, mailer, publicUrl, {
    organizationId: payee.organizationId,
    organizationName: payee.name,
    actor,
    account,
    confirmers: await confirmersOf(db, payee),
    byNamedPerson: payee.type === 'shop',
    wording: wordingFor(payee),
    noConfirmerMessage: payee.type === 'shop' ? M.noGuardian : M.noMember,
  });
  return readPayeeAccounts(db, payee);
}

export async function cancelPayeeAccountChange(db: Database, payee: TPayee, actor: TAccountActor) {
  await cancelBankAccountChange(db, {
    organizationId: payee.organizationId,
    actor,
    auditPrefix: 'payouts',
    nothingPendingMessage: M.nothingPending,
  });
  return readPayeeAccounts(db, payee);
}

/** A member of a business or charity, signed in, opens the e-mailed link. A shop's link is the guardian's. */
export async function confirmPayeeAccount(
  db: Database,
  mailer: Mailer,
  payee: TPayee,
  actor: TAccountActor,
  token: string,
) {
  await confirmBankAccount(db, mailer, {
    token,
    organizationId: payee.organizationId,
    actor,
    wording: wordingFor(payee),
    organizationName,
    notify: payeeRecipients,
    messages: { invalid: M.linkInvalid, expired: M.linkExpired },
  });
  return readPayeeAccounts(db, payee);
}

async function guardianChange(db: DbExecutor, token: string) {
  const hash = createHash('sha256').update(token).digest('hex');
  const [row] = await db.select().from(schoolPayoutAccounts).where(eq(schoolPayoutAccounts.tokenHash, hash));
  if (!row || !row.confirmerEmail) throw notFound(M.linkInvalid);
  return row;
}

/** What the guardian's link asks them to confirm. */
export async function readGuardianAccountChange(db: DbExecutor, token: string): Promise<TGuardianAccountChange> {
  const row = await guardianChange(db, token);
  return {
    shopName: await organizationName(db, row.organizationId),
    guardianName: row.confirmerName ?? '',
    bankName: row.bankName,
    accountHolder: row.accountHolder,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    status: row.status === 'pending' && row.expiresAt > new Date() ? 'pending' : 'expired',
  };
}

/** The consenting guardian confirms with their link (signed in or not): payouts go there from now on. */
export async function guardianConfirmAccount(
  db: Database,
  mailer: Mailer,
  token: string,
  ip: string | null,
): Promise<TGuardianAccountChange> {
  const row = await guardianChange(db, token);
  const shopName = await organizationName(db, row.organizationId);
  await confirmBankAccount(db, mailer, {
    token,
    organizationId: null,
    actor: { userId: null, email: row.confirmerEmail!, ip },
    wording: wordingFor({ organizationId: row.organizationId, name: shopName, type: 'shop' }),
    organizationName,
    notify: payeeRecipients,
    messages: { invalid: M.linkInvalid, expired: M.linkExpired },
  });
  return {
    shopName,
    guardianName: row.confirmerName ?? '',
    bankName: row.bankName,
    accountHolder: row.accountHolder,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    status: 'confirmed',
  };
}
