import type { TWizardStepComponents } from '../../lib/wizard-types';
import { ApplicationCompleteStep } from '../shared/application-complete-step';
import { AwaitingPaymentStep } from '../shared/awaiting-payment-step';
import { BusinessInformationStep } from './business-information-step';
import { BusinessProductsServicesStep } from './products-services-step';
import { FeesCommissionStep } from './fees-commission-step';
import { ServiceLevelAgreementStep } from './service-level-agreement-step';
import { TermsPaymentStep } from './terms-payment-step';

/** The business partner's seven steps. */
export const BUSINESS_PARTNER_STEP_COMPONENTS: TWizardStepComponents = {
  1: BusinessInformationStep,
  2: BusinessProductsServicesStep,
  3: FeesCommissionStep,
  4: ServiceLevelAgreementStep,
  5: TermsPaymentStep,
  6: AwaitingPaymentStep,
  7: ApplicationCompleteStep,
};
