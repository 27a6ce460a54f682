import { useState } from 'react';
import { Link } from 'react-router';
import { bookingContracts as api } from '@sekolo/shared/contracts/bookings';
import type { TPublicService, TSlots } from '@sekolo/shared/schemas/bookings';
import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import { formatZar } from '@sekolo/shared/domain/money';
import { Button } from '~/components/ui/button';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';
import { byDay, saDay, saTime } from '../lib/sa-time';

/**
 * The free times of a service (South African time) and "Book and pay": the time is held for 15
 * minutes while the customer pays at the checkout. Signed-out visitors are asked to sign in first.
 */
export function BookSlots({
  service,
  slots,
  signedIn,
  followRedirect,
}: {
  service: TPublicService;
  slots: TSlots;
  signedIn: boolean;
  /** Sends the browser to the payment provider (the payments feature's, given by the route). */
  followRedirect: (redirect: TCheckoutRedirect) => void;
}) {
  const [chosen, setChosen] = useState<{ startsAt?: string; sessionId?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const here = paths.bookingService(service.id);

  const book = async () => {
    if (!chosen) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await call(api.book, { params: { id: service.id }, body: chosen });
      followRedirect(answer.redirect);
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  };

  type TOption = {
    key: string;
    value: { startsAt?: string; sessionId?: string };
    label: string;
    detail: string;
    disabled: boolean;
    at: string;
  };
  const options: TOption[] =
    service.kind === 'group'
      ? slots.sessions.map((s) => ({
          key: s.id,
          value: { sessionId: s.id },
          label: `${saTime(s.startsAt)}`,
          detail: s.seatsLeft === 0 ? 'Full' : `${s.seatsLeft} ${s.seatsLeft === 1 ? 'seat' : 'seats'} left`,
          disabled: s.seatsLeft === 0,
          at: s.startsAt,
        }))
      : slots.slots.map((s) => ({
          key: s.startsAt,
          value: { startsAt: s.startsAt },
          label: saTime(s.startsAt),
          detail: '',
          disabled: false,
          at: s.startsAt,
        }));

  return (
    <section aria-labelledby="book-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="book-title" className="text-xl font-bold text-slate-900">
        {service.kind === 'group' ? 'Choose a class' : 'Choose a time'}
      </h2>
      <p className="text-sm text-slate-600">Times are South African time (SAST).</p>
      {options.length === 0 ? (
        <p className="text-slate-700">No free times in the next {slots.days} days. Please check again soon.</p>
      ) : (
        <div className="space-y-4">
          {byDay(options, (o) => o.at).map(([date, items]) => (
            <fieldset key={date} className="space-y-2">
              <legend className="font-semibold text-slate-900">{saDay(items[0]!.at)}</legend>
              <div className="flex flex-wrap gap-2">
                {items.map((o) => {
                  const selected = chosen && JSON.stringify(chosen) === JSON.stringify(o.value);
                  return (
                    <button
                      key={o.key}
                      type="button"
                      disabled={o.disabled}
                      aria-pressed={Boolean(selected)}
                      onClick={() => setChosen(o.value)}
                      className={`min-h-10 rounded-lg border px-3 py-1.5 text-sm font-medium ${
                        selected
                          ? 'border-brand-700 bg-brand-700 text-white'
                          : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50'
                      } disabled:opacity-50`}
                    >
                      {o.label}
                      {o.detail ? <span className="ml-1 text-xs">({o.detail})</span> : null}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </div>
      )}
      {problem ? (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      {signedIn ? (
        <Button onClick={() => void book()} disabled={!chosen || busy}>
          {busy ? 'Holding your time…' : `Book and pay ${formatZar(service.priceCents)}`}
        </Button>
      ) : (
        <p className="text-slate-700">
          <Link to={paths.auth.loginFor(here)} className="font-semibold text-brand-700 underline">
            Sign in to book
          </Link>{' '}
          (parents and customers).
        </p>
      )}
    </section>
  );
}
