import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import { formatLongDate, todayInSouthAfrica, addDays } from '@sekolo/shared/domain/sa-calendar';
import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import type { TPublicFacility } from '@sekolo/shared/schemas/facilities';
import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { CheckboxField, FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { paths } from '~/config/paths';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { availabilityQuery, useBook } from '../api/facility-queries';

/** A facility's week of availability, and the booking form for a signed-in visitor. */
export function BookingPanel({
  facility,
  canBook,
  loading,
  followRedirect,
}: {
  facility: TPublicFacility;
  /** Whether the visitor is signed in with an active account (the route reads the session). */
  canBook: boolean;
  loading: boolean;
  followRedirect: (redirect: TCheckoutRedirect) => void;
}) {
  const id = useId();
  const location = useLocation();
  const [from, setFrom] = useState(() => addDays(todayInSouthAfrica(), 1));
  const week = useQuery(availabilityQuery(facility.id, from));
  const book = useBook();
  const byDay = facility.dailyRateCents !== null;
  const byHour = facility.hourlyRateCents !== null;
  const [unit, setUnit] = useState<'hour' | 'day'>(byHour ? 'hour' : 'day');
  const [date, setDate] = useState(from);
  const [startTime, setStartTime] = useState('09:00');
  const [hours, setHours] = useState('2');
  const [purpose, setPurpose] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [requested, setRequested] = useState(false);

  const price =
    unit === 'day'
      ? facility.dailyRateCents
      : facility.hourlyRateCents !== null
        ? facility.hourlyRateCents * Number(hours || 0)
        : null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setFields({});
    try {
      const answer = await book.mutateAsync({
        facilityId: facility.id,
        date,
        unit,
        ...(unit === 'hour' ? { startTime, hours: Number(hours) } : {}),
        purpose,
        acceptRules: accepted as true,
      });
      if (answer.checkout) followRedirect(answer.checkout.redirect);
      else setRequested(true);
    } catch (error) {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
        setFields(error.fields);
        setProblem('Check the highlighted fields.');
      } else setProblem(errorMessage(error));
    }
  };

  return (
    <div className="space-y-4">
      <section aria-label={`Availability of ${facility.name}`} className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 className="font-semibold text-slate-900">Availability from {formatLongDate(from)}</h4>
          <div className="flex gap-2">
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => setFrom(addDays(from, -7))}
              disabled={from <= addDays(todayInSouthAfrica(), 1)}
            >
              Earlier
            </Button>
            <Button type="button" size="sm" variant="secondary" onClick={() => setFrom(addDays(from, 7))}>
              Later
            </Button>
          </div>
        </div>
        {week.isPending ? (
          <p className="text-sm text-slate-600">Loading availability…</p>
        ) : week.data ? (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
            {week.data.days.map((day) => (
              <li key={day.date} className="flex flex-wrap gap-x-3 px-3 py-2">
                <span className="w-44 font-medium text-slate-900">{formatLongDate(day.date)}</span>
                {day.opens ? (
                  <span className="text-slate-700">
                    Open {day.opens}–{day.closes}
                    {day.busy.length > 0
                      ? ` · taken ${day.busy.map((b) => `${b.from}–${b.to}${b.why === 'school' ? ' (school use)' : ''}`).join(', ')}`
                      : ' · free'}
                  </span>
                ) : (
                  <span className="text-slate-500">{day.closedReason ?? 'Closed'}</span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-red-700">Availability could not be loaded.</p>
        )}
      </section>

      {loading ? null : !canBook ? (
        <p className="text-sm text-slate-700">
          <Link className="font-semibold text-brand-700 underline" to={paths.auth.loginFor(location.pathname)}>
            Sign in
          </Link>{' '}
          to book {facility.name}.
        </p>
      ) : requested ? (
        <Alert>
          <AlertDescription>
            Your request was sent to the school. The time is held for you until they answer; we will e-mail you.{' '}
            <Link className="underline" to={paths.facilities.mine}>
              See your facility bookings
            </Link>
          </AlertDescription>
        </Alert>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-label={`Book ${facility.name}`} noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id={`${id}-date`} label="Date" error={fields.date}>
              <Input type="date" value={date} min={todayInSouthAfrica()} onChange={(e) => setDate(e.target.value)} />
            </FormField>
            {byDay && byHour ? (
              <FormField id={`${id}-unit`} label="Book by" error={fields.unit}>
                <NativeSelect value={unit} onChange={(e) => setUnit(e.target.value as 'hour' | 'day')}>
                  <option value="hour">The hour ({formatZar(facility.hourlyRateCents!)} an hour)</option>
                  <option value="day">The whole day ({formatZar(facility.dailyRateCents!)})</option>
                </NativeSelect>
              </FormField>
            ) : null}
            {unit === 'hour' ? (
              <>
                <FormField id={`${id}-start`} label="Start time" error={fields.startTime}>
                  <Input type="time" step={1800} value={startTime} onChange={(e) => setStartTime(e.target.value)} />
                </FormField>
                <FormField id={`${id}-hours`} label="Hours" error={fields.hours}>
                  <Input type="number" min={1} max={12} value={hours} onChange={(e) => setHours(e.target.value)} />
                </FormField>
              </>
            ) : null}
          </div>
          <FormField id={`${id}-purpose`} label="What is it for?" optional error={fields.purpose}>
            <Input value={purpose} maxLength={300} onChange={(e) => setPurpose(e.target.value)} />
          </FormField>
          {facility.rules ? (
            <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
              <p className="font-semibold text-slate-900">Rules</p>
              <p className="whitespace-pre-line">{facility.rules}</p>
            </div>
          ) : null}
          <CheckboxField
            id={`${id}-rules`}
            label="I accept the rules of this facility"
            checked={accepted}
            onChange={(e) => setAccepted(e.target.checked)}
            error={fields.acceptRules}
          />
          {price !== null && price > 0 ? (
            <p className="text-sm text-slate-700">
              Price {formatZar(price)}; you pay {formatZar(schoolPaymentBreakdown(price).parentPaysCents)} with the 6,8
              % processing fee.
              {facility.requiresApproval ? ' The school approves the booking before you pay.' : ''}
            </p>
          ) : null}
          {problem ? (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          ) : null}
          <Button type="submit" disabled={book.isPending}>
            {facility.requiresApproval ? 'Request booking' : 'Book and pay'}
          </Button>
        </form>
      )}
    </div>
  );
}
