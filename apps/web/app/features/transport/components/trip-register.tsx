import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  RIDER_MARKS,
  timeInSouthAfrica,
  tripPeriodLabel,
  tripStatusLabel,
  type TRiderMark,
  type TTripPeriod,
  type TTripRider,
} from '@sekolo/shared/schemas/transport';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { cn } from '~/lib/cn';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';
import { tripQuery, useCompleteTrip, useMarkRider, useStartTrip } from '../api/transport-queries';
import { RoadworthyBadge } from './roadworthy-badge';

const MARK_TONE: Record<TRiderMark, { on: string; off: string }> = {
  boarded: { on: 'border-emerald-700 bg-emerald-700 text-white', off: 'border-emerald-700 text-emerald-900' },
  not_boarded: { on: 'border-red-700 bg-red-700 text-white', off: 'border-red-700 text-red-900' },
  dropped_off: { on: 'border-sky-800 bg-sky-800 text-white', off: 'border-sky-800 text-sky-900' },
};

/**
 * One trip's boarding register on the driver's phone: start the trip, then one tap per rider
 * (boarded, not boarded, dropped off), grouped by stop in the order the vehicle reaches them.
 * Each tap is saved at once; tapping the same mark again changes nothing.
 */
export function TripRegister({ routeId, period }: { routeId: string; period: TTripPeriod }) {
  const detail = useQuery(tripQuery(routeId, period));
  const start = useStartTrip();
  const complete = useCompleteTrip();
  const mark = useMarkRider();
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  if (detail.isPending) return <p className="text-slate-600">Loading…</p>;
  if (detail.isError)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(detail.error)}
      </p>
    );
  const { trip, stops, startedAt, completedAt } = detail.data;
  const run = async (work: () => Promise<unknown>, done?: string) => {
    setProblem(null);
    setSaved(null);
    try {
      await work();
      if (done) setSaved(done);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const open = trip.status === 'in_progress';
  return (
    <div className="mx-auto max-w-xl space-y-5 pb-24">
      <header className="space-y-1">
        <p>
          <Link className="text-sm text-brand-700 underline" to={paths.transport.trips}>
            Today’s trips
          </Link>
        </p>
        <h1 className="text-2xl font-bold text-slate-900">{trip.routeName}</h1>
        <p className="text-lg text-slate-800">{tripPeriodLabel(period)}</p>
        <p className="flex flex-wrap items-center gap-2 text-slate-700" data-testid="trip-status">
          <span className="font-semibold">{tripStatusLabel(trip.status)}</span>
          {startedAt ? ` · started ${timeInSouthAfrica(startedAt)}` : ''}
          {completedAt ? ` · completed ${timeInSouthAfrica(completedAt)}` : ''}
          {` · ${trip.marked} of ${trip.riders} marked`}
          {trip.vehicle ? ` · ${trip.vehicle}` : ''}
          {trip.roadworthy && trip.roadworthy !== 'valid' ? <RoadworthyBadge status={trip.roadworthy} /> : null}
        </p>
      </header>

      <div aria-live="polite" className="min-h-6">
        {problem ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
            {problem}
          </p>
        ) : saved ? (
          <p role="status" className="text-sm text-emerald-800">
            {saved}
          </p>
        ) : null}
      </div>

      {trip.status === 'not_started' ? (
        <Button
          size="lg"
          className="h-14 w-full text-lg"
          disabled={start.isPending}
          onClick={() => void run(() => start.mutateAsync({ routeId, period }), 'Trip started.')}
        >
          {start.isPending ? 'Starting…' : 'Start trip'}
        </Button>
      ) : null}

      {stops.map((stop) => (
        <section key={stop.id} aria-labelledby={`stop-${stop.id}`} className="space-y-2">
          <h2
            id={`stop-${stop.id}`}
            className="flex items-baseline justify-between gap-2 border-b border-slate-200 pb-1 text-lg font-semibold text-slate-900"
          >
            <span>{stop.name}</span>
            <span className="text-base font-normal text-slate-600">{stop.time}</span>
          </h2>
          {stop.riders.length === 0 ? (
            <p className="text-sm text-slate-500">No riders at this stop.</p>
          ) : (
            <ul className="space-y-2">
              {stop.riders.map((rider) => (
                <RiderRow
                  key={rider.learnerId}
                  rider={rider}
                  disabled={!open}
                  onMark={(status) =>
                    void run(
                      () => mark.mutateAsync({ routeId, period, learnerId: rider.learnerId, status }),
                      `${rider.name}: ${RIDER_MARKS.find((m) => m.id === status)!.label.toLowerCase()}.`,
                    )
                  }
                />
              ))}
            </ul>
          )}
        </section>
      ))}

      {open ? (
        <ConfirmAction
          label="Complete the trip"
          question={
            trip.riders > trip.marked
              ? `${trip.riders - trip.marked} of ${trip.riders} riders are not marked. Complete the trip anyway?`
              : 'Every rider is marked. Complete the trip?'
          }
          confirmLabel="Yes, complete"
          cancelLabel="Not yet"
          success="Trip completed."
          pending={complete.isPending}
          layout="panel"
          onConfirm={() => complete.mutateAsync({ routeId, period })}
        >
          {(ask) => (
            <Button size="lg" variant="secondary" className="h-14 w-full text-lg" onClick={ask}>
              Complete trip
            </Button>
          )}
        </ConfirmAction>
      ) : null}
    </div>
  );
}

function RiderRow({
  rider,
  disabled,
  onMark,
}: {
  rider: TTripRider;
  disabled: boolean;
  onMark: (status: TRiderMark) => void;
}) {
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 bg-white p-3" data-testid="trip-rider">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-base font-semibold text-slate-900">{rider.name}</span>
        <span className="text-sm text-slate-600">
          {rider.grade}
          {rider.mark && rider.markedAt
            ? ` · ${RIDER_MARKS.find((m) => m.id === rider.mark)!.label} ${timeInSouthAfrica(rider.markedAt)}`
            : ' · not marked'}
        </span>
      </p>
      <div className="grid grid-cols-3 gap-2" role="group" aria-label={`Mark ${rider.name}`}>
        {RIDER_MARKS.map((m) => {
          const on = rider.mark === m.id;
          return (
            <button
              key={m.id}
              type="button"
              disabled={disabled}
              aria-pressed={on}
              onClick={() => onMark(m.id)}
              className={cn(
                'min-h-12 rounded-lg border-2 px-1 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-50',
                on ? MARK_TONE[m.id].on : cn('bg-white', MARK_TONE[m.id].off),
              )}
            >
              {m.label}
            </button>
          );
        })}
      </div>
    </li>
  );
}
