import type { TWizardStepComponents } from '../lib/wizard-types';
import { BUSINESS_PARTNER_STEP_COMPONENTS } from './business-partner/business-partner-steps';
import { CHARITY_STEP_COMPONENTS } from './charity/charity-steps';
import { CustomerInfoStep } from './customer/customer-info-step';
import { CustomerTermsStep } from './customer/customer-terms-step';
import { SchoolInformationStep } from './school/school-information-step';
import { SchoolPackageStep } from './school/school-package-step';
import { SchoolTermsStep } from './school/school-terms-step';
import { AwaitingPaymentStep } from './shared/awaiting-payment-step';
import { ApplicationCompleteStep } from './shared/application-complete-step';
import { ShopInformationStep } from './young-entrepreneur/shop-information-step';
import { PersonalInformationStep } from './young-entrepreneur/personal-information-step';
import { GuardianInformationStep } from './young-entrepreneur/guardian-information-step';
import { DocumentUploadStep } from './young-entrepreneur/document-upload-step';
import { YoungEntrepreneurTermsStep } from './young-entrepreneur/terms-step';

/**
 * userType -> step number -> the step's component (steps). A step without an entry renders
 * 'Invalid step {n}' for a school and nothing for the other types (spec 2.9, 8).
 * business_partner and charity: owner partner-forms (steps/business-partner, steps/charity);
 * AwaitingPaymentStep and ApplicationCompleteStep in ./shared are for every paying type.
 */
export const STEP_COMPONENTS: Readonly<Record<string, TWizardStepComponents>> = {
  school_admin: {
    1: SchoolInformationStep,
    2: SchoolPackageStep,
    3: SchoolTermsStep,
    4: AwaitingPaymentStep,
    5: ApplicationCompleteStep,
  },
  customer: {
    1: CustomerInfoStep,
    2: CustomerTermsStep,
  },
  young_entrepreneur: {
    1: ShopInformationStep,
    2: PersonalInformationStep,
    3: GuardianInformationStep,
    4: DocumentUploadStep,
    5: YoungEntrepreneurTermsStep,
  },
  business_partner: BUSINESS_PARTNER_STEP_COMPONENTS,
  charity: CHARITY_STEP_COMPONENTS,
};
