/**
 * Charity application (spec 2.9, 3, 5): five steps.
 * 1 Charity Details ('Continue to Products'), 2 Products & Services (optional), 3 Terms & Package,
 * 4 Awaiting Payment, 5 Application Complete. Charities pay nothing: the application is
 * submitted directly, without a checkout.
 */

import { z } from 'zod';
import { CHARITY_TYPE_IDS } from '../../constants/enumerations.ts';
import { BUSINESS_PARTNER_MESSAGES, ZCharityProductsServicesStep } from './business-partner.ts';
import {
  REGISTRATION_MESSAGES,
  ZAddressFields,
  ZOptionalLink,
  ZTermsStep,
  optionalText,
  refineProvinceInCountry,
  requiredText,
} from './common.ts';

export const CHARITY_MESSAGES = {
  registeredNameRequired: BUSINESS_PARTNER_MESSAGES.registeredNameRequired,
  registrationNumberRequired: BUSINESS_PARTNER_MESSAGES.registrationNumberRequired,
  charityTypeRequired: 'Charity type is required',
  displayNameRequired: REGISTRATION_MESSAGES.displayNameRequired,
} as const;

const M = CHARITY_MESSAGES;

/** Every field required except tagLine and googleMapsLink (spec 5, "Charity details"). */
export const ZCharityDetailsStep = z
  .object({
    registeredName: requiredText(M.registeredNameRequired),
    registrationNumber: requiredText(M.registrationNumberRequired, 50),
    tagLine: optionalText(150),
    businessType: z.enum(CHARITY_TYPE_IDS, { error: M.charityTypeRequired }),
    ...ZAddressFields.shape,
    displayName: requiredText(M.displayNameRequired, 100),
    googleMapsLink: ZOptionalLink,
  })
  .superRefine(refineProvinceInCountry);
export type TCharityDetailsStepInput = z.input<typeof ZCharityDetailsStep>;
export type TCharityDetailsStep = z.output<typeof ZCharityDetailsStep>;

export { ZCharityProductsServicesStep };

/** The charity package: nothing to pay, so there is no checkout. */
export const CHARITY_PACKAGE = {
  id: 'charity',
  name: 'Charity',
  priceCents: 0,
  features: [
    'A listing in the Sekolo directory',
    'Donations and fundraising campaigns',
    'Products and services on the marketplace',
    'Events and ticketing',
  ],
} as const;

export const ZCharityTermsPackageStep = ZTermsStep.extend({
  packageId: z.literal(CHARITY_PACKAGE.id).optional().default(CHARITY_PACKAGE.id),
});
export type TCharityTermsPackageStepInput = z.input<typeof ZCharityTermsPackageStep>;
export type TCharityTermsPackageStep = z.output<typeof ZCharityTermsPackageStep>;

export const CHARITY_STEP_SCHEMAS = {
  1: ZCharityDetailsStep,
  2: ZCharityProductsServicesStep,
  3: ZCharityTermsPackageStep,
  4: null,
  5: null,
} as const;
