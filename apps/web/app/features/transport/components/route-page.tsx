import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import type { TRouteDetail, TStop, TStopInput } from '@sekolo/shared/schemas/transport';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';
import {
  learnerSearchQuery,
  routeQuery,
  transportOverviewQuery,
  useAddRider,
  useRemoveRider,
  useSaveStops,
  useUpdateRider,
} from '../api/transport-queries';
import { RoadworthyBadge } from './roadworthy-badge';
import { RouteForm } from './route-form';

/** A route's page: its details, its ordered stops (editable) and its riders with their stops. */
export function RoutePage({ routeId }: { routeId: string }) {
  const detail = useQuery(routeQuery(routeId));
  const overview = useQuery(transportOverviewQuery);
  const [editing, setEditing] = useState(false);
  if (detail.isPending || overview.isPending) return <p className="text-slate-600">Loading…</p>;
  if (detail.isError || overview.isError)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(detail.error ?? overview.error)}
      </p>
    );
  const { route } = detail.data;
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <p>
          <Link className="text-sm text-brand-700 underline" to={paths.transport.school}>
            All routes
          </Link>
        </p>
        <h1 className="text-2xl font-bold text-slate-900">{route.name}</h1>
        <p className="flex flex-wrap items-center gap-2 text-slate-700">
          {route.vehicle ? (
            <>
              {route.vehicle.registration} <RoadworthyBadge status={route.vehicle.roadworthy} /> · {route.riders} of{' '}
              {route.vehicle.capacity} seats taken
            </>
          ) : (
            'No vehicle yet'
          )}
          {' · '}
          {route.driver ? `Driver: ${route.driver.name}` : 'No driver yet'}
          {' · '}
          {route.feeItem ? `Fee: ${route.feeItem.name} (${route.feeItem.year})` : 'No fee item'}
        </p>
        {!editing ? (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            Edit route details
          </Button>
        ) : (
          <div className="rounded-xl border border-slate-200 bg-white p-5">
            <RouteForm overview={overview.data} route={route} onDone={() => setEditing(false)} />
          </div>
        )}
      </header>
      <StopsEditor routeId={routeId} stops={detail.data.stops} />
      <Riders detail={detail.data} />
    </div>
  );
}

type TDraftStop = TStopInput & { key: string };

const draftOf = (stops: TStop[]): TDraftStop[] =>
  stops.map((s) => ({ key: s.id, id: s.id, name: s.name, morningTime: s.morningTime, afternoonTime: s.afternoonTime }));

