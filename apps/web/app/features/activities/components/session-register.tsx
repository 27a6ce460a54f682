import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatLongDate } from '@sekolo/shared/domain/sa-calendar';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { ATTENDANCE_MARKS, type TActivityMark } from '@sekolo/shared/schemas/activities';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Textarea } from '~/components/ui/textarea';
import { paths } from '~/config/paths';
import { cn } from '~/lib/cn';
import { errorMessage } from '~/lib/server-field-errors';
import { sessionQuery, useCancelSession, useMarkAttendance } from '../api/activity-queries';
import { gradeName } from '../lib/format';

const MARK_STYLE: Record<TActivityMark, string> = {
  present: 'peer-checked:border-green-700 peer-checked:bg-green-700 peer-checked:text-white',
  absent: 'peer-checked:border-red-700 peer-checked:bg-red-700 peer-checked:text-white',
  excused: 'peer-checked:border-amber-600 peer-checked:bg-amber-600 peer-checked:text-white',
};

/**
 * One session's register on a phone: each member present, absent or excused in a tap, "All
 * present" for the usual day, then save. The coach may also cancel the session with a reason (the
 * families are told).
 */
export function SessionRegister({ activityId, date }: { activityId: string; date: string }) {
  const id = useId();
  const register = useQuery(sessionQuery(activityId, date));
  const mark = useMarkAttendance();
  const cancel = useCancelSession();
  const [marks, setMarks] = useState<Record<string, TActivityMark>>({});
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  useEffect(() => {
    if (!register.data) return;
    const saved: Record<string, TActivityMark> = {};
    for (const m of register.data.members) if (m.mark) saved[m.learnerId] = m.mark;
    setMarks(saved);
  }, [register.data]);

  if (register.isPending) return <p className="text-slate-600">Loading…</p>;
  if (register.isError)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(register.error)}
      </p>
    );
  const data = register.data;
  const today = schoolToday();
  const canMark = data.canMarkAttendance && data.status !== 'cancelled' && date <= today;
  const unmarked = data.members.filter((m) => !marks[m.learnerId]).length;

  const save = async () => {
    const body = {
      marks: Object.entries(marks).map(([learnerId, value]) => ({ learnerId, mark: value })),
    };
    if (body.marks.length === 0) {
      toast.error('Mark at least one member.');
      return;
    }
    try {
      await mark.mutateAsync({ activityId, date, body });
      toast.success('Register saved.');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const confirmCancel = async (event: React.FormEvent) => {
    event.preventDefault();
    setReasonError(null);
    try {
      await cancel.mutateAsync({ activityId, date, reason });
      setCancelling(false);
      toast.success('Session cancelled. The families have been told.');
    } catch (error) {
      setReasonError(errorMessage(error));
    }
  };

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <header className="space-y-1">
        <Link to={paths.activities.activity(activityId)} className="text-sm text-brand-700 underline">
          {data.activity.name}
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{data.activity.name} register</h1>
        <p className="text-slate-700">
          {formatLongDate(date)}, {data.starts}–{data.ends}
          {data.activity.venue ? ` · ${data.activity.venue}` : ''}
        </p>
        {data.status === 'cancelled' ? (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900">
            Cancelled: {data.cancelReason}
          </p>
        ) : null}
        {!data.canMarkAttendance ? (
          <p className="text-sm text-slate-600">Only the activity’s coach keeps its register.</p>
        ) : null}
      </header>

      {data.members.length === 0 ? (
        <p className="text-slate-600">The activity has no members yet.</p>
      ) : (
        <section aria-labelledby={`${id}-members`} className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`${id}-members`} className="text-xl font-semibold text-slate-900">
              Members ({data.members.length})
            </h2>
            {canMark ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  setMarks((all) => {
                    const next = { ...all };
                    for (const m of data.members) next[m.learnerId] ??= 'present';
                    return next;
                  })
                }
              >
                Mark the rest present
              </Button>
            ) : null}
          </div>
          <ul className="space-y-2" aria-label="Register">
            {data.members.map((m) => (
              <li key={m.learnerId} className="rounded-xl border border-slate-200 bg-white p-3">
                <fieldset disabled={!canMark}>
                  <legend className="font-medium text-slate-900">
                    {m.name} <span className="text-sm text-slate-600">{gradeName(m.grade)}</span>
                  </legend>
                  <div className="mt-2 grid grid-cols-3 gap-2">
                    {ATTENDANCE_MARKS.map((option) => {
                      const inputId = `${id}-${m.learnerId}-${option.id}`;
                      return (
                        <div key={option.id}>
                          <input
                            type="radio"
                            id={inputId}
                            name={`${id}-${m.learnerId}`}
                            value={option.id}
                            checked={marks[m.learnerId] === option.id}
                            onChange={() => setMarks((all) => ({ ...all, [m.learnerId]: option.id }))}
                            className="peer sr-only"
                          />
                          <label
                            htmlFor={inputId}
                            className={cn(
                              'flex h-11 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white text-sm font-semibold text-slate-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
                              MARK_STYLE[option.id],
                            )}
                          >
                            {option.label}
                          </label>
                        </div>
                      );
                    })}
                  </div>
                </fieldset>
              </li>
            ))}
          </ul>
          {canMark ? (
            <div className="sticky bottom-0 flex items-center justify-between gap-3 border-t border-slate-200 bg-white/95 py-3">
              <p className="text-sm text-slate-700" aria-live="polite">
                {unmarked === 0 ? 'Everyone is marked.' : `${unmarked} not marked yet.`}
              </p>
              <Button onClick={() => void save()} disabled={mark.isPending}>
                {mark.isPending ? 'Saving…' : 'Save register'}
              </Button>
            </div>
          ) : null}
        </section>
      )}

      {data.status !== 'cancelled' && date >= today ? (
        <section aria-labelledby={`${id}-cancel`} className="space-y-3">
          <h2 id={`${id}-cancel`} className="text-lg font-semibold text-slate-900">
            Cancel this session
          </h2>
          {cancelling ? (
            <form onSubmit={(e) => void confirmCancel(e)} className="space-y-3" noValidate>
              <FormField id={`${id}-reason`} label="Reason (the families receive it)" error={reasonError ?? undefined}>
                <Textarea rows={2} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} />
              </FormField>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" variant="destructive" disabled={cancel.isPending}>
                  {cancel.isPending ? 'Cancelling…' : 'Cancel the session and tell the families'}
                </Button>
                <Button type="button" variant="secondary" onClick={() => setCancelling(false)}>
                  Keep the session
                </Button>
              </div>
            </form>
          ) : (
            <Button variant="secondary" onClick={() => setCancelling(true)}>
              Cancel session…
            </Button>
          )}
        </section>
      ) : null}
    </div>
  );
}
