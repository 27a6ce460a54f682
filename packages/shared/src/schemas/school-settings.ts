/**
 * The school's settings (D26): profile, closures, notifications, payout bank account, and the
 * permissions of each school role. Forms and the server share these schemas and messages.
 */

import { z } from 'zod';
import { ACCOUNT_TYPE_IDS, BANK_IDS, REGIONS_BY_COUNTRY } from '../constants/enumerations.ts';
import { PERMISSION_NAMES, SCHOOL_CONFIGURABLE_ROLES } from '../constants/roles.ts';
import { formatSaPhone, isSaPhone } from '../domain/sa-phone.ts';
import { ZUploadId } from './uploads.ts';

export const SCHOOL_SETTINGS_MESSAGES = {
  nameRequired: 'School name is required',
  tooLong: (max: number) => `Must be ${max} characters or fewer`,
  emisFormat: 'EMIS number must be 6 to 12 digits',
  quintileRange: 'Choose a quintile from 1 to 5',
  feeStatusRequired: 'Choose whether the school charges fees',
  provinceInvalid: 'Choose a province',
  phoneInvalid: 'Enter a South African phone number, e.g. 012 345 6789',
  emailInvalid: 'Enter a valid e-mail address',
  websiteInvalid: 'Enter a web address starting with https://',
  logoNotImage: 'The logo must be a PNG, JPEG or WebP image',
  closureNameRequired: 'Name the closure, e.g. Staff development day',
  dateInvalid: 'Enter a date',
  closureEndsBeforeStart: 'The last day must be on or after the first day',
  closureExists: 'A closure with that name already starts on that day',
  closureNotFound: 'That closure no longer exists',
  accountNameRequired: 'Account holder is required',
  bankRequired: 'Bank is required',
  otherBankNameRequired: "Bank name is required when 'Other' is selected",
  accountNumberDigits: 'Account number must be 6 to 16 digits',
  branchCodeDigits: 'Branch code must be 6 digits',
  accountTypeRequired: 'Account type is required',
  payoutConfirmationSent: (email: string) =>
    `We sent a confirmation link to ${email}. The new account is used for payouts once it is confirmed.`,
  payoutLinkInvalid: 'This confirmation link is not valid. Ask for a new one from the school’s settings.',
  payoutLinkExpired: 'This confirmation link has expired. Ask for a new one from the school’s settings.',
  payoutLinkOtherUser: 'Sign in as the school admin the link was sent to, then open it again.',
  payoutNothingPending: 'There is no bank account change waiting for confirmation.',
  roleUnknown: 'That role is not a school role',
  permissionUnknown: 'That permission does not exist',
} as const;

const M = SCHOOL_SETTINGS_MESSAGES;

const text = (max: number) => z.string().trim().max(max, M.tooLong(max));

export const FEE_STATUSES = [
  { id: 'fee_paying', label: 'Fee-paying school' },
  { id: 'no_fee', label: 'No-fee school' },
] as const;
export type TFeeStatus = (typeof FEE_STATUSES)[number]['id'];

export const SA_PROVINCES = REGIONS_BY_COUNTRY.south_africa;
const PROVINCE_IDS = SA_PROVINCES.map((p) => p.id) as [string, ...string[]];

/** The school profile form. */
export const ZSchoolProfileInput = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(2, M.nameRequired).max(120, M.tooLong(120)),
  emisNumber: text(12).refine((v) => v === '' || /^\d{6,12}$/.test(v), M.emisFormat),
  quintile: z.number({ error: M.quintileRange }).int().min(1, M.quintileRange).max(5, M.quintileRange).nullable(),
  feeStatus: z.enum(['fee_paying', 'no_fee'], { error: M.feeStatusRequired }),
  streetAddress: text(200),
  suburb: text(100),
  city: text(100),
  province: z.union([z.literal(''), z.enum(PROVINCE_IDS, { error: M.provinceInvalid })]),
  postalCode: text(10),
  phone: text(30)
    .refine((v) => v === '' || isSaPhone(v), M.phoneInvalid)
    .transform((v) => (v === '' ? '' : formatSaPhone(v))),
  email: text(200).refine((v) => v === '' || z.email().safeParse(v).success, M.emailInvalid),
  website: text(200).refine((v) => v === '' || /^https:\/\/[^\s]+\.[^\s]+$/.test(v), M.websiteInvalid),
  principalName: text(150),
  logoUploadId: ZUploadId.nullable(),
});
export type TSchoolProfileInput = z.input<typeof ZSchoolProfileInput>;

