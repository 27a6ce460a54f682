import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { MY_FINANCE_KEY, myOnlinePaymentQuery, myReceiptPdfUrl } from '../api/finance-queries';

/**
 * Back from the payment page (?order=…): how the payment went, waiting briefly for the provider's
 * notification; once the payment is on the account, the balances and statements on screen are
 * read again.
 */
export function PaymentReturn({ orderId }: { orderId: string }) {
  const payment = useQuery(myOnlinePaymentQuery(orderId));
  const client = useQueryClient();
  const paidIn = payment.data?.payment?.id;
  // The payment is on the account: the balance and the statement on screen are read again.
  useEffect(() => {
    if (paidIn) void client.invalidateQueries({ queryKey: MY_FINANCE_KEY });
  }, [paidIn, client]);
  if (payment.isPending) return <LoadingSpinner className="py-4" label="Checking your payment..." />;
  if (payment.isError) {
    return (
      <Alert variant="destructive" role="alert">
        <AlertDescription>{errorMessage(payment.error)}</AlertDescription>
      </Alert>
    );
  }
  const p = payment.data;
  if (p.status === 'paid' && p.payment) {
    return (
      <Alert variant="success" role="status" data-testid="payment-return">
        <AlertTitle>Payment received</AlertTitle>
        <AlertDescription>
          {formatZar(p.breakdown.grossCents)} is on your account (you paid {formatZar(p.breakdown.parentPaysCents)}),
          receipt {p.payment.receiptNumber}.{' '}
          <a href={myReceiptPdfUrl(p.payment.id)} download className="font-semibold underline">
            Receipt PDF
          </a>
        </AlertDescription>
      </Alert>
    );
  }
  if (p.status === 'pending' || p.status === 'paid') {
    return (
      <Alert variant="info" role="status" data-testid="payment-return">
        <AlertTitle>Waiting for the payment to be confirmed</AlertTitle>
        <AlertDescription>
          This usually takes a few seconds. Your balance updates once the payment provider confirms it.
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="warning" role="status" data-testid="payment-return">
      <AlertTitle>{p.status === 'cancelled' ? 'Payment cancelled' : 'Payment not completed'}</AlertTitle>
      <AlertDescription>Nothing was charged. You can pay again below.</AlertDescription>
    </Alert>
  );
}
