import type { TCustomerTermsStep } from '@sekolo/shared/schemas/registration/customer';
import { nextLabelFor } from '../../lib/next-label';
import type { IWizardStepProps } from '../../lib/wizard-types';
import { TermsStep } from '../shared/terms-step';

/** Customer step 2, Terms and Privacy Policy: two scrollable texts, two checkboxes, 'Complete Registration'. */
export function CustomerTermsStep(props: IWizardStepProps<TCustomerTermsStep>) {
  return <TermsStep {...props} nextLabel={nextLabelFor('customer', props.step)} />;
}
