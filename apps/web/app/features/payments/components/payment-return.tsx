import { useEffect, useRef } from 'react';
import { ArrowLeft, CheckCircle2, RotateCcw } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TRegistrationOrderAnswer } from '@sekolo/shared/schemas/payments';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { useRegistrationOrder } from '../api/subscription-checkout';
import { AlreadyPaid, NotCompleted, OrderOutcome, PaymentShell } from '~/components/payment/payment-outcome';
import {
  awaitingPaymentStep,
  paymentHandoffStep,
  readRegistrationData,
  writeRegistrationData,
  type TRegistrationHandoff,
} from '../lib/registration-handoff';
import { paths } from '~/config/paths';

const EYEBROW = 'Your application';

/** The payment step's data the wizard submits with its step (spec 4). */
function paymentDataOf(answer: TRegistrationOrderAnswer) {
  const { order } = answer;
  return {
    orderId: order.id,
    reference: order.reference,
    provider: order.provider,
    status: order.status,
    amountCents: order.amountCents,
    paidAt: order.paidAt,
    subscription: order.subscription,
  };
}

/**
 * /payment-success?order=<id>: checks the order with the server (waiting briefly for the
 * provider's notification), then hands back to the wizard: registrationData gets
 * fromSubscriptionCheckout, paymentData, transactionRef and packageData, and the applicant goes on
 * to /registration-steps, where the wizard submits the awaiting-payment step.
 */
export function PaymentSuccess() {
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const navigate = useNavigate();
  const order = useRegistrationOrder(orderId, { pollWhilePending: true });
  const handedOver = useRef(false);
  const data = order.data;
  const status = data?.order.status;

  useEffect(() => {
    if (!data || status !== 'paid' || handedOver.current) return;
    handedOver.current = true;
    const stored: TRegistrationHandoff = readRegistrationData() ?? { userType: data.userType };
    const next: TRegistrationHandoff = {
      ...stored,
      userType: stored.userType ?? data.userType,
      fromSubscriptionCheckout: true,
      paymentData: paymentDataOf(data),
      transactionRef: data.order.reference,
      packageData: { ...(stored.packageData ?? {}), ...(data.packageData ?? {}) },
      currentStep: awaitingPaymentStep(data.userType) ?? stored.currentStep,
    };
    writeRegistrationData(next);
    const timer = window.setTimeout(() => void navigate(paths.registration.steps, { replace: true, state: next }), 800);
    return () => window.clearTimeout(timer);
  }, [data, status, navigate]);

  return (
    <OrderOutcome
      orderId={orderId}
      order={order}
      eyebrow={EYEBROW}
      back={{ to: paths.registration.steps, label: 'Back to application' }}
    >
      {(answer) => {
        if (answer.order.status !== 'paid') return <NotPaid answer={answer} />;
        const isSetup = answer.order.amountCents === 0 && answer.order.subscription;
        return (
          <PaymentShell title={isSetup ? 'Subscription set up' : 'Payment successful'} eyebrow={EYEBROW}>
            <Alert variant="success" role="status" data-testid="payment-success">
              <CheckCircle2 aria-hidden="true" />
              <AlertTitle>
                {isSetup
                  ? 'Your card is set up. Nothing was charged today.'
                  : `We received your payment of ${formatZar(answer.order.amountCents)}.`}
              </AlertTitle>
              <AlertDescription>
                <p>
                  Reference <span className="font-mono">{answer.order.reference}</span>. Returning to your
                  application...
                </p>
              </AlertDescription>
            </Alert>
            <LoadingSpinner label="Submitting your application..." />
          </PaymentShell>
        );
      }}
    </OrderOutcome>
  );
}

/**
 * /payment-cancel?order=<id>: a cancelled or declined payment. Nothing is lost: "Try again" goes
 * back to the checkout with the stored application, "Back to application" to the wizard's payment
 * step.
 */
export function PaymentCancel() {
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const order = useRegistrationOrder(orderId);
  if (orderId && order.isPending) {
    return (
      <PaymentShell title="Payment not completed" eyebrow={EYEBROW}>
        <LoadingSpinner label="Loading..." />
      </PaymentShell>
    );
  }
  return <NotPaid answer={order.data ?? null} />;
}

function NotPaid({ answer }: { answer: TRegistrationOrderAnswer | null }) {
  const navigate = useNavigate();
  const failed = answer?.order.status === 'failed';
  const paid = answer?.order.status === 'paid';

  const registration = (): TRegistrationHandoff =>
    readRegistrationData() ?? (answer ? { userType: answer.userType } : {});
  const tryAgain = () => void navigate(paths.registration.subscriptionCheckout, { state: registration() });
  const backToApplication = () => {
    const stored = registration();
    const step = paymentHandoffStep(stored.userType);
    const next = { ...stored, fromSubscriptionCheckout: false, ...(step ? { currentStep: step } : {}) };
    writeRegistrationData(next);
    void navigate(paths.registration.steps, { state: next });
  };

  if (paid) {
    return (
      <AlreadyPaid
        eyebrow={EYEBROW}
        next={{ to: paths.registration.paymentSuccessOf(answer!.order.id), label: 'Continue with your application' }}
      />
    );
  }
  return (
    <NotCompleted
      eyebrow={EYEBROW}
      failed={failed}
      kept="Your application is saved: you can try the payment again or go back to your application."
      reference={answer?.order.reference ?? null}
    >
      <Button variant="secondary" onClick={backToApplication}>
        <ArrowLeft aria-hidden="true" />
        Back to application
      </Button>
      <Button onClick={tryAgain}>
        <RotateCcw aria-hidden="true" />
        Try again
      </Button>
    </NotCompleted>
  );
}
