import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, CreditCard, FlaskConical, Lock, XCircle } from 'lucide-react';
import { formatZar } from '@sekolo/shared/domain/money';
import { ZSandboxCardSchema, type TOrderView } from '@sekolo/shared/schemas/payments';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { ApiError } from '~/lib/api-client';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { useCancelSandboxOrder, usePaySandboxOrder, useSandboxCheckout, type TSandboxCheckout } from '../api/sandbox-checkout';
import { paths } from '~/config/paths';

const FIELDS = ['cardNumber', 'expiry', 'cvc', 'name'] as const;
const EMPTY = { cardNumber: '', expiry: '', cvc: '', name: '' };

/** Groups card digits in fours as they are typed: 4242424242424242 → 4242 4242 4242 4242. */
function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MMYY → MM/YY as it is typed. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** '2026-07-15' → '15 July 2026'. */
function formatIsoDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-ZA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The sandbox gateway's hosted page at /payments/sandbox/:orderId. */
export function SandboxCheckout({ orderId }: { orderId: string }) {
  const checkout = useSandboxCheckout(orderId);

  return (
    <div className="min-h-dvh bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-lg items-center justify-between px-4 py-4">
          <p className="flex items-center gap-2 font-semibold whitespace-nowrap text-slate-900">
            <Lock className="size-4 text-emerald-700" aria-hidden="true" />
            Sandbox Pay
          </p>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
            <FlaskConical className="size-3.5" aria-hidden="true" />
            Test mode: no real money moves
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-lg px-4 py-8">
        {checkout.isPending ? (
          <LoadingSpinner label="Loading the checkout..." />
        ) : checkout.isError ? (
          <Alert variant="destructive" role="alert">
            <XCircle aria-hidden="true" />
            <AlertTitle>This checkout cannot be shown</AlertTitle>
            <AlertDescription>
              <p>{errorMessage(checkout.error)}</p>
              {checkout.error instanceof ApiError && checkout.error.code === 'NOT_FOUND' ? (
                <a href={paths.home} className="mt-2 inline-block font-medium underline">
                  Return to Sekolo
                </a>
              ) : (
                <Button variant="secondary" size="sm" className="mt-3" onClick={() => void checkout.refetch()}>
                  Try again
                </Button>
              )}
            </AlertDescription>
          </Alert>
        ) : (
          <CheckoutBody data={checkout.data} />
        )}
      </main>
    </div>
  );
}

function OrderSummary({ order }: { order: TOrderView }) {
  return (
    <section aria-labelledby="order-summary-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 id="order-summary-title" className="text-sm font-medium text-slate-600">
        Pay Sekolo
      </h1>
      <p className="mt-1 text-3xl font-bold tracking-tight text-slate-900" data-testid="checkout-amount">
        {formatZar(order.amountCents)}
      </p>
      <p className="mt-2 text-slate-800">{order.description}</p>
      {order.subscription && (
        <p className="mt-2 text-sm text-slate-600">
          {order.amountCents === 0 ? 'Nothing is charged today. ' : ''}
          Then {formatZar(order.subscription.recurringAmountCents)} {order.subscription.frequency === 'monthly' ? 'every month' : 'every year'} from{' '}
          {formatIsoDate(order.subscription.billingDate)}, until you cancel.
        </p>
      )}
      <p className="mt-3 text-xs text-slate-500">
        Reference <span className="font-mono">{order.reference}</span>
      </p>
    </section>
  );
}

