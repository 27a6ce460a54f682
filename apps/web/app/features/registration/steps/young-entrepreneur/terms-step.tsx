import type { TTermsStep } from '@sekolo/shared/schemas/registration/common';
import type { IWizardStepProps } from '../../lib/wizard-types';
import { TermsStep } from '../shared/terms-step';

/** Young entrepreneur step 5, Terms & Conditions; young entrepreneurs pay nothing: this submits the application. */
export function YoungEntrepreneurTermsStep(props: IWizardStepProps<TTermsStep>) {
  return <TermsStep {...props} nextLabel="Submit Application" />;
}
