/**
 * Banking details (spec 3 "Banking details", 5 "Banking form"): South African banks with their
 * universal branch codes (constants/enumerations.ts). 'other' needs the bank's name.
 */

import { z } from 'zod';
import { ACCOUNT_TYPE_IDS, BANK_IDS } from '../../constants/enumerations.ts';
import { REGISTRATION_MESSAGES } from './common.ts';

export const BANKING_MESSAGES = {
  accountNameRequired: 'Account name is required',
  bankRequired: 'Bank is required',
  accountNumberRequired: 'Account number is required',
  branchCodeRequired: 'Branch code is required',
  swiftCodeRequired: 'SWIFT code is required',
  accountTypeRequired: 'Account type is required',
  otherBankNameRequired: "Bank name is required when 'Other' is selected",
  // Ours (spec: not shown).
  accountNumberDigits: 'Account number must contain only digits',
  branchCodeDigits: 'Branch code must contain only digits',
  swiftCodeFormat: 'SWIFT code must be 8 or 11 letters and digits, e.g. FIRNZAJJ',
  tooLong: REGISTRATION_MESSAGES.tooLong,
} as const;

const M = BANKING_MESSAGES;

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, M.tooLong(max));

const digits = (message: string, digitsMessage: string, max: number) =>
  required(message, max + 4)
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d+$/, digitsMessage).max(max, M.tooLong(max)));

/** The banking form on its own: every field required (spec 5). */
export const ZBankingDetails = z
  .object({
    accountName: required(M.accountNameRequired, 150),
    bank: z.enum(BANK_IDS, { error: M.bankRequired }),
    otherBankName: z.string().trim().max(100, M.tooLong(100)).optional().default(''),
    accountNumber: digits(M.accountNumberRequired, M.accountNumberDigits, 20),
    branchCode: digits(M.branchCodeRequired, M.branchCodeDigits, 10),
    swiftCode: required(M.swiftCodeRequired, 20)
      .transform((value) => value.replace(/\s/g, '').toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, M.swiftCodeFormat)),
    accountType: z.enum(ACCOUNT_TYPE_IDS, { error: M.accountTypeRequired }),
  })
  .superRefine(
    (value, ctx) => {
      const other = value as { bank?: unknown; otherBankName?: unknown };
      if (other.bank === 'other' && (typeof other.otherBankName !== 'string' || other.otherBankName.trim() === '')) {
        ctx.addIssue({ code: 'custom', path: ['otherBankName'], message: M.otherBankNameRequired });
      }
    },
    // Also while other fields are still missing, so the form shows every message at once.
    { when: () => true },
  )
  // A bank name typed for 'Other' is dropped when another bank is chosen (spec 4).
  .transform((value) => (value.bank === 'other' ? value : { ...value, otherBankName: '' }));
export type TBankingDetailsInput = z.input<typeof ZBankingDetails>;
export type TBankingDetails = z.output<typeof ZBankingDetails>;

export const BANKING_DEFAULTS = {
  accountName: '',
  bank: '',
  otherBankName: '',
  accountNumber: '',
  branchCode: '',
  swiftCode: '',
  accountType: '',
} as const;

function isBlank(value: unknown): boolean {
  return value == null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Banking inside a larger form where it is optional (spec 5: "In the school's outer form the
 * banking fields are all optional"): left empty it is `null`; once any field is filled, the whole
 * banking form's rules and messages apply.
 */
const ZBankingDraft = z
  .object({
    accountName: z.string().optional(),
    bank: z.string().optional(),
    otherBankName: z.string().optional(),
    accountNumber: z.string().optional(),
    branchCode: z.string().optional(),
    swiftCode: z.string().optional(),
    accountType: z.string().optional(),
  })
  .nullable()
  .optional();

function isEmptyBanking(value: z.output<typeof ZBankingDraft>): boolean {
  return value == null || Object.values(value).every(isBlank);
}

export const ZOptionalBankingDetails = ZBankingDraft.superRefine((value, ctx) => {
  if (isEmptyBanking(value)) return;
  const result = ZBankingDetails.safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
}).transform((value): TBankingDetails | null => (isEmptyBanking(value) ? null : ZBankingDetails.parse(value)));
