import { getSchoolPackage } from '@sekolo/shared/constants/packages';
import { formatZarWhole } from '@sekolo/shared/domain/money';
import type { TTermsStep } from '@sekolo/shared/schemas/registration/common';
import type { IWizardStepProps } from '../../lib/wizard-types';
import { TermsStep } from '../shared/terms-step';

/** School step 3, Terms & Conditions; on submit the wizard saves it and goes to /subscription-checkout. */
export function SchoolTermsStep(props: IWizardStepProps<TTermsStep>) {
  const pkg = getSchoolPackage(props.registration.packageData?.id);
  return (
    <TermsStep
      {...props}
      nextLabel="Continue to Payment"
      intro={
        pkg && (
          <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
            Your package: <strong className="text-slate-900">{pkg.name}</strong>, {formatZarWhole(pkg.priceCents)} per
            month after the free trial. Accept the terms to continue to the secure checkout.
          </p>
        )
      }
    />
  );
}
