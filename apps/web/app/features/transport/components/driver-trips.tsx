import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { formatLongDate } from '@sekolo/shared/domain/sa-calendar';
import { tripPeriodLabel, tripStatusLabel, type TTripSummary } from '@sekolo/shared/schemas/transport';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';
import { tripsQuery } from '../api/transport-queries';
import { RoadworthyBadge } from './roadworthy-badge';

const STATUS_TONE: Record<TTripSummary['status'], string> = {
  not_started: 'bg-slate-100 text-slate-800',
  in_progress: 'bg-sky-100 text-sky-900',
  completed: 'bg-emerald-100 text-emerald-900',
};

/** The driver's phone screen: today's morning and afternoon trips of the routes they drive. */
export function DriverTrips() {
  const trips = useQuery(tripsQuery);
  if (trips.isPending) return <p className="text-slate-600">Loading…</p>;
  if (trips.isError)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(trips.error)}
      </p>
    );
  const { date, trips: list } = trips.data;
  return (
    <div className="mx-auto max-w-xl space-y-5">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Today’s trips</h1>
        <p className="text-slate-700">{formatLongDate(date)}</p>
      </header>
      {list.length === 0 ? (
        <p className="text-slate-600">
          You drive no route yet. The school’s transport office assigns drivers to routes.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Today’s trips">
          {list.map((trip) => (
            <li key={`${trip.routeId}-${trip.period}`}>
              <Link
                to={paths.transport.trip(trip.routeId, trip.period)}
                className="flex min-h-20 items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                <span className="flex-1 space-y-1">
                  <span className="block text-lg font-semibold text-slate-900">{trip.routeName}</span>
                  <span className="block text-slate-700">
                    {tripPeriodLabel(trip.period)}
                    {trip.startsAt ? ` · from ${trip.startsAt}` : ''}
                  </span>
                  <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[trip.status]}`}>
                      {tripStatusLabel(trip.status)}
                    </span>
                    {trip.marked} of {trip.riders} marked
                    {trip.vehicle ? ` · ${trip.vehicle}` : ''}
                    {trip.roadworthy && trip.roadworthy !== 'valid' ? (
                      <RoadworthyBadge status={trip.roadworthy} />
                    ) : null}
                  </span>
                </span>
                <ChevronRight className="size-6 text-slate-400" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