function StopsEditor({ routeId, stops }: { routeId: string; stops: TStop[] }) {
  const id = useId();
  const save = useSaveStops();
  const [draft, setDraft] = useState<TDraftStop[]>(() => draftOf(stops));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => setDraft(draftOf(stops)), [stops]);
  const change = (index: number, patch: Partial<TDraftStop>) =>
    setDraft((all) => all.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  const move = (index: number, by: number) =>
    setDraft((all) => {
      const next = [...all];
      const [stop] = next.splice(index, 1);
      next.splice(index + by, 0, stop!);
      return next;
    });
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      await save.mutateAsync({
        routeId,
        body: {
          stops: draft.map(({ id: stopId, name, morningTime, afternoonTime }) => ({
            id: stopId,
            name,
            morningTime,
            afternoonTime,
          })),
        },
      });
      setMessage({ ok: true, text: 'Stops saved.' });
    } catch (error) {
      setMessage({ ok: false, text: errorMessage(error) });
    }
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        Stops
      </h2>
      <p className="text-sm text-slate-600">
        In the order the vehicle reaches them in the morning, with the pick-up time and the afternoon drop-off time.
      </p>
      <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate>
        <ol className="space-y-3">
          {draft.map((stop, index) => (
            <li key={stop.key} className="rounded-xl border border-slate-200 bg-white p-3">
              <fieldset className="grid items-end gap-3 sm:grid-cols-[2rem_1fr_8rem_8rem_auto]">
                <legend className="sr-only">Stop {index + 1}</legend>
                <span className="text-lg font-semibold text-slate-500" aria-hidden="true">
                  {index + 1}
                </span>
                <FormField id={`${id}-name-${stop.key}`} label="Stop">
                  <Input value={stop.name} onChange={(e) => change(index, { name: e.target.value })} />
                </FormField>
                <FormField id={`${id}-am-${stop.key}`} label="Morning pick-up">
                  <Input
                    type="time"
                    value={stop.morningTime}
                    onChange={(e) => change(index, { morningTime: e.target.value })}
                  />
                </FormField>
                <FormField id={`${id}-pm-${stop.key}`} label="Afternoon drop-off">
                  <Input
                    type="time"
                    value={stop.afternoonTime}
                    onChange={(e) => change(index, { afternoonTime: e.target.value })}
                  />
                </FormField>
                <div className="flex gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={`Move ${stop.name || `stop ${index + 1}`} up`}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={index === draft.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={`Move ${stop.name || `stop ${index + 1}`} down`}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => setDraft((all) => all.filter((_, i) => i !== index))}
                    aria-label={`Remove ${stop.name || `stop ${index + 1}`}`}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-3">
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              const last = draft[draft.length - 1];
              setDraft((all) => [
                ...all,
                {
                  key: `new-${Date.now()}`,
                  id: null,
                  name: '',
                  morningTime: last ? addMinutes(last.morningTime, 10) : '06:30',
                  afternoonTime: last ? addMinutes(last.afternoonTime, -10) : '15:00',
                },
              ]);
            }}
          >
            Add stop
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save stops'}
          </Button>
        </div>
        {message ? (
          <p
            role={message.ok ? 'status' : 'alert'}
            className={message.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-700'}
          >
            {message.text}
          </p>
        ) : null}
      </form>
    </section>
  );
}

function addMinutes(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = Math.min(23 * 60 + 59, Math.max(0, h * 60 + m + minutes));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

function Riders({ detail }: { detail: TRouteDetail }) {
  const id = useId();
  const { route, stops, riders } = detail;
  const update = useUpdateRider();
  const remove = useRemoveRider();
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        Riders {route.vehicle ? `(${riders.length} of ${route.vehicle.capacity} seats)` : `(${riders.length})`}
      </h2>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {riders.length === 0 ? (
        <p className="text-slate-600">No riders yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Riders">
          {riders.map((rider) => (
            <li
              key={rider.learnerId}
              className="grid gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_12rem_12rem_auto] sm:items-end"
            >
              <div>
                <p className="font-semibold text-slate-900">{rider.name}</p>
                <p className="text-sm text-slate-600">
                  {rider.grade} · {rider.admissionNumber}
                </p>
              </div>
              <FormField id={`${id}-am-${rider.learnerId}`} label="Morning stop">
                <NativeSelect
                  value={rider.morningStopId}
                  onChange={(e) =>
                    void run(() =>
                      update.mutateAsync({
                        routeId: route.id,
                        learnerId: rider.learnerId,
                        body: { morningStopId: e.target.value, afternoonStopId: rider.afternoonStopId },
                      }),
                    )
                  }
                >
                  {stops.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name} ({s.morningTime})
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField id={`${id}-pm-${rider.learnerId}`} label="Afternoon stop">
                <NativeSelect
                  value={rider.afternoonStopId}
                  onChange={(e) =>
                    void run(() =>
                      update.mutateAsync({
                        routeId: route.id,
                        learnerId: rider.learnerId,
                        body: { morningStopId: rider.morningStopId, afternoonStopId: e.target.value },
                      }),
                    )
                  }
                >
                  {stops.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name} ({s.afternoonTime})
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <ConfirmAction
                label={`Remove ${rider.name}`}
                question={`Take ${rider.name} off ${route.name}? They are opted out of its fee item too.`}
                confirmLabel="Yes, remove"
                cancelLabel="Keep"
                success={`${rider.name} removed from ${route.name}.`}
                pending={remove.isPending}
                onConfirm={() => remove.mutateAsync({ routeId: route.id, learnerId: rider.learnerId })}
              >
                {(ask) => (
                  <Button variant="secondary" onClick={ask}>
                    Remove<span className="sr-only"> {rider.name}</span>
                  </Button>
                )}
              </ConfirmAction>
            </li>
          ))}
        </ul>
      )}
      <AddRider detail={detail} />
    </section>
  );
}

