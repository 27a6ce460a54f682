import { useState } from 'react';
import { CalendarClock, CheckCircle2, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { SCHOOL_PACKAGES } from '@sekolo/shared/constants/packages';
import { formatZar } from '@sekolo/shared/domain/money';
import { formatLongDate } from '@sekolo/shared/domain/sa-calendar';
import type { TSubscriptionView } from '@sekolo/shared/schemas/payments';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { useCancelSubscription, useChangePackage, useResumeSubscription, useSubscription } from '../api/billing';
import { paths } from '~/config/paths';

const STATUS_LABEL: Record<TSubscriptionView['status'], string> = {
  trial: 'Free trial',
  active: 'Active',
  past_due: 'Payment overdue',
  cancelled: 'Cancelled',
};

const packageName = (id: string | null) => SCHOOL_PACKAGES.find((p) => p.id === id)?.name ?? id ?? '';

/**
 * The school's billing settings: the plan, its next payment, a package change (from the
 * next billing date) and cancellation with two weeks' notice before the next payment.
 */
export function BillingSettings() {
  const query = useSubscription();
  if (query.isPending) return <LoadingSpinner label="Loading your plan..." />;
  if (query.isError) {
    return (
      <Alert variant="destructive" role="alert">
        <XCircle aria-hidden="true" />
        <AlertTitle>{errorMessage(query.error)}</AlertTitle>
      </Alert>
    );
  }
  const sub = query.data.subscription;
  if (!sub) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>No subscription</CardTitle>
          <CardDescription>
            Your school has no package subscription on record. <Link to={paths.contactSpecialists} className="font-medium underline">Talk to us</Link> to choose one.
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return <Plan sub={sub} />;
}

function Plan({ sub }: { sub: TSubscriptionView }) {
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const change = useChangePackage();
  const [choice, setChoice] = useState(sub.pendingPackageId ?? sub.packageId);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const ended = sub.status === 'cancelled';

  const run = async (action: () => Promise<unknown>, ok: string) => {
    setMessage(null);
    try {
      await action();
      setMessage({ ok: true, text: ok });
    } catch (error) {
      setMessage({ ok: false, text: errorMessage(error) });
    }
  };

  return (
    <div className="space-y-6">
      {message && (
        <Alert variant={message.ok ? 'success' : 'destructive'} role={message.ok ? 'status' : 'alert'} data-testid="billing-message">
          {message.ok ? <CheckCircle2 aria-hidden="true" /> : <XCircle aria-hidden="true" />}
          <AlertTitle>{message.text}</AlertTitle>
        </Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-3">
            {packageName(sub.packageId)} package
            <Badge data-testid="subscription-status">{STATUS_LABEL[sub.status]}</Badge>
          </CardTitle>
          <CardDescription>
            {formatZar(sub.amountCents)} a month, VAT included. Up to {sub.learnerLimit} learners
            {sub.learnerCount !== null ? ` (you have ${sub.learnerCount})` : ''}.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3 text-sm text-slate-700">
          {!ended && sub.nextBillingDate && !sub.cancelAt && (
            <p className="flex items-center gap-2" data-testid="next-billing">
              <CalendarClock className="size-4" aria-hidden="true" />
              Next payment: {formatZar(SCHOOL_PACKAGES.find((p) => p.id === (sub.pendingPackageId ?? sub.packageId))?.priceCents ?? sub.amountCents)} on{' '}
              {formatLongDate(sub.nextBillingDate)}
              {sub.status === 'trial' ? ', when your free trial ends' : ''}.
            </p>
          )}
          {sub.pendingPackageId && (
            <p data-testid="pending-change">
              Changing to the {packageName(sub.pendingPackageId)} package from {sub.nextBillingDate ? formatLongDate(sub.nextBillingDate) : 'the next billing date'}.
            </p>
          )}
          {sub.cancelAt && !ended && (
            <Alert variant="warning">
              <AlertTitle data-testid="cancel-at">Your subscription ends after {formatLongDate(sub.cancelAt)}.</AlertTitle>
              <AlertDescription>
                <Button variant="secondary" size="sm" className="mt-2" disabled={resume.isPending} onClick={() => void run(() => resume.mutateAsync(undefined), 'Your subscription continues.')}>
                  Keep my subscription
                </Button>
              </AlertDescription>
            </Alert>
          )}
          {ended && <p>This subscription has ended.</p>}
        </CardContent>
      </Card>

      {!ended && (
        <Card>
          <CardHeader>
            <CardTitle>Change package</CardTitle>
            <CardDescription>
              A new package starts at your next billing date, at its own price; nothing is prorated. A larger learner limit applies straight away.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <form
              className="flex flex-col gap-3 sm:flex-row sm:items-end"
              onSubmit={(event) => {
                event.preventDefault();
                void run(() => change.mutateAsync({ packageId: choice as never }), 'Your package change is saved.');
              }}
            >
              <div className="flex-1">
                <label htmlFor="billing-package" className="mb-1 block text-sm font-medium text-slate-900">
                  Package
                </label>
                <select
                  id="billing-package"
                  className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm"
                  value={choice}
                  onChange={(event) => setChoice(event.target.value)}
                >
                  {SCHOOL_PACKAGES.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}: {formatZar(p.priceCents)} a month, up to {p.students} learners
                    </option>
                  ))}
                </select>
              </div>
              <Button type="submit" disabled={change.isPending || choice === (sub.pendingPackageId ?? sub.packageId)}>
                Change package
              </Button>
            </form>
          </CardContent>
        </Card>
      )}

      {!ended && !sub.cancelAt && (
        <Card>
          <CardHeader>
            <CardTitle>Cancel subscription</CardTitle>
            <CardDescription>
              Cancelling needs two weeks' notice before the next payment. With 14 days or more to go, your service ends the day before the next payment and
              nothing more is charged; with less, the next payment is still taken and the service ends after that month. A free trial simply ends.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {confirmingCancel ? (
              <div className="space-y-3">
                <p className="text-sm text-slate-800" data-testid="cancel-preview">
                  If you cancel today, your service ends after {sub.cancelTodayEndsOn ? formatLongDate(sub.cancelTodayEndsOn) : 'the current period'}.
                </p>
                <div className="flex gap-3">
                  <Button
                    variant="destructive"
                    disabled={cancel.isPending}
                    onClick={() => void run(() => cancel.mutateAsync(undefined), 'Your subscription is cancelled.').then(() => setConfirmingCancel(false))}
                  >
                    Confirm cancellation
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirmingCancel(false)}>
                    Keep my subscription
                  </Button>
                </div>
              </div>
            ) : (
              <Button variant="secondary" onClick={() => setConfirmingCancel(true)}>
                Cancel subscription
              </Button>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
