import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TRouteSummary, TTransportOverview } from '@sekolo/shared/schemas/transport';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';
import { useSaveRoute } from '../api/transport-queries';

/** A route's name, vehicle, driver and fee item; a new route opens its page to add the stops. */
export function RouteForm({
  overview,
  route,
  onDone,
}: {
  overview: TTransportOverview;
  route: TRouteSummary | null;
  onDone: () => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const save = useSaveRoute();
  const [name, setName] = useState(route?.name ?? '');
  const [vehicleId, setVehicleId] = useState(route?.vehicle?.id ?? '');
  const [driverUserId, setDriverUserId] = useState(route?.driver?.id ?? '');
  const [feeItemId, setFeeItemId] = useState(route?.feeItem?.id ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFields({});
    setProblem(null);
    try {
      const saved = await save.mutateAsync({
        routeId: route?.id ?? null,
        body: { name, vehicleId: vehicleId || null, driverUserId: driverUserId || null, feeItemId: feeItemId || null },
      });
      onDone();
      if (!route) void navigate(paths.transport.route(saved.route.id));
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      setProblem(errorMessage(error));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2" noValidate>
      <FormField id={`${id}-name`} label="Route name" error={fields.name} className="sm:col-span-2">
        <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="Route A – Soshanguve" />
      </FormField>
      <FormField id={`${id}-vehicle`} label="Vehicle" optional error={fields.vehicleId}>
        <NativeSelect value={vehicleId} onChange={(e) => setVehicleId(e.target.value)}>
          <option value="">No vehicle yet</option>
          {overview.vehicles.map((v) => (
            <option key={v.id} value={v.id} disabled={v.roadworthy === 'expired'}>
              {v.registration} · {v.capacity} seats{v.roadworthy === 'expired' ? ' (roadworthy expired)' : ''}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id={`${id}-driver`}
        label="Driver"
        optional
        error={fields.driverUserId}
        hint={
          overview.drivers.length === 0 ? 'Invite staff with the Driver role under Teachers to choose one.' : undefined
        }
      >
        <NativeSelect value={driverUserId} onChange={(e) => setDriverUserId(e.target.value)}>
          <option value="">No driver yet</option>
          {overview.drivers.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id={`${id}-fee`}
        label="Fee item"
        optional
        error={fields.feeItemId}
        hint="Riders are opted into this optional item of their grade’s fee structure."
        className="sm:col-span-2"
      >
        <NativeSelect value={feeItemId} onChange={(e) => setFeeItemId(e.target.value)}>
          <option value="">No fee</option>
          {overview.feeItems.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name} · {item.year} · Grade {item.grade === 0 ? 'R' : item.grade} · {formatZar(item.amountCents)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {problem ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : route ? 'Save route' : 'Create route'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
