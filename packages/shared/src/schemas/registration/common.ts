/**
 * Pieces every registration step schema shares (spec 3, 5): required text, address with the
 * country's provinces/regions, uploaded files, the terms step and the payment-return step.
 * Forms keep `z.input<...>` values; the server stores `z.output<...>`.
 */

import { z } from 'zod';
import { COUNTRY_IDS, DEFAULT_COUNTRY, isRegionOf } from '../../constants/enumerations.ts';
import { ZUploadedFile, UPLOAD_MESSAGES, type TUploadedFile } from '../uploads.ts';

export const REGISTRATION_MESSAGES = {
  // Address (spec 5, school form; reused by the business and charity forms).
  streetAddressRequired: 'Street address is required',
  suburbRequired: 'Suburb is required',
  townRequired: 'Town/City is required',
  postalCodeRequired: 'Postal code is required',
  provinceRequired: 'Province/State is required',
  countryRequired: 'Country is required',
  displayNameRequired: 'Display name is required',
  // Ours (spec: not shown).
  provinceNotInCountry: 'Please choose a province/region of the selected country',
  linkInvalid: 'Please enter a valid link, starting with https://',
  termsRequired: 'You must accept the Terms & Conditions',
  privacyRequired: 'You must accept the Privacy Policy',
  tooLong: (max: number) => `Please keep this under ${max.toLocaleString('en-ZA')} characters`,
  /** Spec 5 (upload widget). */
  fileRequired: UPLOAD_MESSAGES.required,
} as const;

const M = REGISTRATION_MESSAGES;

/** Trimmed text that must not be empty, with the spec's message for both "missing" and "empty". */
export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, M.tooLong(max));
}

/** Optional trimmed text; stored as '' when absent. */
export function optionalText(max = 200) {
  return z.string().trim().max(max, M.tooLong(max)).optional().default('');
}

/** An optional https link (e.g. a Google Maps link); '' when absent. */
export const ZOptionalLink = z
  .string()
  .trim()
  .max(2000, M.tooLong(2000))
  .refine((value) => value === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(value), M.linkInvalid)
  .optional()
  .default('');

/**
 * A file the user uploaded (TUploadedFile), required: 'This file is required'. Forms hold null
 * until a file is uploaded, so the input type allows it.
 */
export const ZRequiredFile = z
  .custom<TUploadedFile | null | undefined>((value) => ZUploadedFile.safeParse(value).success, {
    error: M.fileRequired,
  })
  .transform((value) => value as TUploadedFile);

/** An optional uploaded file; null when absent. */
export const ZOptionalFile = ZUploadedFile.nullable()
  .optional()
  .transform((value) => value ?? null);

type TDocumentSpec = { readonly id: string; readonly required: boolean };
type TDocumentFilesShape<D extends readonly TDocumentSpec[]> = {
  [Doc in D[number] as Doc['id']]: Doc['required'] extends true ? typeof ZRequiredFile : typeof ZOptionalFile;
};

/**
 * The uploaded files of a document list (school, business): one field per document, required or
 * optional as the list says, so the form's list and the schema cannot disagree.
 */
export function documentFilesSchema<const D extends readonly TDocumentSpec[]>(documents: D) {
  const shape = Object.fromEntries(documents.map((doc) => [doc.id, doc.required ? ZRequiredFile : ZOptionalFile]));
  return z.object(shape as TDocumentFilesShape<D>);
}

/**
 * Street address, suburb, town, postal code, country and province/region, as the school,
 * business and charity forms ask them. The province must belong to the chosen country.
 */
export const ZAddressFields = z.object({
  streetAddress: requiredText(M.streetAddressRequired),
  suburb: requiredText(M.suburbRequired, 100),
  town: requiredText(M.townRequired, 100),
  postalCode: requiredText(M.postalCodeRequired, 10),
  country: z.enum(COUNTRY_IDS, { error: M.countryRequired }),
  province: requiredText(M.provinceRequired, 100),
});

/** Adds the province-belongs-to-country rule to a schema that has `country` and `province`. */
export function refineProvinceInCountry<T extends { country?: unknown; province?: unknown }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (typeof value.country !== 'string' || typeof value.province !== 'string' || value.province.trim() === '') return;
  if (!isRegionOf(value.country, value.province)) {
    ctx.addIssue({ code: 'custom', path: ['province'], message: M.provinceNotInCountry });
  }
}

export const ADDRESS_DEFAULTS = {
  streetAddress: '',
  suburb: '',
  town: '',
  postalCode: '',
  country: DEFAULT_COUNTRY,
  province: '',
} as const;

/** A box that must be ticked. */
export function mustBeTicked(message: string) {
  return z.boolean({ error: message }).refine((value) => value === true, message);
}

/** Terms & Conditions plus Privacy Policy (customer step 2, school step 3, young entrepreneur step 5). */
export const ZTermsStep = z.object({
  termsAccepted: mustBeTicked(M.termsRequired),
  privacyAccepted: mustBeTicked(M.privacyRequired),
});
export type TTermsStepInput = z.input<typeof ZTermsStep>;
export type TTermsStep = z.output<typeof ZTermsStep>;

/**
 * What the wizard submits as the awaiting-payment step when the user returns from the checkout
 * (spec 4, wizard contract): the payment reference and the package paid for.
 */
export const ZPaymentReturnStep = z.object({
  transactionRef: z.string().trim().min(1).max(200),
  packageData: z
    .looseObject({ id: z.string().min(1).max(100) })
    .nullable()
    .optional(),
});
export type TPaymentReturnStep = z.output<typeof ZPaymentReturnStep>;
