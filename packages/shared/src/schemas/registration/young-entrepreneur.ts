/**
 * Young entrepreneur application (spec 2.9 "Young entrepreneur", 3 "Shop", "Young entrepreneur
 * personal details", "Guardian", "Young entrepreneur documents", 5).
 * Steps: 1 Shop Information, 2 Personal Information (with School Information), 3 Guardian
 * Information, 4 Document Upload, 5 Terms & Conditions. Young entrepreneurs pay nothing.
 */

import { z } from 'zod';
import {
  COUNTRY_IDS,
  DEFAULT_COUNTRY,
  SHOP_CATEGORY_IDS,
  YOUNG_ENTREPRENEUR_GRADE_IDS,
} from '../../constants/enumerations.ts';
import { GUARDIAN_RELATIONS } from '../../constants/roles.ts';
import { idsOf } from '../../domain/options.ts';
import { isIsoDate, todayInSouthAfrica } from '../../domain/sa-calendar.ts';
import { checkSouthAfricanId, SA_ID_INVALID_MESSAGES } from '../../domain/sa-id.ts';
import { ZUploadedFile } from '../uploads.ts';
import { REGISTRATION_MESSAGES, ZTermsStep, mustBeTicked, requiredText } from './common.ts';

export const YOUNG_ENTREPRENEUR_MESSAGES = {
  // Shop (spec 5)
  shopNameRequired: 'Shop name is required',
  shopDescriptionTooShort: 'Please provide a description of at least 10 characters',
  shopCategoryRequired: 'Shop category is required',
  // Personal (spec 5)
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  dateOfBirthRequired: 'Date of birth is required',
  phoneInvalid: 'Please enter a valid phone number',
  schoolNameRequired: 'School name is required',
  gradeRequired: 'Grade is required',
  // Guardian (spec 5)
  relationRequired: 'Relation is required',
  idNumberRequired: 'ID number is required',
  addressRequired: 'Address is required',
  emailInvalid: 'Invalid email address',
  phoneRequired: 'Phone number is required',
  consentRequired: 'You must agree to the terms',
  // Documents (spec 5)
  documentsRequired: 'Please upload all required documents before continuing.',
  // Ours (spec: "no later than today", message not shown)
  dateOfBirthInFuture: 'Date of birth cannot be in the future',
  dateOfBirthInvalid: 'Please enter a valid date',
  countryRequired: REGISTRATION_MESSAGES.countryRequired,
  tooLong: REGISTRATION_MESSAGES.tooLong,
} as const;

const M = YOUNG_ENTREPRENEUR_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Step 1: Shop Information

export const ZShopInformationStep = z.object({
  shopName: requiredText(M.shopNameRequired, 100),
  shopDescription: z
    .string({ error: M.shopDescriptionTooShort })
    .trim()
    .min(10, M.shopDescriptionTooShort)
    .max(2000, M.tooLong(2000)),
  shopCategory: z.enum(SHOP_CATEGORY_IDS, { error: M.shopCategoryRequired }),
});
export type TShopInformationStepInput = z.input<typeof ZShopInformationStep>;
export type TShopInformationStep = z.output<typeof ZShopInformationStep>;

// ---------------------------------------------------------------------------------------------
// Step 2: Personal Information (with the School Information block)

/** ISO date 'YYYY-MM-DD', not after today in South Africa. `today` is for tests. */
export function dateOfBirthSchema(today: () => string = () => todayInSouthAfrica()) {
  return z
    .string({ error: M.dateOfBirthRequired })
    .trim()
    .min(1, { error: M.dateOfBirthRequired, abort: true })
    .refine(isIsoDate, { error: M.dateOfBirthInvalid, abort: true })
    .refine((value) => value <= today(), M.dateOfBirthInFuture);
}

export const ZPersonalInformationStep = z.object({
  firstName: requiredText(M.firstNameRequired, 100),
  lastName: requiredText(M.lastNameRequired, 100),
  dateOfBirth: dateOfBirthSchema(),
  phoneNumber: z.string({ error: M.phoneInvalid }).trim().min(10, M.phoneInvalid).max(20, M.tooLong(20)),
  schoolName: requiredText(M.schoolNameRequired, 150),
  grade: z.enum(YOUNG_ENTREPRENEUR_GRADE_IDS, { error: M.gradeRequired }),
});
export type TPersonalInformationStepInput = z.input<typeof ZPersonalInformationStep>;
export type TPersonalInformationStep = z.output<typeof ZPersonalInformationStep>;

// ---------------------------------------------------------------------------------------------
// Step 3: Guardian Information

export const GUARDIAN_RELATION_IDS = idsOf(GUARDIAN_RELATIONS);

