/**
 * Business partner application (spec 2.9, 3, 5): seven steps.
 * 1 Business Information, 2 Products & Services, 3 Fees & Commission, 4 Service Level Agreement,
 * 5 Terms & Payment, 6 Awaiting Payment, 7 Application Complete.
 * The products form (step 2) is shared with the charity (its optional step 2).
 * Forms keep `z.input<...>` values; the server stores `z.output<...>`.
 */

import { z } from 'zod';
import {
  BUSINESS_TYPE_IDS,
  PRICE_RANGE_IDS,
  PRODUCT_CATEGORY_IDS,
  SERVICE_CATEGORY_IDS,
  TUTOR_SUBJECT_IDS,
} from '../../constants/enumerations.ts';
import { COMMISSION_TIERS, type TCommissionTier } from '../../constants/fees.ts';
import { BUSINESS_PARTNER_TYPE_IDS, type TBusinessPartnerType } from '../../constants/roles.ts';
import { hasPartnerType } from '../../domain/business-partner-types.ts';
import {
  REGISTRATION_MESSAGES,
  ZAddressFields,
  ZOptionalLink,
  ZPaymentReturnStep,
  ZRequiredFile,
  ZTermsStep,
  optionalText,
  refineProvinceInCountry,
  requiredText,
  documentFilesSchema,
} from './common.ts';

export const BUSINESS_PARTNER_MESSAGES = {
  // Spec 5, "Business form".
  partnerTypeRequired: 'Please select at least one business partner type',
  registeredNameRequired: 'Registered name is required',
  registrationNumberRequired: 'Registration number is required',
  businessTypeRequired: 'Business type is required',
  displayNameRequired: REGISTRATION_MESSAGES.displayNameRequired,
  // Spec 8, "Business submit" (the toasts' descriptions double as the field messages).
  logoRequired: 'Please upload a business logo',
  documentRequired: REGISTRATION_MESSAGES.fileRequired,
  // Spec 5, "Products form".
  overviewRequired: 'Business overview is required',
  subjectsRequired: 'At least one subject is required',
  qualificationsRequired: 'Qualifications are required',
  experienceRequired: 'Experience is required',
  specializationRequired: 'Specialization is required',
  servicesOfferedRequired: 'Services offered is required',
  productNameRequired: 'Product name is required',
  serviceNameRequired: 'Service name is required',
  categoryRequired: 'Category is required',
  descriptionRequired: 'Description is required',
  priceRangeRequired: 'Price range is required',
  // Spec 5, "Fee step".
  roleRequired: 'Please select at least one role',
  // Ours (spec: not shown).
  commissionTierRequired: 'Please choose a commission tier',
  slaRequired: 'Please accept the Service Level Agreement to continue',
  tooLong: REGISTRATION_MESSAGES.tooLong,
} as const;

/** Spec 8, "Business submit": the toasts the Business Information step shows. */
export const BUSINESS_SUBMIT_TOASTS = {
  partnerTypeRequired: {
    title: 'Business Partner Type Required',
    description: BUSINESS_PARTNER_MESSAGES.partnerTypeRequired,
  },
  logoRequired: { title: 'Logo Required', description: 'Please upload a business logo' },
  documentsMissing: { title: 'Required Documents Missing', description: 'Please upload all required documents' },
  submissionError: {
    title: 'Submission Error',
    description: 'There was a problem submitting the form. Please try again.',
  },
} as const;

const M = BUSINESS_PARTNER_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Step 1: Business Information

/** Business documents (spec 3): which are required, in the order the form shows them. */
export const BUSINESS_DOCUMENTS = [
  { id: 'registrationCertificate', label: 'Business Registration Certificate', required: true },
  { id: 'taxClearance', label: 'Tax Clearance Certificate', required: false },
  { id: 'bankProof', label: 'Proof of Bank Account', required: true },
  { id: 'authorityLetter', label: 'Letter of Authority', required: false },
  { id: 'identityDocument', label: 'ID Document of Owner / Director', required: true },
  { id: 'otherDocuments', label: 'Other Supporting Documents', required: false },
] as const;
export type TBusinessDocumentId = (typeof BUSINESS_DOCUMENTS)[number]['id'];
export const REQUIRED_BUSINESS_DOCUMENT_IDS = BUSINESS_DOCUMENTS.filter((doc) => doc.required).map((doc) => doc.id);

export const ZBusinessDocumentFiles = documentFilesSchema(BUSINESS_DOCUMENTS);

export const ZBusinessPartnerTypes = z
  .array(z.enum(BUSINESS_PARTNER_TYPE_IDS, { error: M.partnerTypeRequired }), { error: M.partnerTypeRequired })
  .min(1, M.partnerTypeRequired)
  .max(BUSINESS_PARTNER_TYPE_IDS.length)
  .refine((types) => new Set(types).size === types.length, M.partnerTypeRequired);