function AddRider({ detail }: { detail: TRouteDetail }) {
  const id = useId();
  const { route, stops } = detail;
  const [q, setQ] = useState('');
  const [morningStopId, setMorningStopId] = useState(stops[0]?.id ?? '');
  const [afternoonStopId, setAfternoonStopId] = useState(stops[0]?.id ?? '');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const search = useQuery(learnerSearchQuery(q.trim()));
  const add = useAddRider();
  useEffect(() => {
    if (!stops.some((s) => s.id === morningStopId)) setMorningStopId(stops[0]?.id ?? '');
    if (!stops.some((s) => s.id === afternoonStopId)) setAfternoonStopId(stops[0]?.id ?? '');
  }, [stops, morningStopId, afternoonStopId]);
  if (stops.length === 0) return <p className="text-sm text-slate-600">Add the route’s stops before its riders.</p>;
  const full = route.vehicle ? route.riders >= route.vehicle.capacity : true;
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 className="text-lg font-semibold text-slate-900">Add a rider</h3>
      {!route.vehicle ? (
        <p className="text-sm text-slate-700">Assign a vehicle to the route before adding riders.</p>
      ) : null}
      {route.vehicle && full ? <p className="text-sm text-slate-700">Every seat is taken.</p> : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id={`${id}-q`} label="Find a learner" hint="Name or admission number">
          <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" />
        </FormField>
        <FormField id={`${id}-am`} label="Morning stop">
          <NativeSelect value={morningStopId} onChange={(e) => setMorningStopId(e.target.value)}>
            {stops.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.morningTime})
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${id}-pm`} label="Afternoon stop">
          <NativeSelect value={afternoonStopId} onChange={(e) => setAfternoonStopId(e.target.value)}>
            {stops.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.afternoonTime})
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {message ? (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={message.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-700'}
        >
          {message.text}
        </p>
      ) : null}
      {q.trim().length >= 2 ? (
        search.isPending ? (
          <p className="text-sm text-slate-600">Searching…</p>
        ) : search.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(search.error)}
          </p>
        ) : search.data.length === 0 ? (
          <p className="text-sm text-slate-600">No learner matches “{q.trim()}”.</p>
        ) : (
          <ul
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
            aria-label="Matching learners"
          >
            {search.data.map((learner) => (
              <li key={learner.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  <span className="font-medium text-slate-900">{learner.name}</span>{' '}
                  <span className="text-sm text-slate-600">
                    {learner.grade} · {learner.admissionNumber}
                    {learner.ridesRoute ? ` · rides ${learner.ridesRoute}` : ''}
                  </span>
                </span>
                <Button
                  size="sm"
                  disabled={!!learner.ridesRoute || add.isPending || full}
                  onClick={() =>
                    void (async () => {
                      setMessage(null);
                      try {
                        const answer = await add.mutateAsync({
                          routeId: route.id,
                          body: { learnerId: learner.id, morningStopId, afternoonStopId },
                        });
                        setMessage({
                          ok: true,
                          text: `${learner.name} added.${answer.feeOption ? ` Opted into ${answer.feeOption}.` : ''}`,
                        });
                      } catch (error) {
                        setMessage({ ok: false, text: errorMessage(error) });
                      }
                    })()
                  }
                >
                  Add<span className="sr-only"> {learner.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
