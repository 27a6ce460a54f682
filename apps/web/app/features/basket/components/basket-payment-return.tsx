import { useEffect } from 'react';
import { CheckCircle2, RotateCcw, XCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { formatZar } from '@sekolo/shared/domain/money';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { writeBasket } from '../lib/basket-storage';
import { useBasketOrder } from '../api/checkout';

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="bg-slate-50 px-4 py-12">
      <div className="mx-auto max-w-2xl space-y-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/**
 * /payment-success?kind=basket&order=<id>: the basket order's outcome, from the server (waiting
 * briefly for the provider's notification). Once paid, the browser's basket is emptied (the
 * account's was emptied when the payment was credited).
 */
export function BasketPaymentSuccess() {
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const order = useBasketOrder(orderId, { pollWhilePending: true });
  const paid = order.data?.order.status === 'paid';
  useEffect(() => {
    if (paid) writeBasket([]);
  }, [paid]);

  if (!orderId) {
    return (
      <Shell title="Payment">
        <Alert variant="warning" role="alert">
          <XCircle aria-hidden="true" />
          <AlertTitle>This page needs an order.</AlertTitle>
          <AlertDescription>
            <Link to="/payments" className="font-medium underline">
              Your payments
            </Link>
          </AlertDescription>
        </Alert>
      </Shell>
    );
  }
  if (order.isPending) return <Shell title="Payment"><LoadingSpinner label="Checking your payment..." /></Shell>;
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
  const { order: o } = order.data;
  if (o.status === 'paid') {
    return (
      <Shell title="Payment successful">
        <Alert variant="success" role="status" data-testid="payment-success">
          <CheckCircle2 aria-hidden="true" />
          <AlertTitle>Your payment of {formatZar(o.amountCents)} succeeded.</AlertTitle>
          <AlertDescription>
            <p>
              Reference <span className="font-mono" data-testid="payment-reference">{o.reference}</span>. Your invoice is on
              your payments page.
            </p>
          </AlertDescription>
        </Alert>
        <Button asChild>
          <Link to="/payments">View your payments</Link>
        </Button>
      </Shell>
    );
  }
  if (o.status === 'pending') {
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
  return <BasketNotPaid failed={o.status === 'failed'} reference={o.reference} />;
}

/** /payment-cancel?kind=basket&order=<id>: nothing charged; the basket is still there. */
export function BasketPaymentCancel() {
  const [params] = useSearchParams();
  const order = useBasketOrder(params.get('order') ?? '');
  if (order.data?.order.status === 'paid') {
    return (
      <Shell title="Payment">
        <Alert variant="success" role="status">
          <CheckCircle2 aria-hidden="true" />
          <AlertTitle>This order has already been paid.</AlertTitle>
          <AlertDescription>
            <Link to="/payments" className="font-medium underline">
              View your payments
            </Link>
          </AlertDescription>
        </Alert>
      </Shell>
    );
  }
  return <BasketNotPaid failed={order.data?.order.status === 'failed'} reference={order.data?.order.reference ?? null} />;
}

function BasketNotPaid({ failed, reference }: { failed: boolean; reference: string | null }) {
  return (
    <Shell title="Payment not completed">
      <Alert variant={failed ? 'destructive' : 'warning'} role="alert" data-testid="payment-cancelled">
        <XCircle aria-hidden="true" />
        <AlertTitle>{failed ? 'Your payment was declined.' : 'You cancelled the payment.'}</AlertTitle>
        <AlertDescription>
          <p>Nothing was charged. Your basket is saved.</p>
          {reference && (
            <p className="mt-1 text-sm">
              Reference <span className="font-mono">{reference}</span>
            </p>
          )}
        </AlertDescription>
      </Alert>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button asChild variant="secondary">
          <Link to="/basket">Back to basket</Link>
        </Button>
        <Button asChild>
          <Link to="/checkout">
            <RotateCcw aria-hidden="true" />
            Try again
          </Link>
        </Button>
      </div>
    </Shell>
  );
}