export const ZBusinessInformationStep = z
  .object({
    businessPartnerTypes: ZBusinessPartnerTypes,
    registeredName: requiredText(M.registeredNameRequired),
    registrationNumber: requiredText(M.registrationNumberRequired, 50),
    tagLine: optionalText(150),
    businessType: z.enum(BUSINESS_TYPE_IDS, { error: M.businessTypeRequired }),
    ...ZAddressFields.shape,
    displayName: requiredText(M.displayNameRequired, 100),
    googleMapsLink: ZOptionalLink,
    logoFile: z.custom<z.output<typeof ZRequiredFile>>((value) => ZRequiredFile.safeParse(value).success, {
      error: M.logoRequired,
    }),
    documentFiles: ZBusinessDocumentFiles,
  })
  .superRefine(refineProvinceInCountry);
export type TBusinessInformationStepInput = z.input<typeof ZBusinessInformationStep>;
export type TBusinessInformationStep = z.output<typeof ZBusinessInformationStep>;

/** The spec's submit check (spec 5, 8): which toast to show, in the order the spec lists them, or null. */
export function businessSubmitProblem(values: {
  businessPartnerTypes?: readonly unknown[] | null;
  logoFile?: unknown;
  documentFiles?: Partial<Record<TBusinessDocumentId, unknown>> | null;
}): (typeof BUSINESS_SUBMIT_TOASTS)[keyof typeof BUSINESS_SUBMIT_TOASTS] | null {
  if (!values.businessPartnerTypes || values.businessPartnerTypes.length === 0)
    return BUSINESS_SUBMIT_TOASTS.partnerTypeRequired;
  if (!ZRequiredFile.safeParse(values.logoFile).success) return BUSINESS_SUBMIT_TOASTS.logoRequired;
  const documents = values.documentFiles ?? {};
  if (REQUIRED_BUSINESS_DOCUMENT_IDS.some((id) => !ZRequiredFile.safeParse(documents[id]).success)) {
    return BUSINESS_SUBMIT_TOASTS.documentsMissing;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Step 2: Products & Services (also the charity's optional step 2)

export const ZProductEntry = z.object({
  name: requiredText(M.productNameRequired, 120),
  category: z.enum(PRODUCT_CATEGORY_IDS, { error: M.categoryRequired }),
  description: requiredText(M.descriptionRequired, 1000),
  priceRange: z.enum(PRICE_RANGE_IDS, { error: M.priceRangeRequired }),
});
export type TProductEntryInput = z.input<typeof ZProductEntry>;

export const ZServiceEntry = z.object({
  name: requiredText(M.serviceNameRequired, 120),
  category: z.enum(SERVICE_CATEGORY_IDS, { error: M.categoryRequired }),
  description: requiredText(M.descriptionRequired, 1000),
  priceRange: z.enum(PRICE_RANGE_IDS, { error: M.priceRangeRequired }),
});
export type TServiceEntryInput = z.input<typeof ZServiceEntry>;

export const ZTutorInfo = z.object({
  subjects: z
    .array(z.enum(TUTOR_SUBJECT_IDS, { error: M.subjectsRequired }), { error: M.subjectsRequired })
    .min(1, M.subjectsRequired)
    .refine((subjects) => new Set(subjects).size === subjects.length, M.subjectsRequired),
  qualifications: requiredText(M.qualificationsRequired, 1000),
  experience: requiredText(M.experienceRequired, 1000),
  teachingMethods: optionalText(1000),
});

export const ZConsultantInfo = z.object({
  specialization: requiredText(M.specializationRequired, 200),
  experience: requiredText(M.experienceRequired, 1000),
  qualifications: optionalText(1000),
  servicesOffered: requiredText(M.servicesOfferedRequired, 1000),
  rates: optionalText(200),
});

/** The most entries one list may hold. */
export const MAX_LIST_ENTRIES = 50;

/**
 * The form's blank entries: the lists start with one (spec 4) and the user may leave it so. An
 * entry whose fields are all empty is dropped before validation where a list is optional.
 */
export function isBlankEntry(entry: unknown): boolean {
  if (entry === null || entry === undefined) return true;
  if (typeof entry !== 'object') return false;
  return Object.values(entry).every(
    (value) => value === undefined || value === null || (typeof value === 'string' && value.trim() === ''),
  );
}

/**
 * An optional list: blank entries are skipped, every other entry must be complete. Issues keep the
 * entry's own index (products.2.name), so the form shows them on the right row; the output holds
 * the complete entries only.
 */
const optionalList = <T extends z.ZodType>(entry: T) =>
  z
    .array(z.unknown())
    .max(MAX_LIST_ENTRIES)
    .optional()
    .default([])
    .transform((entries, ctx) => {
      const kept: z.output<T>[] = [];
      entries.forEach((value, index) => {
        if (isBlankEntry(value)) return;
        const result = entry.safeParse(value);
        if (result.success) kept.push(result.data as z.output<T>);
        else
          for (const issue of result.error.issues)
            ctx.addIssue({ code: 'custom', message: issue.message, path: [index, ...issue.path] });
      });
      return kept;
    });

/** A section the chosen partner types need: every entry, blank or not, must be complete; at least one. */
const requiredList = <T extends z.ZodType>(entry: T) => z.array(entry).min(1).max(MAX_LIST_ENTRIES);

/**
 * What the server stores for step 2: the overview, and each section that was filled in. Which
 * sections a partner must fill in depends on the types of step 1; the form uses
 * `businessProductsServicesSchemaFor(types)`, which requires them.
 */
export const ZBusinessProductsServicesStep = z.object({
  overview: requiredText(M.overviewRequired, 2000),
  tutorInfo: ZTutorInfo.optional(),
  consultantInfo: ZConsultantInfo.optional(),
  products: optionalList(ZProductEntry),
  services: optionalList(ZServiceEntry),
});
export type TBusinessProductsServicesStepInput = z.input<typeof ZBusinessProductsServicesStep>;
export type TBusinessProductsServicesStep = z.output<typeof ZBusinessProductsServicesStep>;

/** Which sections (tabs) a partner with these types fills in (spec 2.9; lenient matching). */
export function productSectionsFor(types: readonly unknown[] | null | undefined) {
  return {
    tutorInfo: hasPartnerType(types, 'tutor'),
    products: hasPartnerType(types, 'product_vendor'),
    services: hasPartnerType(types, 'service_provider'),
    consultantInfo: hasPartnerType(types, 'consultant'),
  };
}

/** Step 2 as the form checks it: the sections of the chosen partner types are required. */
export function businessProductsServicesSchemaFor(types: readonly unknown[] | null | undefined) {
  const sections = productSectionsFor(types);
  return z.object({
    overview: requiredText(M.overviewRequired, 2000),
    tutorInfo: sections.tutorInfo ? ZTutorInfo : ZTutorInfo.optional(),
    consultantInfo: sections.consultantInfo ? ZConsultantInfo : ZConsultantInfo.optional(),
    products: sections.products ? requiredList(ZProductEntry) : optionalList(ZProductEntry),
    services: sections.services ? requiredList(ZServiceEntry) : optionalList(ZServiceEntry),
  });
}

/** Charity step 2 (optional): an overview if given, and the complete entries; blank entries are dropped. */
export const ZCharityProductsServicesStep = z.object({
  overview: optionalText(2000),
  products: optionalList(ZProductEntry),
  services: optionalList(ZServiceEntry),
});
export type TCharityProductsServicesStepInput = z.input<typeof ZCharityProductsServicesStep>;
export type TCharityProductsServicesStep = z.output<typeof ZCharityProductsServicesStep>;

// ---------------------------------------------------------------------------------------------
// Step 3: Fees & Commission

export const COMMISSION_TIER_IDS = COMMISSION_TIERS.map((tier) => tier.id) as unknown as readonly [
  TCommissionTier,
  ...TCommissionTier[],
];

const ZRoleList = z
  .array(z.enum(BUSINESS_PARTNER_TYPE_IDS, { error: M.roleRequired }), { error: M.roleRequired })
  .min(1, M.roleRequired)
  .max(BUSINESS_PARTNER_TYPE_IDS.length)
  .refine((types) => new Set(types).size === types.length, M.roleRequired);

/** Fee selection output (spec 3): partnerType and businessPartnerTypes (the same list) and commissionTier. */
export const ZFeesCommissionStep = z
  .object({
    businessPartnerTypes: ZRoleList,
    partnerType: z.array(z.string()).optional(),
    commissionTier: z.enum(COMMISSION_TIER_IDS, { error: M.commissionTierRequired }),
  })
  .transform((value) => ({
    businessPartnerTypes: value.businessPartnerTypes,
    partnerType: [...value.businessPartnerTypes] as TBusinessPartnerType[],
    commissionTier: value.commissionTier,
  }));
export type TFeesCommissionStepInput = z.input<typeof ZFeesCommissionStep>;
export type TFeesCommissionStep = z.output<typeof ZFeesCommissionStep>;

// ---------------------------------------------------------------------------------------------
// Step 4: Service Level Agreement; step 5: Terms & Payment; step 6: Awaiting Payment

export const ZServiceLevelAgreementStep = z.object({
  acceptedSLA: z.boolean({ error: M.slaRequired }).refine((value) => value === true, M.slaRequired),
});
export type TServiceLevelAgreementStep = z.output<typeof ZServiceLevelAgreementStep>;

export const ZBusinessTermsPaymentStep = ZTermsStep;
export type TBusinessTermsPaymentStep = z.output<typeof ZBusinessTermsPaymentStep>;

export const BUSINESS_PARTNER_STEP_SCHEMAS = {
  1: ZBusinessInformationStep,
  2: ZBusinessProductsServicesStep,
  3: ZFeesCommissionStep,
  4: ZServiceLevelAgreementStep,
  5: ZBusinessTermsPaymentStep,
  6: ZPaymentReturnStep,
  7: null,
} as const;
