import { useId, useState } from 'react';
import { FACILITY_KINDS, type TFacility, type TFacilityInput } from '@sekolo/shared/schemas/facilities';
import { Button } from '~/components/ui/button';
import { CheckboxField, FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { useSaveFacility } from '../api/facility-queries';
import { centsToRand, randToCents, weekdayName } from './format';

type THours = { open: boolean; opens: string; closes: string };

/** The school's form for one facility: what it is, its rates, rules, approval and weekly hours. */
export function FacilityForm({
  facility,
  rooms,
  onDone,
}: {
  facility: TFacility | null;
  rooms: { id: string; name: string }[];
  onDone: () => void;
}) {
  const id = useId();
  const save = useSaveFacility();
  const [name, setName] = useState(facility?.name ?? '');
  const [kind, setKind] = useState(facility?.kind ?? 'hall');
  const [description, setDescription] = useState(facility?.description ?? '');
  const [capacity, setCapacity] = useState(facility?.capacity ? String(facility.capacity) : '');
  const [hourly, setHourly] = useState(centsToRand(facility?.hourlyRateCents ?? null));
  const [daily, setDaily] = useState(centsToRand(facility?.dailyRateCents ?? null));
  const [rules, setRules] = useState(facility?.rules ?? '');
  const [approval, setApproval] = useState(facility?.requiresApproval ?? true);
  const [notice, setNotice] = useState(String(facility?.cancellationNoticeHours ?? 48));
  const [roomId, setRoomId] = useState(facility?.roomId ?? '');
  const [active, setActive] = useState(facility?.active ?? true);
  const [hours, setHours] = useState<THours[]>(() =>
    [1, 2, 3, 4, 5, 6, 7].map((day) => {
      const found = facility?.openingHours.find((h) => h.day === day);
      return found
        ? { open: true, opens: found.opens, closes: found.closes }
        : { open: !facility && day <= 6, opens: '08:00', closes: '18:00' };
    }),
  );
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFields({});
    setProblem(null);
    const body: TFacilityInput = {
      name,
      kind: kind as TFacilityInput['kind'],
      description,
      capacity: capacity ? Number(capacity) : null,
      hourlyRateCents: randToCents(hourly),
      dailyRateCents: randToCents(daily),
      rules,
      requiresApproval: approval,
      cancellationNoticeHours: Number(notice),
      openingHours: hours.flatMap((h, i) => (h.open ? [{ day: i + 1, opens: h.opens, closes: h.closes }] : [])),
      roomId: roomId || null,
      active,
    };
    try {
      await save.mutateAsync({ facilityId: facility?.id ?? null, body });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      setProblem(errorMessage(error));
    }
  };
  const setDay = (index: number, change: Partial<THours>) =>
    setHours((all) => all.map((h, i) => (i === index ? { ...h, ...change } : h)));

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="space-y-4"
      aria-label={facility ? `Edit ${facility.name}` : 'New facility'}
      noValidate
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Name" error={fields.name}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />
        </FormField>
        <FormField id={`${id}-kind`} label="Kind" error={fields.kind}>
          <NativeSelect value={kind} onChange={(e) => setKind(e.target.value)}>
            {FACILITY_KINDS.map((k) => (
              <option key={k.id} value={k.id}>
                {k.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={`${id}-hourly`}
          label="Rate per hour (R)"
          optional
          hint="Leave empty if not rented by the hour"
          error={fields.hourlyRateCents}
        >
          <Input inputMode="decimal" value={hourly} onChange={(e) => setHourly(e.target.value)} />
        </FormField>
        <FormField id={`${id}-daily`} label="Rate per day (R)" optional error={fields.dailyRateCents}>
          <Input inputMode="decimal" value={daily} onChange={(e) => setDaily(e.target.value)} />
        </FormField>
        <FormField id={`${id}-capacity`} label="Capacity (people)" optional error={fields.capacity}>
          <Input type="number" min={1} value={capacity} onChange={(e) => setCapacity(e.target.value)} />
        </FormField>
        <FormField
          id={`${id}-notice`}
          label="Refund notice (hours before the start)"
          error={fields.cancellationNoticeHours}
        >
          <Input type="number" min={0} max={720} value={notice} onChange={(e) => setNotice(e.target.value)} />
        </FormField>
        <FormField
          id={`${id}-room`}
          label="Timetable room"
          optional
          hint="Lessons in this room are kept free of bookings"
          error={fields.roomId}
        >
          <NativeSelect value={roomId} onChange={(e) => setRoomId(e.target.value)}>
            <option value="">Not a timetable room</option>
            {rooms.map((room) => (
              <option key={room.id} value={room.id}>
                {room.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField id={`${id}-description`} label="Description" optional error={fields.description}>
        <Textarea rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </FormField>
      <FormField id={`${id}-rules`} label="Rules the booker must accept" optional error={fields.rules}>
        <Textarea rows={3} value={rules} onChange={(e) => setRules(e.target.value)} />
      </FormField>
      <CheckboxField
        id={`${id}-approval`}
        label="Bookings need the school’s approval"
        checked={approval}
        onChange={(e) => setApproval(e.target.checked)}
      />
      <CheckboxField
        id={`${id}-active`}
        label="Taking bookings (shown on the public page)"
        checked={active}
        onChange={(e) => setActive(e.target.checked)}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">Opening hours</legend>
        {fields.openingHours ? <p className="text-sm text-red-700">{fields.openingHours}</p> : null}
        {hours.map((h, i) => (
          <div key={i} className="flex flex-wrap items-center gap-2">
            <CheckboxField
              id={`${id}-day-${i}`}
              label={weekdayName(i + 1)}
              labelClassName="w-24"
              checked={h.open}
              onChange={(e) => setDay(i, { open: e.target.checked })}
            />
            <Input
              aria-label={`${weekdayName(i + 1)} opens`}
              type="time"
              className="w-32"
              value={h.opens}
              disabled={!h.open}
              onChange={(e) => setDay(i, { opens: e.target.value })}
            />
            <span aria-hidden>to</span>
            <Input
              aria-label={`${weekdayName(i + 1)} closes`}
              type="time"
              className="w-32"
              value={h.closes}
              disabled={!h.open}
              onChange={(e) => setDay(i, { closes: e.target.value })}
            />
          </div>
        ))}
      </fieldset>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {facility ? 'Save facility' : 'Add facility'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
