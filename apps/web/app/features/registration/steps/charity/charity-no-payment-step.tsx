import { CircleCheck } from 'lucide-react';
import type { IWizardStepProps } from '../../lib/wizard-types';
import { WizardNav } from '../../components/wizard-nav';

/**
 * Charity step 4, Awaiting Payment: a charity has nothing to pay, so the application is
 * submitted at the terms step and this step is normally passed by. A draft that stopped here
 * (e.g. after the team asked for changes) is submitted from here.
 */
export function CharityNoPaymentStep({
  step,
  onComplete,
  onBack,
  submitting,
}: IWizardStepProps<Record<string, never>>) {
  return (
    <div className="space-y-6">
      <div className="flex flex-col items-center gap-4 py-8 text-center">
        <CircleCheck className="size-10 text-emerald-600" aria-hidden="true" />
        <p className="text-lg font-semibold text-slate-900">No payment needed</p>
        <p className="max-w-prose text-slate-600">
          Charities register free of charge. Submit your application to send it to our team.
        </p>
      </div>
      <WizardNav
        step={step}
        onBack={onBack}
        nextLabel="Submit Application"
        onNext={() => void onComplete({})}
        submitting={submitting}
      />
    </div>
  );
}
