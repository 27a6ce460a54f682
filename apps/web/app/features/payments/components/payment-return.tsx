import { useEffect, useRef } from 'react';
import { ArrowLeft, CheckCircle2, RotateCcw, XCircle } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TRegistrationOrderAnswer } from '@sekolo/shared/schemas/payments';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { useRegistrationOrder } from '../api/subscription-checkout';
import {
  awaitingPaymentStep,
  paymentHandoffStep,
  readRegistrationData,
  writeRegistrationData,
  type TRegistrationHandoff,
} from '../lib/registration-handoff';

const REGISTRATION_PATH = '/registration-steps';
const CHECKOUT_PATH = '/subscription-checkout';

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="bg-slate-50 px-4 py-12">
      <div className="mx-auto max-w-2xl space-y-6">
        <div>
          <p className="text-sm font-semibold text-brand-700">Your application</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        </div>
        {children}
      </div>
    </div>
  );
}

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
    const timer = window.setTimeout(() => void navigate(REGISTRATION_PATH, { replace: true, state: next }), 800);
    return () => window.clearTimeout(timer);
  }, [data, status, navigate]);

  if (!orderId) {
    return (
      <Shell title="Payment">
        <Alert variant="warning" role="alert">
          <XCircle aria-hidden="true" />
          <AlertTitle>This page needs an order.</AlertTitle>
          <AlertDescription>
            <Link to={REGISTRATION_PATH} className="font-medium underline">
              Back to application
            </Link>
          </AlertDescription>
        </Alert>
      </Shell>
    );
  }
  if (order.isPending) {
    return (
      <Shell title="Payment">
        <LoadingSpinner label="Checking your payment..." />
      </Shell>
    );
  }
  if (order.isError) {
    return (
      <Shell title="Payment">
        <Alert variant="destructive" role="alert">
          <XCircle aria-hidden="true" />
          <AlertTitle>{errorMessage(order.error)}</AlertTitle>
          <AlertDescription>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void order.refetch()}>
              Check again
            </Button>
          </AlertDescription>
        </Alert>
      </Shell>
    );
  }
  const answer = order.data;
  if (answer.order.status === 'paid') {
    const isSetup = answer.order.amountCents === 0 && answer.order.subscription;
    return (
      <Shell title={isSetup ? 'Subscription set up' : 'Payment successful'}>
        <Alert variant="success" role="status" data-testid="payment-success">
          <CheckCircle2 aria-hidden="true" />
          <AlertTitle>{isSetup ? 'Your card is set up. Nothing was charged today.' : `We received your payment of ${formatZar(answer.order.amountCents)}.`}</AlertTitle>
          <AlertDescription>
            <p>
              Reference <span className="font-mono">{answer.order.reference}</span>. Returning to your application...
            </p>
          </AlertDescription>
        </Alert>
        <LoadingSpinner label="Submitting your application..." />
      </Shell>
    );
  }
  if (answer.order.status === 'pending') {
    return (
      <Shell title="Payment">
        <LoadingSpinner label="Waiting for the payment provider to confirm your payment..." />
        <p className="text-center text-sm text-slate-600">
          This usually takes a few seconds.{' '}
          <button type="button" className="font-medium underline" onClick={() => void order.refetch()}>
            Check again
          </button>
        </p>
      </Shell>
    );
  }
  return <NotPaid answer={answer} />;
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
      <Shell title="Payment not completed">
        <LoadingSpinner label="Loading..." />
      </Shell>
    );
  }
  return <NotPaid answer={order.data ?? null} />;
}

function NotPaid({ answer }: { answer: TRegistrationOrderAnswer | null }) {
  const navigate = useNavigate();
  const failed = answer?.order.status === 'failed';
  const paid = answer?.order.status === 'paid';

  const registration = (): TRegistrationHandoff => readRegistrationData() ?? (answer ? { userType: answer.userType } : {});
  const tryAgain = () => void navigate(CHECKOUT_PATH, { state: registration() });
  const backToApplication = () => {
    const stored = registration();
    const step = paymentHandoffStep(stored.userType);
    const next = { ...stored, fromSubscriptionCheckout: false, ...(step ? { currentStep: step } : {}) };
    writeRegistrationData(next);
    void navigate(REGISTRATION_PATH, { state: next });
  };

  if (paid) {
    return (
      <Shell title="Payment">
        <Alert variant="success" role="status">
          <CheckCircle2 aria-hidden="true" />
          <AlertTitle>This order has already been paid.</AlertTitle>
          <AlertDescription>
            <Link to={`/payment-success?order=${answer!.order.id}`} className="font-medium underline">
              Continue with your application
            </Link>
          </AlertDescription>
        </Alert>
      </Shell>
    );
  }
  return (
    <Shell title="Payment not completed">
      <Alert variant={failed ? 'destructive' : 'warning'} role="alert" data-testid="payment-cancelled">
        <XCircle aria-hidden="true" />
        <AlertTitle>{failed ? 'Your payment was declined.' : 'You cancelled the payment.'}</AlertTitle>
        <AlertDescription>
          <p>Nothing was charged. Your application is saved: you can try the payment again or go back to your application.</p>
          {answer && (
            <p className="mt-1 text-sm">
              Reference <span className="font-mono">{answer.order.reference}</span>
            </p>
          )}
        </AlertDescription>
      </Alert>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={backToApplication}>
          <ArrowLeft aria-hidden="true" />
          Back to application
        </Button>
        <Button onClick={tryAgain}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </div>
    </Shell>
  );
}
