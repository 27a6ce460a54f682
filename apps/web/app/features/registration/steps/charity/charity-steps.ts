import type { TWizardStepComponents } from '../../lib/wizard-types';
import { ApplicationCompleteStep } from '../shared/application-complete-step';
import { CharityDetailsStep } from './charity-details-step';
import { CharityNoPaymentStep } from './charity-no-payment-step';
import { CharityProductsStep } from './charity-products-step';
import { CharityTermsPackageStep } from './charity-terms-package-step';

/** The charity's five steps; the application is submitted at step 3 (nothing to pay). */
export const CHARITY_STEP_COMPONENTS: TWizardStepComponents = {
  1: CharityDetailsStep,
  2: CharityProductsStep,
  3: CharityTermsPackageStep,
  4: CharityNoPaymentStep,
  5: ApplicationCompleteStep,
};
