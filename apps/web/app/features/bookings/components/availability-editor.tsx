import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookingContracts as api } from '@sekolo/shared/contracts/bookings';
import { WEEKDAY_LABELS, clockToMinute, minuteToClock, type TAvailability } from '@sekolo/shared/schemas/bookings';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';

type TRow = { weekday: number; start: string; end: string };
type TExceptionRow = { date: string; kind: 'day_off' | 'extra'; start: string; end: string; note: string };
const ORDER = [1, 2, 3, 4, 5, 6, 0];
const input = 'h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm';

/**
 * The provider's weekly hours (several spans a day), days off and extra hours, and whether they
 * work South African public holidays (off by default). Times are South African time.
 */
export function AvailabilityEditor() {
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: ['bookings', 'availability'], queryFn: () => call(api.availability) });
  const [rows, setRows] = useState<TRow[]>([]);
  const [exceptions, setExceptions] = useState<TExceptionRow[]>([]);
  const [holidays, setHolidays] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (!current.data) return;
    setRows(
      current.data.weekly.map((w) => ({
        weekday: w.weekday,
        start: minuteToClock(w.startMinute),
        end: minuteToClock(w.endMinute),
      })),
    );
    setExceptions(
      current.data.exceptions.map((e) => ({
        date: e.date,
        kind: e.kind,
        start: e.startMinute === null ? '' : minuteToClock(e.startMinute),
        end: e.endMinute === null ? '' : minuteToClock(e.endMinute),
        note: e.note,
      })),
    );
    setHolidays(current.data.openOnPublicHolidays);
  }, [current.data]);
  const save = useMutation({
    mutationFn: (body: TAvailability) => call(api.saveAvailability, { body }),
    onSuccess: () => {
      setMessage({ ok: true, text: 'Your hours are saved. Customers see the new times at once.' });
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
    onError: (error) => setMessage({ ok: false, text: errorMessage(error) }),
  });
  if (current.isPending) return <LoadingSpinner label="Loading your hours..." />;
  if (current.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(current.error)}
      </p>
    );

  const submit = () => {
    const weekly = rows.map((r) => ({
      weekday: r.weekday,
      startMinute: clockToMinute(r.start) ?? -1,
      endMinute: clockToMinute(r.end) ?? -1,
    }));
    if (weekly.some((w) => w.startMinute < 0 || w.endMinute <= w.startMinute))
      return setMessage({ ok: false, text: 'Each span needs a start and a later end.' });
    save.mutate({
      openOnPublicHolidays: holidays,
      weekly,
      exceptions: exceptions.map((e) => ({
        date: e.date,
        kind: e.kind,
        startMinute: e.kind === 'extra' ? clockToMinute(e.start) : null,
        endMinute: e.kind === 'extra' ? clockToMinute(e.end) : null,
        note: e.note,
      })),
    });
  };
  const setRow = (i: number, patch: Partial<TRow>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const setException = (i: number, patch: Partial<TExceptionRow>) =>
    setExceptions(exceptions.map((e, j) => (j === i ? { ...e, ...patch } : e)));

  return (
    <form
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold text-slate-900">Weekly hours (SAST)</legend>
        {ORDER.map((weekday) => (
          <div key={weekday} className="flex flex-wrap items-center gap-2">
            <span className="w-28 font-medium text-slate-900">{WEEKDAY_LABELS[weekday]}</span>
            {rows.every((r) => r.weekday !== weekday) ? <span className="text-sm text-slate-500">Closed</span> : null}
            {rows.map((row, i) =>
              row.weekday === weekday ? (
                <span key={i} className="flex items-center gap-1">
                  <input
                    type="time"
                    aria-label={`${WEEKDAY_LABELS[weekday]} from`}
                    className={input}
                    value={row.start}
                    onChange={(e) => setRow(i, { start: e.target.value })}
                  />
                  <span aria-hidden>–</span>
                  <input
                    type="time"
                    aria-label={`${WEEKDAY_LABELS[weekday]} until`}
                    className={input}
                    value={row.end}
                    onChange={(e) => setRow(i, { end: e.target.value })}
                  />
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    onClick={() => setRows(rows.filter((_, j) => j !== i))}
                  >
                    Remove
                  </Button>
                </span>
              ) : null,
            )}
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => setRows([...rows, { weekday, start: '08:00', end: '17:00' }])}
              aria-label={`Add hours on ${WEEKDAY_LABELS[weekday]}`}
            >
              Add hours
            </Button>
          </div>
        ))}
        <label className="flex items-center gap-2 text-sm text-slate-900">
          <input type="checkbox" checked={holidays} onChange={(e) => setHolidays(e.target.checked)} />I work on South
          African public holidays
        </label>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold text-slate-900">Days off and extra hours</legend>
        {exceptions.map((e, i) => (
          <div key={i} className="flex flex-wrap items-center gap-2">
            <input
              type="date"
              aria-label="Date"
              className={input}
              value={e.date}
              onChange={(ev) => setException(i, { date: ev.target.value })}
            />
            <select
              aria-label="Kind"
              className={input}
              value={e.kind}
              onChange={(ev) => setException(i, { kind: ev.target.value as TExceptionRow['kind'] })}
            >
              <option value="day_off">Day off</option>
              <option value="extra">Extra hours</option>
            </select>
            {e.kind === 'extra' ? (
              <>
                <input
                  type="time"
                  aria-label="Extra from"
                  className={input}
                  value={e.start}
                  onChange={(ev) => setException(i, { start: ev.target.value })}
                />
                <input
                  type="time"
                  aria-label="Extra until"
                  className={input}
                  value={e.end}
                  onChange={(ev) => setException(i, { end: ev.target.value })}
                />
              </>
            ) : null}
            <input
              aria-label="Note"
              placeholder="Note"
              className={input}
              value={e.note}
              onChange={(ev) => setException(i, { note: ev.target.value })}
            />
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => setExceptions(exceptions.filter((_, j) => j !== i))}
            >
              Remove
            </Button>
          </div>
        ))}
        <Button
          type="button"
          size="sm"
          variant="secondary"
          onClick={() => setExceptions([...exceptions, { date: '', kind: 'day_off', start: '', end: '', note: '' }])}
        >
          Add a day off or extra hours
        </Button>
      </fieldset>
      {message ? (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={`text-sm ${message.ok ? 'text-green-800' : 'text-red-800'}`}
        >
          {message.text}
        </p>
      ) : null}
      <Button type="submit" disabled={save.isPending}>
        Save availability
      </Button>
    </form>
  );
}