/** The consent the guardian agrees to (spec 5): names the guardian and the child. */
export function guardianConsentText(guardianName: string, childName: string): string {
  const guardian = guardianName.trim() || 'the guardian';
  const child = childName.trim() || 'the child';
  return (
    `I, ${guardian}, am the parent or legal guardian of ${child}. I consent to ${child} opening and running a ` +
    `shop on Sekolo and to Sekolo processing ${child}'s personal information for that purpose, as the ` +
    `Protection of Personal Information Act (POPIA) requires. I accept responsibility for ${child}'s acts ` +
    `on the platform, including every sale, purchase and message made through the shop.`
  );
}

export const ZGuardianInformationStep = z
  .object({
    relation: z.enum(GUARDIAN_RELATION_IDS, { error: M.relationRequired }),
    firstName: requiredText(M.firstNameRequired, 100),
    lastName: requiredText(M.lastNameRequired, 100),
    /** Country of the ID document: a South African ID number is checked. */
    country: z.enum(COUNTRY_IDS, { error: M.countryRequired }).default(DEFAULT_COUNTRY),
    idNumber: requiredText(M.idNumberRequired, 30),
    address: requiredText(M.addressRequired, 300),
    email: z
      .string({ error: M.emailInvalid })
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: M.emailInvalid })),
    phone: requiredText(M.phoneRequired, 20),
    consent: mustBeTicked(M.consentRequired),
  })
  .superRefine((value, ctx) => {
    if (value.country !== 'south_africa' || value.idNumber === '') return;
    const check = checkSouthAfricanId(value.idNumber);
    if (!check.valid)
      ctx.addIssue({ code: 'custom', path: ['idNumber'], message: SA_ID_INVALID_MESSAGES[check.reason] });
  })
  .transform((value) => {
    if (value.country !== 'south_africa') return value;
    return { ...value, idNumber: value.idNumber.replace(/\s/g, '') };
  });
export type TGuardianInformationStepInput = z.input<typeof ZGuardianInformationStep>;
export type TGuardianInformationStep = z.output<typeof ZGuardianInformationStep>;

// ---------------------------------------------------------------------------------------------
// Step 4: Document Upload

/**
 * The spec's five documents, plus the guardian consent form the spec asks the user to complete,
 * sign and upload "in the document upload section" (spec 2.9; we need the consent recorded).
 */
export const YOUNG_ENTREPRENEUR_DOCUMENTS = [
  { id: 'id_document', name: 'ID Document / Passport', required: true },
  { id: 'proof_of_residence', name: 'Proof of Residence', required: true },
  { id: 'business_registration', name: 'Business Registration Document', required: true },
  { id: 'guardian_consent_form', name: 'Signed Guardian Consent Form', required: true },
  { id: 'tax_clearance', name: 'Tax Clearance Certificate', required: false },
  { id: 'bank_statement', name: 'Bank Statement', required: false },
] as const;
export type TYoungEntrepreneurDocumentId = (typeof YOUNG_ENTREPRENEUR_DOCUMENTS)[number]['id'];

/** The consent form to download, complete, sign and upload (a real PDF in apps/web/public). */
export const GUARDIAN_CONSENT_FORM_PATH = '/documents/guardian-consent-form.pdf';

const ZMaybeFile = ZUploadedFile.nullable().optional();

export const ZDocumentUploadStep = z
  .object({
    documentFiles: z.object({
      id_document: ZMaybeFile,
      proof_of_residence: ZMaybeFile,
      business_registration: ZMaybeFile,
      guardian_consent_form: ZMaybeFile,
      tax_clearance: ZMaybeFile,
      bank_statement: ZMaybeFile,
    }),
    hasUploadedRequiredDocuments: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (!hasAllRequiredDocuments(value.documentFiles)) {
      ctx.addIssue({ code: 'custom', path: ['documentFiles'], message: M.documentsRequired });
    }
  })
  .transform((value) => ({
    documentFiles: Object.fromEntries(
      YOUNG_ENTREPRENEUR_DOCUMENTS.map((doc) => [doc.id, value.documentFiles[doc.id] ?? null]),
    ) as Record<TYoungEntrepreneurDocumentId, z.infer<typeof ZUploadedFile> | null>,
    hasUploadedRequiredDocuments: true as const,
  }));
export type TDocumentUploadStepInput = z.input<typeof ZDocumentUploadStep>;
export type TDocumentUploadStep = z.output<typeof ZDocumentUploadStep>;

/** Are all required documents present? Drives the 'Upload Required Documents' / 'Continue' button. */
export function hasAllRequiredDocuments(files: Partial<Record<string, unknown>> | null | undefined): boolean {
  return YOUNG_ENTREPRENEUR_DOCUMENTS.every((doc) => !doc.required || ZUploadedFile.safeParse(files?.[doc.id]).success);
}

// ---------------------------------------------------------------------------------------------
// Registry entries

export const YOUNG_ENTREPRENEUR_STEP_SCHEMAS = {
  1: ZShopInformationStep,
  2: ZPersonalInformationStep,
  3: ZGuardianInformationStep,
  4: ZDocumentUploadStep,
  5: ZTermsStep,
} as const;
