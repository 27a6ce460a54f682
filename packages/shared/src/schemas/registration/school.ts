/**
 * School application (spec 2.9 "School", 3 "School application", "School documents", 5 "School
 * form", "Package step"). Step 1 School Information is one page: basic info, address,
 * banking (optional as a whole), display information and documents. Step 2 the package, step 3
 * the terms (then the checkout), step 4 the payment return, step 5 no data.
 */

import { z } from 'zod';
import { SCHOOL_TYPE_IDS } from '../../constants/enumerations.ts';
import { SCHOOL_PACKAGE_IDS } from '../../constants/packages.ts';
import { ZOptionalBankingDetails } from './banking.ts';
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

export const SCHOOL_MESSAGES = {
  registeredNameRequired: 'Registered name is required',
  registrationNumberRequired: 'Registration number is required',
  schoolTypeRequired: 'School type is required',
  displayNameRequired: REGISTRATION_MESSAGES.displayNameRequired,
  packageRequired: 'Please select a package before continuing.',
  fileRequired: REGISTRATION_MESSAGES.fileRequired,
} as const;

const M = SCHOOL_MESSAGES;

/** The six school documents (spec 3), in the order the form shows them. */
export const SCHOOL_DOCUMENTS = [
  { id: 'registrationCertificate', label: 'Registration Certificate', required: true },
  { id: 'proofOfAddress', label: 'Proof of Address', required: true },
  { id: 'taxClearance', label: 'Tax Clearance Certificate', required: false },
  { id: 'bankProof', label: 'Proof of Banking (bank letter or statement)', required: true },
  { id: 'authorityLetter', label: 'Letter of Authority', required: false },
  { id: 'identityDocument', label: 'ID Document of the Applicant', required: true },
] as const;
export type TSchoolDocumentId = (typeof SCHOOL_DOCUMENTS)[number]['id'];

export const ZSchoolDocumentFiles = documentFilesSchema(SCHOOL_DOCUMENTS);

export const ZSchoolInformationStep = z
  .object({
    // Basic information
    registeredName: requiredText(M.registeredNameRequired),
    registrationNumber: requiredText(M.registrationNumberRequired, 50),
    tagLine: optionalText(150),
    schoolType: z.enum(SCHOOL_TYPE_IDS, { error: M.schoolTypeRequired }),
    logoFile: ZRequiredFile,
    // Address
    ...ZAddressFields.shape,
    googleMapsLink: ZOptionalLink,
    // Banking: optional as a whole (spec 5)
    bankingDetails: ZOptionalBankingDetails,
    // Display information
    displayName: requiredText(M.displayNameRequired, 100),
    // Documents
    documentFiles: ZSchoolDocumentFiles,
  })
  .superRefine(refineProvinceInCountry);
export type TSchoolInformationStepInput = z.input<typeof ZSchoolInformationStep>;
export type TSchoolInformationStep = z.output<typeof ZSchoolInformationStep>;

export const ZSchoolPackageStep = z.object({
  packageId: z.enum(SCHOOL_PACKAGE_IDS, { error: M.packageRequired }),
});
export type TSchoolPackageStep = z.output<typeof ZSchoolPackageStep>;

export const SCHOOL_STEP_SCHEMAS = {
  1: ZSchoolInformationStep,
  2: ZSchoolPackageStep,
  3: ZTermsStep,
  4: ZPaymentReturnStep,
  5: null,
} as const;
