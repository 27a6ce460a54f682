import { useQuery } from '@tanstack/react-query';
import { tripPeriodLabel, type TChildTransport } from '@sekolo/shared/schemas/transport';
import { Card, CardContent } from '~/components/ui/card';
import { childrenTransportQuery } from '../api/transport-queries';

const LABEL_TONE = (mark: TChildTransport['today'][number]['mark']) =>
  mark === 'not_boarded'
    ? 'bg-red-100 text-red-900'
    : mark === 'boarded' || mark === 'dropped_off'
      ? 'bg-emerald-100 text-emerald-900'
      : 'bg-slate-100 text-slate-800';

/**
 * The parent dashboard's transport card: each child who rides the school's transport, their route,
 * stops and times, and today's morning and afternoon trip as the driver marked it. Nothing shows
 * for a family whose children do not ride.
 */
export function ChildrenTransport() {
  const children = useQuery(childrenTransportQuery);
  if (!children.isSuccess || children.data.length === 0) return null;
  return (
    <section id="transport" aria-labelledby="children-transport-heading" className="space-y-4">
      <h2 id="children-transport-heading" className="text-xl font-semibold text-slate-900">
        School transport
      </h2>
      {children.data.map((child) => (
        <ChildTransportCard key={child.learnerId} child={child} />
      ))}
    </section>
  );
}

function ChildTransportCard({ child }: { child: TChildTransport }) {
  return (
    <Card role="region" aria-label={`School transport: ${child.name}`} data-testid="child-transport">
      <CardContent className="space-y-4">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">
            {child.name}
          </h3>
          <p className="text-slate-700">
            {child.route}
            {child.vehicle ? ` · ${child.vehicle}` : ''}
            {child.driver ? ` · driver ${child.driver}` : ''}
          </p>
        </div>
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-medium text-slate-600">Morning pick-up</dt>
            <dd className="text-slate-900">
              {child.morningStop.time} at {child.morningStop.name}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-600">Afternoon drop-off</dt>
            <dd className="text-slate-900">
              {child.afternoonStop.time} at {child.afternoonStop.name}
            </dd>
          </div>
        </dl>
        <div>
          <h4 className="text-sm font-semibold text-slate-700">Today</h4>
          <ul className="mt-1 space-y-1" aria-label={`${child.name}’s trips today`}>
            {child.today.map((trip) => (
              <li key={trip.period} className="flex flex-wrap items-center gap-2">
                <span className="text-slate-700">{tripPeriodLabel(trip.period)}:</span>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${LABEL_TONE(trip.mark)}`}
                  data-testid={`transport-${trip.period}`}
                >
                  {trip.label}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <details>
          <summary className="cursor-pointer text-sm font-medium text-brand-700">All stops of {child.route}</summary>
          <ol className="mt-2 space-y-1 text-sm text-slate-700">
            {child.stops.map((stop) => (
              <li key={stop.id}>
                {stop.position}. {stop.name} · pick-up {stop.morningTime} · drop-off {stop.afternoonTime}
              </li>
            ))}
          </ol>
        </details>
      </CardContent>
    </Card>
  );
}
