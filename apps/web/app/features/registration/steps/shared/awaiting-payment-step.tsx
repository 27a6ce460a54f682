import { CreditCard, Loader2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { paymentStepFor } from '@sekolo/shared/schemas/registration/index';
import type { TPaymentReturnStep } from '@sekolo/shared/schemas/registration/common';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { writeRegistrationData } from '~/lib/registration-storage';
import { WizardNav } from '../../components/wizard-nav';
import type { IWizardStepProps } from '../../lib/wizard-types';
import { paths } from '~/config/paths';

/**
 * 'Awaiting payment...' (school step 4, business partner step 6). On the return from the checkout
 * the wizard submits this step by itself with the payment reference. An applicant who comes back
 * without paying can return to the checkout; one who paid before (e.g. after the team asked for
 * changes) submits again without paying twice.
 */
export function AwaitingPaymentStep({
  step,
  data,
  registration,
  onComplete,
  onBack,
  submitting,
}: IWizardStepProps<TPaymentReturnStep>) {
  const navigate = useNavigate();
  // Paid before (a saved step) or just now (the reference /payment-success left in the state).
  const transactionRef = data?.transactionRef || registration.transactionRef || '';
  const paid = transactionRef !== '';
  const returning = registration.fromSubscriptionCheckout === true;

  if (returning || submitting) {
    return (
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-4 py-12 text-center">
        <Loader2 className="size-10 animate-spin text-brand-700" aria-hidden="true" />
        <p className="text-lg font-semibold text-slate-900">Awaiting payment...</p>
        <p className="text-slate-600">Payment received. We are submitting your application.</p>
      </div>
    );
  }

  function backToCheckout() {
    const paymentStep = paymentStepFor(registration.userType) ?? step - 1;
    const state = writeRegistrationData({ ...registration, currentStep: paymentStep, fromSubscriptionCheckout: false });
    void navigate(paths.registration.subscriptionCheckout, { replace: true, state });
  }

  return (
    <div className="space-y-6">
      {paid ? (
        <Alert variant="success">
          <AlertTitle>Payment received</AlertTitle>
          <AlertDescription>
            Your payment (reference {transactionRef}) is recorded. Submit your application to send it to our team.
          </AlertDescription>
        </Alert>
      ) : (
        <div className="flex flex-col items-center gap-4 py-8 text-center">
          <CreditCard className="size-10 text-brand-700" aria-hidden="true" />
          <p className="text-lg font-semibold text-slate-900">Awaiting payment...</p>
          <p className="max-w-prose text-slate-600">
            We have not received your payment yet. Continue to the secure checkout to complete it; your application is
            submitted as soon as the payment is confirmed.
          </p>
        </div>
      )}
      <WizardNav
        step={step}
        onBack={onBack}
        nextLabel={paid ? 'Submit Application' : 'Continue to Checkout'}
        onNext={
          paid
            ? () =>
                void onComplete({ transactionRef, packageData: data?.packageData ?? registration.packageData ?? null })
            : backToCheckout
        }
        submitting={submitting}
      />
    </div>
  );
}
