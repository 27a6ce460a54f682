import { CheckCircle2, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';

/**
 * What the payment return pages (/payment-success, /payment-cancel) share, for a registration
 * order (payment-return.tsx) and a basket order (basket-payment-return.tsx): the page, the states
 * before an order's outcome is known, "already paid" and "not completed".
 */

type TOrderAnswer = { order: { status: string } };

/** The query of an order, as both return pages read it (TanStack Query's result). */
type TOrderQuery<T extends TOrderAnswer> =
  | { isPending: true; isError: false; data: undefined; error: null; refetch: () => unknown }
  | { isPending: false; isError: true; data: undefined | T; error: unknown; refetch: () => unknown }
  | { isPending: false; isError: false; data: T; error: null; refetch: () => unknown };

export function PaymentShell({
  title,
  eyebrow,
  children,
}: {
  title: string;
  /** A line above the title ("Your application"). */
  eyebrow?: string;
  children: React.ReactNode;
}) {
  const heading = (
    <h1
      className={
        eyebrow
          ? 'mt-1 text-3xl font-bold tracking-tight text-slate-900'
          : 'text-3xl font-bold tracking-tight text-slate-900'
      }
    >
      {title}
    </h1>
  );
  return (
    <div className="bg-slate-50 px-4 py-12">
      <div className="mx-auto max-w-2xl space-y-6">
        {eyebrow ? (
          <div>
            <p className="text-sm font-semibold text-brand-700">{eyebrow}</p>
            {heading}
          </div>
        ) : (
          heading
        )}
        {children}
      </div>
    </div>
  );
}

/**
 * /payment-success before the order's outcome is known: no order in the address (a link `back`),
 * the first check, a check that failed (check again), or the provider has not confirmed yet (polls;
 * check again). Otherwise `children` gets the settled order (paid, failed or cancelled).
 */
export function OrderOutcome<T extends TOrderAnswer>({
  orderId,
  order,
  eyebrow,
  back,
  children,
}: {
  orderId: string;
  order: TOrderQuery<T>;
  eyebrow?: string;
  back: { to: string; label: string };
  children: (answer: T) => React.ReactNode;
}) {
  const checkAgain = () => void order.refetch();
  if (!orderId) {
    return (
      <PaymentShell title="Payment" eyebrow={eyebrow}>
        <Alert variant="warning" role="alert">
          <XCircle aria-hidden="true" />
          <AlertTitle>This page needs an order.</AlertTitle>
          <AlertDescription>
            <Link to={back.to} className="font-medium underline">
              {back.label}
            </Link>
          </AlertDescription>
        </Alert>
      </PaymentShell>
    );
  }
  if (order.isPending) {
    return (
      <PaymentShell title="Payment" eyebrow={eyebrow}>
        <LoadingSpinner label="Checking your payment..." />
      </PaymentShell>
    );
  }
  if (order.isError) {
    return (
      <PaymentShell title="Payment" eyebrow={eyebrow}>
        <Alert variant="destructive" role="alert">
          <XCircle aria-hidden="true" />
          <AlertTitle>{errorMessage(order.error)}</AlertTitle>
          <AlertDescription>
            <Button variant="secondary" size="sm" className="mt-2" onClick={checkAgain}>
              Check again
            </Button>
          </AlertDescription>
        </Alert>
      </PaymentShell>
    );
  }
  if (order.data.order.status === 'pending') {
    return (
      <PaymentShell title="Payment" eyebrow={eyebrow}>
        <LoadingSpinner label="Waiting for the payment provider to confirm your payment..." />
        <p className="text-center text-sm text-slate-600">
          This usually takes a few seconds.{' '}
          <button type="button" className="font-medium underline" onClick={checkAgain}>
            Check again
          </button>
        </p>
      </PaymentShell>
    );
  }
  return children(order.data);
}

/** /payment-cancel for an order that was paid after all: a link on (`next`). */
export function AlreadyPaid({ eyebrow, next }: { eyebrow?: string; next: { to: string; label: string } }) {
  return (
    <PaymentShell title="Payment" eyebrow={eyebrow}>
      <Alert variant="success" role="status">
        <CheckCircle2 aria-hidden="true" />
        <AlertTitle>This order has already been paid.</AlertTitle>
        <AlertDescription>
          <Link to={next.to} className="font-medium underline">
            {next.label}
          </Link>
        </AlertDescription>
      </Alert>
    </PaymentShell>
  );
}

/**
 * A cancelled or declined payment: nothing charged, what is kept (`kept`), the reference if there
 * is an order, and the ways on (`children`: back, and try again).
 */
export function NotCompleted({
  eyebrow,
  failed,
  kept,
  reference,
  children,
}: {
  eyebrow?: string;
  failed: boolean;
  kept: string;
  reference: string | null;
  children: React.ReactNode;
}) {
  return (
    <PaymentShell title="Payment not completed" eyebrow={eyebrow}>
      <Alert variant={failed ? 'destructive' : 'warning'} role="alert" data-testid="payment-cancelled">
        <XCircle aria-hidden="true" />
        <AlertTitle>{failed ? 'Your payment was declined.' : 'You cancelled the payment.'}</AlertTitle>
        <AlertDescription>
          <p>Nothing was charged. {kept}</p>
          {reference && (
            <p className="mt-1 text-sm">
              Reference <span className="font-mono">{reference}</span>
            </p>
          )}
        </AlertDescription>
      </Alert>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">{children}</div>
    </PaymentShell>
  );
}