function CheckoutBody({ data }: { data: TSandboxCheckout }) {
  const { order } = data;
  if (order.status === 'paid') {
    return (
      <div className="space-y-4">
        <OrderSummary order={order} />
        <Alert variant="success" role="status">
          <CheckCircle2 aria-hidden="true" />
          <AlertTitle>This order has already been paid.</AlertTitle>
          <AlertDescription>
            <a href={paths.home} className="font-medium underline">
              Return to Sekolo
            </a>
          </AlertDescription>
        </Alert>
      </div>
    );
  }
  if (order.status !== 'pending') {
    return (
      <div className="space-y-4">
        <OrderSummary order={order} />
        <Alert variant="warning" role="status">
          <XCircle aria-hidden="true" />
          <AlertTitle>{order.status === 'cancelled' ? 'This checkout was cancelled.' : 'This payment failed.'}</AlertTitle>
          <AlertDescription>
            <a href={order.cancelUrl} className="font-medium underline">
              Return to Sekolo and start again
            </a>
          </AlertDescription>
        </Alert>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <OrderSummary order={order} />
      <CardForm data={data} />
    </div>
  );
}

function CardForm({ data }: { data: TSandboxCheckout }) {
  const { order, testCards } = data;
  const id = useId();
  const pay = usePaySandboxOrder();
  const cancel = useCancelSandboxOrder();
  const [problem, setProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZSandboxCardSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const busy = pay.isPending || cancel.isPending || leaving !== null;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const answer = await pay.mutateAsync({ orderId: order.id, ...values });
      setLeaving('Payment approved. Returning to Sekolo...');
      window.location.assign(answer.redirect.url);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, FIELDS)) setProblem(errorMessage(error));
    }
  });

  const onCancel = async () => {
    setProblem(null);
    try {
      const answer = await cancel.mutateAsync(order.id);
      setLeaving('Cancelled. Returning to Sekolo...');
      window.location.assign(answer.redirect.url);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const fillCard = (number: string) => {
    form.setValue('cardNumber', number, { shouldValidate: form.formState.isSubmitted });
    setProblem(null);
  };

  const f = (name: (typeof FIELDS)[number]) => `${id}-${name}`;
  const payLabel = order.amountCents === 0 ? 'Authorise card' : `Pay ${formatZar(order.amountCents)}`;
  const cardNumber = form.register('cardNumber');
  const expiry = form.register('expiry');

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CreditCard className="size-5 text-slate-500" aria-hidden="true" />
        Card details
      </h2>
      {leaving ? (
        <LoadingSpinner label={leaving} />
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-5 space-y-4">
          {problem && (
            <Alert variant="destructive" role="alert" data-testid="payment-error">
              <XCircle aria-hidden="true" />
              <AlertTitle>{problem}</AlertTitle>
              <AlertDescription>Check the card details or use another card, then try again.</AlertDescription>
            </Alert>
          )}
          <FormField id={f('cardNumber')} label="Card number" error={errors.cardNumber?.message}>
            <Input
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              {...cardNumber}
              onChange={(event) => {
                event.target.value = formatCardNumber(event.target.value);
                void cardNumber.onChange(event);
              }}
            />
          </FormField>
          <div className="grid grid-cols-2 gap-4">
            <FormField id={f('expiry')} label="Expiry (MM/YY)" error={errors.expiry?.message}>
              <Input
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                {...expiry}
                onChange={(event) => {
                  event.target.value = formatExpiry(event.target.value);
                  void expiry.onChange(event);
                }}
              />
            </FormField>
            <FormField id={f('cvc')} label="CVC" error={errors.cvc?.message}>
              <Input inputMode="numeric" autoComplete="cc-csc" maxLength={3} placeholder="123" {...form.register('cvc')} />
            </FormField>
          </div>
          <FormField id={f('name')} label="Name on card" error={errors.name?.message}>
            <Input autoComplete="cc-name" {...form.register('name')} />
          </FormField>
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            <Lock aria-hidden="true" />
            {pay.isPending ? 'Processing...' : payLabel}
          </Button>
          <Button variant="ghost" className="w-full" disabled={busy} onClick={() => void onCancel()}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel and return to Sekolo'}
          </Button>
        </form>
      )}
      <div className="mt-6 rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
        <p className="font-semibold text-slate-900">Test cards</p>
        <p className="mt-1">Any future expiry date, any 3-digit CVC and any name.</p>
        <ul className="mt-3 space-y-2">
          {testCards.map((card) => (
            <li key={card.number} className="flex items-center justify-between gap-3">
              <span className="flex flex-col">
                <span className="font-mono text-slate-900">{card.number}</span>
                <span className="text-slate-600">{card.label}</span>
              </span>
              <Button variant="link" size="sm" className="h-auto" disabled={busy || leaving !== null} onClick={() => fillCard(card.number)}>
                Use this card
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
