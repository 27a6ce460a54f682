import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import { formatDate } from '@sekolo/shared/domain/sa-calendar';
import {
  ROADWORTHY_WARNING_DAYS,
  type TTransportOverview,
  type TVehicle,
  type TVehicleInput,
} from '@sekolo/shared/schemas/transport';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';
import { transportOverviewQuery, useSaveVehicle } from '../api/transport-queries';
import { RoadworthyBadge } from './roadworthy-badge';
import { RouteForm } from './route-form';

/** The transport office's page: the routes with their riders and seats, and the vehicles' roadworthy status. */
export function SchoolTransport() {
  const overview = useQuery(transportOverviewQuery);
  const [addingRoute, setAddingRoute] = useState(false);
  const [editingVehicle, setEditingVehicle] = useState<TVehicle | 'new' | null>(null);
  if (overview.isPending) return <p className="text-slate-600">Loading…</p>;
  if (overview.isError)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(overview.error)}
      </p>
    );
  const data = overview.data;
  const attention = data.vehicles.filter((v) => v.roadworthy !== 'valid');
  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">Transport</h1>
          <p className="text-slate-700">Routes with their stops and riders, the vehicles and their drivers.</p>
        </div>
        <Button asChild variant="secondary">
          <Link to={paths.transport.trips}>Today’s trips</Link>
        </Button>
      </header>

      {attention.length > 0 ? (
        <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">Roadworthy certificates need attention</p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {attention.map((v) => (
              <li key={v.id}>
                {v.registration}:{' '}
                {v.roadworthy === 'expired'
                  ? `expired on ${formatDate(v.roadworthyExpiresOn)}; it cannot be used for a trip until renewed.`
                  : `expires on ${formatDate(v.roadworthyExpiresOn)} (within ${ROADWORTHY_WARNING_DAYS} days).`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <section aria-labelledby="routes-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="routes-heading" className="text-xl font-semibold text-slate-900">
            Routes
          </h2>
          {!addingRoute ? <Button onClick={() => setAddingRoute(true)}>Add route</Button> : null}
        </div>
        {addingRoute ? (
          <div className="rounded-xl border border-slate-200 bg-white p-5">
            <h3 className="mb-4 text-lg font-semibold text-slate-900">New route</h3>
            <RouteForm overview={data} route={null} onDone={() => setAddingRoute(false)} />
          </div>
        ) : null}
        {data.routes.length === 0 ? (
          <p className="text-slate-600">No routes yet. Add a vehicle, then a route with its stops and riders.</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Routes">
            {data.routes.map((route) => (
              <li key={route.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <h3 className="text-lg font-semibold">
                  <Link className="text-brand-700 underline" to={paths.transport.route(route.id)}>
                    {route.name}
                  </Link>
                </h3>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
                  <dt className="font-medium">Riders</dt>
                  <dd data-testid="route-seats">
                    {route.vehicle
                      ? `${route.riders} of ${route.vehicle.capacity} seats`
                      : `${route.riders} (no vehicle)`}
                  </dd>
                  <dt className="font-medium">Vehicle</dt>
                  <dd className="flex flex-wrap items-center gap-2">
                    {route.vehicle ? (
                      <>
                        {route.vehicle.registration} <RoadworthyBadge status={route.vehicle.roadworthy} />
                      </>
                    ) : (
                      'None yet'
                    )}
                  </dd>
                  <dt className="font-medium">Driver</dt>
                  <dd>{route.driver?.name ?? 'None yet'}</dd>
                  <dt className="font-medium">Stops</dt>
                  <dd>
                    {route.stops} {route.firstPickUp ? `· first pick-up ${route.firstPickUp}` : ''}
                  </dd>
                  <dt className="font-medium">Fee</dt>
                  <dd>{route.feeItem ? `${route.feeItem.name} (${route.feeItem.year})` : 'No fee item'}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="vehicles-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="vehicles-heading" className="text-xl font-semibold text-slate-900">
            Vehicles
          </h2>
          {editingVehicle === null ? <Button onClick={() => setEditingVehicle('new')}>Add vehicle</Button> : null}
        </div>
        {editingVehicle !== null ? (
          <div className="rounded-xl border border-slate-200 bg-white p-5">
            <h3 className="mb-4 text-lg font-semibold text-slate-900">
              {editingVehicle === 'new' ? 'New vehicle' : `Edit ${editingVehicle.registration}`}
            </h3>
            <VehicleForm
              vehicle={editingVehicle === 'new' ? null : editingVehicle}
              onDone={() => setEditingVehicle(null)}
            />
          </div>
        ) : null}
        {data.vehicles.length === 0 ? (
          <p className="text-slate-600">No vehicles yet.</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Vehicles">
            {data.vehicles.map((vehicle) => (
              <li
                key={vehicle.id}
                className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4"
              >
                <div className="space-y-1 text-sm text-slate-700">
                  <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
                    {vehicle.registration} <RoadworthyBadge status={vehicle.roadworthy} />
                  </p>
                  <p>
                    {vehicle.description ? `${vehicle.description} · ` : ''}
                    {vehicle.capacity} seats
                  </p>
                  <p>Roadworthy until {formatDate(vehicle.roadworthyExpiresOn)}</p>
                  <p>{vehicle.routeNames.length ? `On ${vehicle.routeNames.join(', ')}` : 'On no route'}</p>
                </div>
                <Button variant="secondary" size="sm" onClick={() => setEditingVehicle(vehicle)}>
                  Edit<span className="sr-only"> {vehicle.registration}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <FeeNote overview={data} />
    </div>
  );
}

function FeeNote({ overview }: { overview: TTransportOverview }) {
  if (overview.feeItems.length === 0)
    return (
      <p className="text-sm text-slate-600">
        To charge for transport, add an optional item (e.g. Bus transport) to your fee structures under Finance; then
        link it to a route.
      </p>
    );
  const first = overview.feeItems[0]!;
  return (
    <p className="text-sm text-slate-600">
      A route linked to a fee item opts each rider into that item of their grade (e.g. {first.name},{' '}
      {formatZar(first.amountCents)} a year) and out again when they leave the route.
    </p>
  );
}

function VehicleForm({ vehicle, onDone }: { vehicle: TVehicle | null; onDone: () => void }) {
  const id = useId();
  const save = useSaveVehicle();
  const [registration, setRegistration] = useState(vehicle?.registration ?? '');
  const [description, setDescription] = useState(vehicle?.description ?? '');
  const [capacity, setCapacity] = useState(vehicle ? String(vehicle.capacity) : '');
  const [expires, setExpires] = useState(vehicle?.roadworthyExpiresOn ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFields({});
    setProblem(null);
    const body: TVehicleInput = {
      registration,
      description,
      capacity: Number(capacity),
      roadworthyExpiresOn: expires,
    };
    try {
      await save.mutateAsync({ vehicleId: vehicle?.id ?? null, body });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      setProblem(errorMessage(error));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2" noValidate>
      <FormField id={`${id}-reg`} label="Registration" error={fields.registration}>
        <Input value={registration} onChange={(e) => setRegistration(e.target.value)} autoComplete="off" />
      </FormField>
      <FormField id={`${id}-desc`} label="Make and model" optional error={fields.description}>
        <Input value={description} onChange={(e) => setDescription(e.target.value)} />
      </FormField>
      <FormField id={`${id}-seats`} label="Seats for learners" error={fields.capacity}>
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={120}
          value={capacity}
          onChange={(e) => setCapacity(e.target.value)}
        />
      </FormField>
      <FormField id={`${id}-rw`} label="Roadworthy certificate expires on" error={fields.roadworthyExpiresOn}>
        <Input type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
      </FormField>
      {problem ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save vehicle'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