export const ZSchoolProfile = z.object({
  organizationId: z.string(),
  name: z.string(),
  emisNumber: z.string(),
  quintile: z.number().nullable(),
  feeStatus: z.enum(['fee_paying', 'no_fee']),
  streetAddress: z.string(),
  suburb: z.string(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  principalName: z.string(),
  logoUploadId: z.string().nullable(),
  /** The public address of the logo, or null. */
  logoUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TSchoolProfile = z.infer<typeof ZSchoolProfile>;

const ZIsoDay = z.string({ error: M.dateInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, M.dateInvalid);

export const ZClosureInput = z
  .object({
    name: z.string({ error: M.closureNameRequired }).trim().min(1, M.closureNameRequired).max(100, M.tooLong(100)),
    startsOn: ZIsoDay,
    endsOn: ZIsoDay,
  })
  .refine((v) => v.endsOn >= v.startsOn, { path: ['endsOn'], message: M.closureEndsBeforeStart });
export type TClosureInput = z.input<typeof ZClosureInput>;

export const ZClosure = z.object({ id: z.string(), name: z.string(), startsOn: z.string(), endsOn: z.string() });
export type TClosure = z.infer<typeof ZClosure>;

export const ZTermDates = z.object({ term: z.number(), startsOn: z.string(), endsOn: z.string() });

/** The school calendar of a year: its terms (academics' term dates) and its closures. */
export const ZSchoolCalendar = z.object({
  year: z.number(),
  /** 'school': the school's own term dates; 'default': the national calendar's; 'none': not known. */
  termsSource: z.enum(['school', 'default', 'none']),
  terms: z.array(ZTermDates),
  closures: z.array(ZClosure),
});
export type TSchoolCalendar = z.infer<typeof ZSchoolCalendar>;

/** What the school's automatic mail does (fee reminders have their own days in the finance settings). */
export const ZNotificationSettings = z.object({
  /** Guardians get an e-mail the moment their child is marked absent in a register. */
  absenceNotices: z.boolean(),
});
export type TNotificationSettings = z.output<typeof ZNotificationSettings>;
export type TNotificationSettingsInput = z.input<typeof ZNotificationSettings>;

const digitsOnly = (v: string) => v.replace(/[\s-]/g, '');

/** A new payout bank account, as the admin enters it. */
export const ZPayoutAccountInput = z
  .object({
    accountHolder: z
      .string({ error: M.accountNameRequired })
      .trim()
      .min(1, M.accountNameRequired)
      .max(150, M.tooLong(150)),
    bank: z.enum(BANK_IDS, { error: M.bankRequired }),
    otherBankName: text(100).optional().default(''),
    accountNumber: z
      .string({ error: M.accountNumberDigits })
      .transform(digitsOnly)
      .pipe(z.string().regex(/^\d{6,16}$/, M.accountNumberDigits)),
    branchCode: z
      .string({ error: M.branchCodeDigits })
      .transform(digitsOnly)
      .pipe(z.string().regex(/^\d{6}$/, M.branchCodeDigits)),
    accountType: z.enum(ACCOUNT_TYPE_IDS, { error: M.accountTypeRequired }),
  })
  .superRefine((v, ctx) => {
    if (v.bank === 'other' && !v.otherBankName?.trim())
      ctx.addIssue({ code: 'custom', path: ['otherBankName'], message: M.otherBankNameRequired });
  });
export type TPayoutAccountInput = z.input<typeof ZPayoutAccountInput>;

/** An account as the settings show it: the number masked but for its last four digits. */
export const ZPayoutAccountView = z.object({
  id: z.string(),
  bankName: z.string(),
  branchCode: z.string(),
  accountNumberMasked: z.string(),
  accountHolder: z.string(),
  accountType: z.string(),
  status: z.enum(['pending', 'confirmed', 'replaced', 'cancelled', 'expired']),
  requestedAt: z.string(),
  confirmedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type TPayoutAccountView = z.infer<typeof ZPayoutAccountView>;

export const ZPayoutAccounts = z.object({
  confirmed: ZPayoutAccountView.nullable(),
  pending: ZPayoutAccountView.nullable(),
  /** Where the confirmation link goes: the school admins' e-mail addresses. */
  confirmationTo: z.array(z.string()),
});
export type TPayoutAccounts = z.infer<typeof ZPayoutAccounts>;

export const ZPayoutConfirmInput = z.object({ token: z.string().trim().min(20).max(200) });

export const ZSchoolRole = z.enum(SCHOOL_CONFIGURABLE_ROLES, { error: M.roleUnknown });
export const ZPermissionName = z.enum(PERMISSION_NAMES, { error: M.permissionUnknown });

/** One cell of the matrix: whether the role holds the permission here, and whether the school changed it. */
export const ZRolePermissionCell = z.object({
  permission: ZPermissionName,
  held: z.boolean(),
  /** The spec's default for the role. */
  byDefault: z.boolean(),
  /** Why this cell cannot change, or null. */
  locked: z.string().nullable(),
});
export const ZRolePermissionRow = z.object({
  role: ZSchoolRole,
  label: z.string(),
  cells: z.array(ZRolePermissionCell),
});
export const ZRolePermissionMatrix = z.object({ roles: z.array(ZRolePermissionRow) });
export type TRolePermissionMatrix = z.infer<typeof ZRolePermissionMatrix>;

export const ZRolePermissionChange = z.object({
  role: ZSchoolRole,
  permission: ZPermissionName,
  held: z.boolean(),
});
export type TRolePermissionChange = z.infer<typeof ZRolePermissionChange>;

/** How the settings name a role (spec 2.4's rule: 'School Administrator', else the words capitalised). */
export function roleLabel(role: string): string {
  if (role === 'school_admin') return 'School Administrator';
  return role
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
