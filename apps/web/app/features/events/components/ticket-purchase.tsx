import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatZar } from '@sekolo/shared/domain/money';
import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import { MAX_TICKETS_PER_ORDER, type TEvent } from '@sekolo/shared/schemas/events';
import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { paths } from '~/config/paths';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { useGetTickets } from '../api/event-queries';

type TLine = { ticketTypeId: string; holderName: string };

/**
 * Getting tickets for one event: how many of each type, a name for each ticket, then free tickets
 * at once or the checkout for paid ones (the price plus the 6.8 % processing fee, D18). Signed out:
 * sign in, or create an account, and come back here.
 */
export function TicketPurchase({
  event,
  canBuy,
  loading,
  defaultName,
  followRedirect,
}: {
  event: TEvent;
  canBuy: boolean;
  loading: boolean;
  defaultName: string;
  followRedirect: (redirect: TCheckoutRedirect) => void;
}) {
  const id = useId();
  const location = useLocation();
  const getTickets = useGetTickets();
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [names, setNames] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [issued, setIssued] = useState(false);

  if (!event.onSale)
    return (
      <p className="text-sm text-slate-700">
        {event.status === 'cancelled'
          ? 'This event is cancelled.'
          : event.available === 0
            ? 'Sold out.'
            : 'Tickets are not on sale.'}
      </p>
    );
  if (loading) return null;
  if (!canBuy)
    return (
      <p className="text-sm text-slate-700">
        <Link className="font-semibold text-brand-700 underline" to={paths.auth.loginFor(location.pathname)}>
          Sign in
        </Link>{' '}
        to get tickets. New to Sekolo?{' '}
        <Link className="font-semibold text-brand-700 underline" to={paths.auth.register}>
          Create a free account
        </Link>{' '}
        as a customer, then come back to this page.
      </p>
    );
  if (issued)
    return (
      <Alert>
        <AlertDescription>
          Your tickets are ready and on their way by e-mail.{' '}
          <Link className="underline" to={paths.events.mine}>
            See my tickets
          </Link>
        </AlertDescription>
      </Alert>
    );

  const lines: TLine[] = event.ticketTypes.flatMap((type) =>
    Array.from({ length: counts[type.id] ?? 0 }, () => ({ ticketTypeId: type.id, holderName: '' })),
  );
  const total = lines.reduce(
    (sum, line) => sum + event.ticketTypes.find((t) => t.id === line.ticketTypeId)!.priceCents,
    0,
  );
  const setCount = (typeId: string, value: number) => {
    setCounts((all) => ({ ...all, [typeId]: Math.max(0, Math.min(MAX_TICKETS_PER_ORDER, value)) }));
  };
  const nameOf = (i: number) => names[i] ?? (i === 0 ? defaultName : '');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      const answer = await getTickets.mutateAsync({
        eventId: event.id,
        body: { tickets: lines.map((line, i) => ({ ...line, holderName: nameOf(i) })) },
      });
      if (answer.checkout) followRedirect(answer.checkout.redirect);
      else setIssued(true);
    } catch (error) {
      setProblem(error instanceof ApiError && error.fields ? Object.values(error.fields)[0]! : errorMessage(error));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label={`Tickets for ${event.title}`} noValidate>
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-900">Tickets</legend>
        {event.ticketTypes.map((type) => (
          <div key={type.id} className="flex flex-wrap items-center gap-3">
            <Label htmlFor={`${id}-${type.id}`} className="min-w-40">
              {type.name}: {type.priceCents ? formatZar(type.priceCents) : 'Free'}
              {type.available < 20 ? ` (${type.available} left)` : ''}
            </Label>
            <Input
              id={`${id}-${type.id}`}
              type="number"
              min={0}
              max={Math.min(type.available, MAX_TICKETS_PER_ORDER)}
              value={counts[type.id] ?? 0}
              onChange={(e) => setCount(type.id, Number(e.target.value) || 0)}
              className="w-20"
              disabled={type.available === 0}
            />
          </div>
        ))}
      </fieldset>
      {lines.length ? (
        <fieldset className="space-y-2">
          <legend className="font-semibold text-slate-900">Who the tickets are for</legend>
          {lines.map((line, i) => (
            <div key={i} className="space-y-1">
              <Label htmlFor={`${id}-name-${i}`}>
                Name on ticket {i + 1} ({event.ticketTypes.find((t) => t.id === line.ticketTypeId)!.name})
              </Label>
              <Input
                id={`${id}-name-${i}`}
                value={nameOf(i)}
                autoComplete={i === 0 ? 'name' : 'off'}
                onChange={(e) =>
                  setNames((all) => {
                    const next = [...all];
                    for (let k = 0; k < lines.length; k++) next[k] = next[k] ?? nameOf(k);
                    next[i] = e.target.value;
                    return next;
                  })
                }
                maxLength={80}
              />
            </div>
          ))}
        </fieldset>
      ) : null}
      {lines.length ? (
        <p className="text-sm text-slate-700">
          {total
            ? `Total ${formatZar(total)}; you pay ${formatZar(schoolPaymentBreakdown(total).parentPaysCents)} with the 6.8 % processing fee.`
            : 'These tickets are free.'}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <Button type="submit" disabled={!lines.length || getTickets.isPending}>
        {total ? 'Pay and get tickets' : 'Get tickets'}
      </Button>
    </form>
  );
}
