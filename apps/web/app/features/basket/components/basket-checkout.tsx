import { useEffect, useMemo, useState } from 'react';
import { ArrowLeft, CreditCard, Lock, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { PROCESSING_FEE_BPS } from '@sekolo/shared/constants/fees';
import { formatZar } from '@sekolo/shared/domain/money';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { useAccountBasketSync } from '../hooks/use-account-basket-sync';
import { useBasket } from '../hooks/use-basket';
import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import { useBasketQuote, useStartBasketCheckout } from '../api/checkout';
import { paths } from '~/config/paths';

const FEE_PERCENT = `${PROCESSING_FEE_BPS / 100}%`;

function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `key-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="bg-slate-50 px-4 py-12">
      <div className="mx-auto max-w-2xl space-y-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Checkout</h1>
        {children}
      </div>
    </div>
  );
}

/**
 * /checkout (spec 2.2): the basket priced by the server (the listing's prices, the 6.8%
 * processing fee on top), then "Pay R…" to the payment provider. The order is created with an
 * Idempotency-Key, so a double click or a retry never makes two orders for the same basket.
 */
export function BasketCheckout({ followRedirect }: { followRedirect: (redirect: TCheckoutRedirect) => void }) {
  useAccountBasketSync(true);
  const basket = useBasket();
  // Local storage is read in the browser only: wait for it before saying the basket is empty.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const items = useMemo(() => basket.items.map((item) => ({ id: item.id, quantity: item.quantity })), [basket.items]);
  const itemsKey = JSON.stringify(items);
  // A new key for every different basket.
  const idempotencyKey = useMemo(newIdempotencyKey, [itemsKey]);
  const quote = useBasketQuote(items);
  const start = useStartBasketCheckout();

  if (!mounted) return <Shell><LoadingSpinner label="Loading your basket..." /></Shell>;
  if (items.length === 0) {
    return (
      <Shell>
        <Alert variant="warning" role="alert">
          <XCircle aria-hidden="true" />
          <AlertTitle>Your basket is empty.</AlertTitle>
          <AlertDescription>
            <Link to={paths.basket} className="font-medium underline">
              Choose products
            </Link>
          </AlertDescription>
        </Alert>
      </Shell>
    );
  }
  if (quote.isPending) return <Shell><LoadingSpinner label="Pricing your basket..." /></Shell>;
  if (quote.isError) {
    return (
      <Shell>
        <Alert variant="destructive" role="alert">
          <XCircle aria-hidden="true" />
          <AlertTitle>{errorMessage(quote.error)}</AlertTitle>
          <AlertDescription>
            <Link to={paths.basket} className="font-medium underline">
              Back to basket
            </Link>
          </AlertDescription>
        </Alert>
      </Shell>
    );
  }

  const q = quote.data;
  const pay = () =>
    start.mutate({ items, idempotencyKey }, { onSuccess: (answer) => followRedirect(answer.redirect) });

  return (
    <Shell>
      <Card>
        <CardHeader>
          <CardTitle>Order summary</CardTitle>
          <CardDescription>Prices include VAT. The processing fee is added at checkout.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <ul className="divide-y divide-slate-200" aria-label="Order lines">
            {q.lines.map((line) => (
              <li key={line.id} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{line.title}</p>
                  <p className="text-sm text-slate-600">
                    {line.quantity} × {formatZar(line.unitPriceCents)} · {line.sellerName}
                  </p>
                </div>
                <p className="font-semibold tabular-nums text-slate-900">{formatZar(line.lineTotalCents)}</p>
              </li>
            ))}
          </ul>
          <dl className="space-y-2 border-t border-slate-200 pt-4">
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600">Subtotal</dt>
              <dd className="tabular-nums text-slate-900" data-testid="checkout-subtotal">
                {formatZar(q.subtotalCents)}
              </dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600">Processing fee ({FEE_PERCENT})</dt>
              <dd className="tabular-nums text-slate-900" data-testid="checkout-fee">
                {formatZar(q.processingFeeCents)}
              </dd>
            </div>
            <div className="flex justify-between gap-3 text-lg font-semibold">
              <dt className="text-slate-900">Total</dt>
              <dd className="tabular-nums text-slate-900" data-testid="checkout-total">
                {formatZar(q.totalCents)}
              </dd>
            </div>
          </dl>
          {start.isError && (
            <Alert variant="destructive" role="alert">
              <XCircle aria-hidden="true" />
              <AlertTitle>{errorMessage(start.error)}</AlertTitle>
            </Alert>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Button asChild variant="secondary">
              <Link to={paths.basket}>
                <ArrowLeft aria-hidden="true" />
                Back to basket
              </Link>
            </Button>
            <Button onClick={pay} disabled={start.isPending || start.isSuccess} data-testid="basket-pay">
              <CreditCard aria-hidden="true" />
              {start.isPending || start.isSuccess ? 'Redirecting to payment...' : `Pay ${formatZar(q.totalCents)}`}
            </Button>
          </div>
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Lock className="size-4" aria-hidden="true" />
            You pay on the payment provider's secure page; Sekolo never sees your card.
          </p>
        </CardContent>
      </Card>
    </Shell>
  );
}
