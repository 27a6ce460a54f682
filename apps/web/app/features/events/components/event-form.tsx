import { useId, useState } from 'react';
import { SCHOOL_GRADES } from '@sekolo/shared/constants/enumerations';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  EVENT_AUDIENCES,
  EVENT_STATUSES,
  ZEventInput,
  type TEventInput,
  type TManagedEvent,
} from '@sekolo/shared/schemas/events';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { useSaveEvent } from '../api/event-queries';
import { centsToRand, randToCents } from '../lib/format';

type TTypeRow = { id?: string; name: string; price: string; limit: string };

/** The school's form for one event: what, when, where, for whom, its status and its ticket types. */
export function EventForm({ event, onDone }: { event: TManagedEvent | null; onDone: () => void }) {
  const id = useId();
  const save = useSaveEvent();
  const nextWeek = addDays(todayInSouthAfrica(), 7);
  const [title, setTitle] = useState(event?.title ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [place, setPlace] = useState(event?.place ?? '');
  const [startDate, setStartDate] = useState(event?.startDate ?? nextWeek);
  const [startTime, setStartTime] = useState(event?.startTime ?? '18:00');
  const [endDate, setEndDate] = useState(event?.endDate ?? nextWeek);
  const [endTime, setEndTime] = useState(event?.endTime ?? '20:00');
  const [capacity, setCapacity] = useState(String(event?.capacity ?? 200));
  const [audience, setAudience] = useState<TEventInput['audience']>(event?.audience ?? 'school');
  const [grades, setGrades] = useState<string[]>(event?.grades ?? []);
  const [status, setStatus] = useState<TEventInput['status']>(event?.status ?? 'draft');
  const [types, setTypes] = useState<TTypeRow[]>(
    event?.ticketTypes.map((t) => ({
      id: t.id,
      name: t.name,
      price: centsToRand(t.priceCents),
      limit: t.limit === null ? '' : String(t.limit),
    })) ?? [{ name: 'General admission', price: '0', limit: '' }],
  );
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFields({});
    setProblem(null);
    const body: TEventInput = {
      title,
      description,
      place,
      startDate,
      startTime,
      endDate,
      endTime,
      capacity: Number(capacity),
      audience,
      grades: audience === 'grades' ? (grades as TEventInput['grades']) : [],
      status,
      ticketTypes: types.map((t) => ({
        ...(t.id ? { id: t.id } : {}),
        name: t.name,
        priceCents: randToCents(t.price) ?? Number.NaN,
        limit: t.limit.trim() ? Number(t.limit) : null,
      })),
    };
    const checked = ZEventInput.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const key = issue.path.join('.');
        if (!found[key]) found[key] = issue.message;
      }
      setFields(found);
      setProblem('Please correct the marked fields.');
      return;
    }
    try {
      await save.mutateAsync({ eventId: event?.id ?? null, body });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      setProblem(errorMessage(error));
    }
  };
  const setType = (index: number, change: Partial<TTypeRow>) =>
    setTypes((all) => all.map((t, i) => (i === index ? { ...t, ...change } : t)));

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="space-y-4"
      aria-label={event ? `Edit ${event.title}` : 'New event'}
      noValidate
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-title`} label="Title" error={fields.title}>
          <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} />
        </FormField>
        <FormField id={`${id}-place`} label="Place" error={fields.place}>
          <Input value={place} onChange={(e) => setPlace(e.target.value)} maxLength={160} />
        </FormField>
        <FormField id={`${id}-start-date`} label="Starts on" error={fields.startDate}>
          <Input type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} />
        </FormField>
        <FormField id={`${id}-start-time`} label="Starts at (South African time)" error={fields.startTime}>
          <Input type="time" value={startTime} onChange={(e) => setStartTime(e.target.value)} />
        </FormField>
        <FormField id={`${id}-end-date`} label="Ends on" error={fields.endDate}>
          <Input type="date" value={endDate} onChange={(e) => setEndDate(e.target.value)} />
        </FormField>
        <FormField id={`${id}-end-time`} label="Ends at" error={fields.endTime}>
          <Input type="time" value={endTime} onChange={(e) => setEndTime(e.target.value)} />
        </FormField>
        <FormField id={`${id}-capacity`} label="Capacity (people)" error={fields.capacity}>
          <Input type="number" min={1} value={capacity} onChange={(e) => setCapacity(e.target.value)} />
        </FormField>
        <FormField id={`${id}-audience`} label="Who it is for" error={fields.audience}>
          <NativeSelect value={audience} onChange={(e) => setAudience(e.target.value as TEventInput['audience'])}>
            {EVENT_AUDIENCES.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={`${id}-status`}
          label="Status"
          hint="Families see published events; cancelling refunds paid tickets"
          error={fields.status}
        >
          <NativeSelect value={status} onChange={(e) => setStatus(e.target.value as TEventInput['status'])}>
            {EVENT_STATUSES.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {audience === 'grades' ? (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-900">Grades</legend>
          <div className="flex flex-wrap gap-3">
            {SCHOOL_GRADES.map((g) => (
              <label key={g.id} className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  checked={grades.includes(g.id)}
                  onChange={(e) =>
                    setGrades((all) => (e.target.checked ? [...all, g.id] : all.filter((x) => x !== g.id)))
                  }
                />
                {g.label}
              </label>
            ))}
          </div>
          {fields.grades ? (
            <p role="alert" className="text-sm text-red-700">
              {fields.grades}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <FormField id={`${id}-description`} label="Description" optional error={fields.description}>
        <Textarea rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </FormField>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Ticket types</legend>
        {types.map((type, i) => (
          <div
            key={type.id ?? `new-${i}`}
            className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[2fr_1fr_1fr_auto]"
          >
            <FormField id={`${id}-type-${i}-name`} label="Name" error={fields[`ticketTypes.${i}.name`]}>
              <Input value={type.name} onChange={(e) => setType(i, { name: e.target.value })} maxLength={60} />
            </FormField>
            <FormField
              id={`${id}-type-${i}-price`}
              label="Price (R, 0 for free)"
              error={fields[`ticketTypes.${i}.priceCents`]}
            >
              <Input inputMode="decimal" value={type.price} onChange={(e) => setType(i, { price: e.target.value })} />
            </FormField>
            <FormField id={`${id}-type-${i}-limit`} label="Limit" optional error={fields[`ticketTypes.${i}.limit`]}>
              <Input type="number" min={1} value={type.limit} onChange={(e) => setType(i, { limit: e.target.value })} />
            </FormField>
            <div className="self-end">
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={types.length === 1}
                onClick={() => setTypes((all) => all.filter((_, k) => k !== i))}
                aria-label={`Remove ticket type ${type.name || i + 1}`}
              >
                Remove
              </Button>
            </div>
          </div>
        ))}
        {fields.ticketTypes ? (
          <p role="alert" className="text-sm text-red-700">
            {fields.ticketTypes}
          </p>
        ) : null}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={types.length >= 10}
          onClick={() => setTypes((all) => [...all, { name: '', price: '0', limit: '' }])}
        >
          Add ticket type
        </Button>
      </fieldset>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {event ? 'Save event' : 'Create event'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
