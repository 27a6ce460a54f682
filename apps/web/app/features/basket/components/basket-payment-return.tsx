import { useEffect } from 'react';
import { CheckCircle2, RotateCcw } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { formatZar } from '@sekolo/shared/domain/money';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { AlreadyPaid, NotCompleted, OrderOutcome, PaymentShell } from '~/components/payment/payment-outcome';
import { writeBasket } from '../lib/basket-storage';
import { useBasketOrder } from '../api/checkout';
import { paths } from '~/config/paths';

const PAYMENTS = { to: paths.account.payments, label: 'View your payments' };

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

  return (
    <OrderOutcome orderId={orderId} order={order} back={{ to: paths.account.payments, label: 'Your payments' }}>
      {({ order: o }) =>
        o.status === 'paid' ? (
          <PaymentShell title="Payment successful">
            <Alert variant="success" role="status" data-testid="payment-success">
              <CheckCircle2 aria-hidden="true" />
              <AlertTitle>Your payment of {formatZar(o.amountCents)} succeeded.</AlertTitle>
              <AlertDescription>
                <p>
                  Reference{' '}
                  <span className="font-mono" data-testid="payment-reference">
                    {o.reference}
                  </span>
                  . Your invoice is on your payments page.
                </p>
              </AlertDescription>
            </Alert>
            <Button asChild>
              <Link to={PAYMENTS.to}>{PAYMENTS.label}</Link>
            </Button>
          </PaymentShell>
        ) : (
          <BasketNotPaid failed={o.status === 'failed'} reference={o.reference} />
        )
      }
    </OrderOutcome>
  );
}

/** /payment-cancel?kind=basket&order=<id>: nothing charged; the basket is still there. */
export function BasketPaymentCancel() {
  const [params] = useSearchParams();
  const order = useBasketOrder(params.get('order') ?? '');
  if (order.data?.order.status === 'paid') return <AlreadyPaid next={PAYMENTS} />;
  return (
    <BasketNotPaid failed={order.data?.order.status === 'failed'} reference={order.data?.order.reference ?? null} />
  );
}

function BasketNotPaid({ failed, reference }: { failed: boolean; reference: string | null }) {
  return (
    <NotCompleted failed={failed} kept="Your basket is saved." reference={reference}>
      <Button asChild variant="secondary">
        <Link to={paths.basket}>Back to basket</Link>
      </Button>
      <Button asChild>
        <Link to={paths.checkout}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Link>
      </Button>
    </NotCompleted>
  );
}
