/**
 * Customer profile completion (spec 2.9 "Customer", 3 "Customer profile", 5 "Customer info"):
 * step 1 Additional Information, step 2 Terms & Conditions. Validates on change.
 */

import { z } from 'zod';
import { REGISTRATION_MESSAGES, ZTermsStep } from './common.ts';

export const CUSTOMER_MESSAGES = {
  displayNameTooShort: 'Display name must be at least 2 characters',
  phoneTooShort: 'Phone number must be at least 10 characters',
  tooLong: REGISTRATION_MESSAGES.tooLong,
} as const;

const M = CUSTOMER_MESSAGES;

export const ZCustomerInfoStep = z.object({
  displayName: z.string({ error: M.displayNameTooShort }).trim().min(2, M.displayNameTooShort).max(100, M.tooLong(100)),
  phoneNumber: z.string({ error: M.phoneTooShort }).trim().min(10, M.phoneTooShort).max(20, M.tooLong(20)),
});
export type TCustomerInfoStepInput = z.input<typeof ZCustomerInfoStep>;
export type TCustomerInfoStep = z.output<typeof ZCustomerInfoStep>;

export const ZCustomerTermsStep = ZTermsStep;
export type TCustomerTermsStep = z.output<typeof ZCustomerTermsStep>;

/** The whole profile as PUT /api/customer-profile/me takes it (both steps at once). */
export const ZCustomerProfile = ZCustomerInfoStep.extend(ZCustomerTermsStep.shape);
export type TCustomerProfileInput = z.input<typeof ZCustomerProfile>;
export type TCustomerProfile = z.output<typeof ZCustomerProfile>;

export const CUSTOMER_STEP_SCHEMAS = {
  1: ZCustomerInfoStep,
  2: ZCustomerTermsStep,
} as const;
