import { and, eq } from 'drizzle-orm';
import {
  SCHOOL_SETTINGS_MESSAGES as M,
  type TPayoutAccounts,
  type ZPayoutAccountInput,
} from '@sekolo/shared/schemas/school-settings';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { organizationMembers, organizations, users } from '../../platform/db/schema/index.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { forbidden } from '../../platform/http/errors.ts';
import {
  cancelBankAccountChange,
  confirmBankAccount,
  readBankAccounts,
  requestBankAccountChange,
  type TAccountWording,
} from '../payouts/index.ts';
import type { TSettingsCaller } from './caller.ts';

/*
 * The school's payout bank account (D26): the confirmation flow is modules/payouts' (every
 * organisation's); here it is worded for a school, and every school admin confirms.
 */

export { confirmedPayoutAccount, maskAccountNumber, PAYOUT_CONFIRMATION_HOURS } from '../payouts/index.ts';

/** The web page the confirmation link opens. */
export const PAYOUT_CONFIRM_PATH = '/dashboard/school/settings/bank-account/confirm';

const WORDING: TAccountWording = {
  auditPrefix: 'school_settings',
  confirmTag: 'school-payout-account-confirm',
  changedTag: 'school-payout-account-changed',
  confirmPath: PAYOUT_CONFIRM_PATH,
  money: 'online fee payments',
  confirmer: 'a school admin',
  cancelPlace: 'the school’s settings',
};

/** The school admins of a school: who confirms a change of its bank account. */
async function schoolAdmins(db: DbExecutor, organizationId: string) {
  const rows = await db
    .select({ email: users.email, firstName: users.firstName, name: users.name })
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
  return rows.map((r) => ({ email: r.email, name: r.firstName || r.name }));
}

async function schoolName(db: DbExecutor, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name ?? '';
}

export async function readPayoutAccounts(db: DbExecutor, organizationId: string): Promise<TPayoutAccounts> {
  const admins = await schoolAdmins(db, organizationId);
  return readBankAccounts(
    db,
    organizationId,
    admins.map((a) => a.email),
  );
}

const actorOf = (caller: TSettingsCaller) => ({ userId: caller.userId, email: caller.email, ip: caller.ip });

/** A new account waits for a school admin to confirm it from the e-mailed link. */
export async function requestPayoutAccountChange(
  db: Database,
  mailer: Mailer,
  publicUrl: string,
  caller: TSettingsCaller,
  input: z.output<typeof ZPayoutAccountInput>,
): Promise<TPayoutAccounts> {
  await requestBankAccountChange(db, mailer, publicUrl, {
    organizationId: caller.organizationId,
    organizationName: caller.schoolName,
    actor: actorOf(caller),
    account: input,
    confirmers: await schoolAdmins(db, caller.organizationId),
    byNamedPerson: false,
    wording: WORDING,
    noConfirmerMessage: 'The school has no active school admin to confirm the change.',
  });
  return readPayoutAccounts(db, caller.organizationId);
}

export async function cancelPayoutAccountChange(db: Database, caller: TSettingsCaller): Promise<TPayoutAccounts> {
  await cancelBankAccountChange(db, {
    organizationId: caller.organizationId,
    actor: actorOf(caller),
    auditPrefix: WORDING.auditPrefix,
    nothingPendingMessage: M.payoutNothingPending,
  });
  return readPayoutAccounts(db, caller.organizationId);
}

/** A school admin signed in to the school opens the link: the new account is used from now on. */
export async function confirmPayoutAccount(
  db: Database,
  mailer: Mailer,
  caller: TSettingsCaller,
  token: string,
): Promise<TPayoutAccounts> {
  if (caller.role !== 'school_admin') throw forbidden(M.payoutLinkOtherUser);
  await confirmBankAccount(db, mailer, {
    token,
    organizationId: caller.organizationId,
    actor: actorOf(caller),
    wording: WORDING,
    organizationName: schoolName,
    notify: schoolAdmins,
    messages: { invalid: M.payoutLinkInvalid, expired: M.payoutLinkExpired },
  });
  return readPayoutAccounts(db, caller.organizationId);
}
