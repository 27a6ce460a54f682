import { COMMISSION_TIERS, type TCommissionTier } from '@sekolo/shared/constants/fees';
import type { TBusinessTermsPaymentStep } from '@sekolo/shared/schemas/registration/business-partner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import type { IWizardStepProps } from '../../lib/wizard-types';
import { TermsStep } from '../shared/terms-step';
import { PartnerFeeTable } from './partner-fee-table';
import { partnerTypesFrom } from './partner-types-from';

/** The tier chosen in the fee step (3), else Free. */
function chosenTier(stepData: Record<string, Record<string, unknown> | undefined>): TCommissionTier {
  const value = stepData['3']?.commissionTier;
  return COMMISSION_TIERS.find((tier) => tier.id === value)?.id ?? 'free';
}

/**
 * Business partner step 5, Terms & Payment (spec 2.9): the terms, and the order summary of
 * the roles and tier chosen in the fee step. On continue the wizard saves the step and goes to
 * /subscription-checkout with the state (wizard contract).
 */
export function TermsPaymentStep(props: IWizardStepProps<TBusinessTermsPaymentStep>) {
  const { registration } = props;
  const fromFeeStep = partnerTypesFrom(registration, 3);
  const types = fromFeeStep.length > 0 ? fromFeeStep : partnerTypesFrom(registration);
  const tier = chosenTier(registration.stepData);
  return (
    <TermsStep
      {...props}
      nextLabel="Continue to Payment"
      intro={
        <Card>
          <CardHeader>
            <CardTitle>Order summary</CardTitle>
            <CardDescription>
              You pay the registration fee now at the secure checkout. Recurring fees are billed once your application
              is approved.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {types.length > 0 ? (
              <PartnerFeeTable types={types} tier={tier} />
            ) : (
              <p className="text-sm text-slate-600">
                No business partner types selected. Please go back to select your role(s).
              </p>
            )}
          </CardContent>
        </Card>
      }
    />
  );
}
