import { useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  ATTENDANCE_MESSAGES,
  ATTENDANCE_REASON_MAX,
  ATTENDANCE_STATUSES,
  NOT_SCHOOL_DAY_REGISTER,
  ZAttendanceRegisterSave,
  type TAttendanceRegisterSave,
  type TAttendanceStatus,
  type TRegister,
  type TTodayOverview,
} from '@sekolo/shared/schemas/attendance';
import { countOf } from '@sekolo/shared/domain/count';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { UnsavedChangesGuard } from '~/components/layout/unsaved-changes-guard';
import { cn } from '~/lib/cn';
import { errorMessage } from '~/lib/server-field-errors';
import { useSingleFlight } from '~/lib/use-single-flight';
import { useSaveRegister } from '../api/attendance-queries';
import { formatDay } from '../lib/dates';
import { markPresentLabel, markUnmarkedPresent } from '../lib/mark-present';
import { changedMeanwhileNotice, mergeReading, sameMark, savedMarks, type TMark } from '../lib/register-merge';

export const NOT_ALL_MARKED = (n: number) =>
  n === 1 ? 'One learner is not marked yet.' : `${n} learners are not marked yet.`;

const STATUS_STYLE: Record<TAttendanceStatus, string> = {
  present: 'peer-checked:border-emerald-700 peer-checked:bg-emerald-700 peer-checked:text-white',
  absent: 'peer-checked:border-red-700 peer-checked:bg-red-700 peer-checked:text-white',
  late: 'peer-checked:border-amber-700 peer-checked:bg-amber-700 peer-checked:text-white',
  excused: 'peer-checked:border-sky-700 peer-checked:bg-sky-700 peer-checked:text-white',
};

/**
 * The register of one class and date: every learner with a radio group (Present, Absent, Late,
 * Excused) and an optional reason; "Mark all present" fills the rows not marked yet, never a mark
 * already set (markUnmarkedPresent); Save sends every mark in one request (one transaction on the
 * server), each with the mark the register showed (`was`), so that a save made by someone else
 * since is not overwritten: the server refuses (409), the register is read again, the teacher's own
 * changes are kept over it and the others' marks named. Mount with a key per class and date; a
 * newer reading of the same register is merged the same way.
 *
 * On a day that is not a school day (`notSchoolDay`: a weekend, the holidays) a register may still be
 * kept (docs/decisions/008-which-days-attendance-counts.md: a Saturday class): the register says so, and each save asks to be confirmed
 * ("Save register for Sunday?"), so that none is kept on such a day by accident.
 */
export function RegisterEditor({
  register,
  notSchoolDay = null,
}: {
  register: TRegister;
  notSchoolDay?: TTodayOverview['reason'];
}) {
  const save = useSaveRegister(register.classId, register.date);
  const once = useSingleFlight();
  const [reading, setReading] = useState(register);
  const [saved, setSaved] = useState<Record<string, TMark>>(() => savedMarks(register));
  const [marks, setMarks] = useState(saved);
  const [problem, setProblem] = useState<string | null>(null);
  // The marks waiting for the save to be confirmed, on a day that is not a school day.
  const [confirming, setConfirming] = useState<TAttendanceRegisterSave['marks'] | null>(null);
  const readOnly = !register.canMark;
  const weekday = formatDay(register.date, { weekday: 'long' });
  const cancelRef = useRef<HTMLButtonElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);

  if (register !== reading) {
    const merged = mergeReading(register, saved, marks);
    setMarks(merged.marks);
    setSaved(merged.saved);
    setReading(register);
    if (merged.changes.length) setProblem(changedMeanwhileNotice(merged.changes));
  }
  const dirty = !readOnly && register.rows.some((r) => !sameMark(marks[r.learnerId]!, saved[r.learnerId]!));

  const setMark = (learnerId: string, patch: Partial<TMark>) =>
    setMarks((current) => ({ ...current, [learnerId]: { ...current[learnerId]!, ...patch } }));

  const markAllPresent = () => setMarks(markUnmarkedPresent);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // The button stays focusable while saving (aria-disabled): a second press then does nothing.
    if (save.isPending) return;
    setProblem(null);
    const unmarked = register.rows.filter((r) => !marks[r.learnerId]?.status).length;
    if (unmarked) {
      setProblem(NOT_ALL_MARKED(unmarked));
      return;
    }
    const parsed = ZAttendanceRegisterSave.safeParse({
      marks: register.rows.map((r) => ({ learnerId: r.learnerId, ...marks[r.learnerId], was: saved[r.learnerId] })),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? ATTENDANCE_MESSAGES.statusRequired);
      return;
    }
    if (notSchoolDay) {
      setConfirming(parsed.data.marks);
      return;
    }
    await store(parsed.data.marks);
  };

  const store = async (toSave: TAttendanceRegisterSave['marks']) => {
    // A double click submits twice before the button is disabled (it is, a render later): one save.
    await once(async () => {
      try {
        const answer = await save.mutateAsync(toSave);
        setSaved(Object.fromEntries(toSave.map((m) => [m.learnerId, { status: m.status, reason: m.reason }])));
        const { changed, notified } = answer.result;
        const details = [
          changed ? `${countOf(changed, 'correction')} recorded` : null,
          notified ? `${countOf(notified, 'guardian')} notified` : null,
        ].filter(Boolean);
        toast.success(ATTENDANCE_MESSAGES.saved, details.length ? { description: details.join(' · ') } : undefined);
      } catch (error) {
        // Someone else saved the register meanwhile: the save reads it again, merged above.
        setProblem(errorMessage(error));
      }
    });
  };

  if (register.rows.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <p className="font-semibold text-slate-900">No learners in {register.className}</p>
        <p className="mt-1 text-sm text-slate-600">Add learners to this class to take its register.</p>
      </div>
    );
  }

  const markPresent = markPresentLabel(
    register.rows.filter((r) => !marks[r.learnerId]?.status).length,
    register.rows.length,
  );
  const counts = ATTENDANCE_STATUSES.map((s) => ({
    ...s,
    n: Object.values(marks).filter((m) => m.status === s.id).length,
  }));

  return (
    <form onSubmit={submit} noValidate aria-label={`Register for ${register.className}`} className="space-y-4">
      <UnsavedChangesGuard
        dirty={dirty}
        what={`The marks you changed on the register of ${register.className} are not saved.`}
      />
      <div className="flex flex-wrap items-center gap-3">
        {!readOnly && markPresent && (
          <Button type="button" variant="secondary" onClick={markAllPresent}>
            {markPresent}
          </Button>
        )}
        <p className="text-sm text-slate-600" aria-live="polite">
          {counts.map((c) => `${c.label}: ${c.n}`).join(' · ')}
        </p>
      </div>
      {readOnly && (
        <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">{ATTENDANCE_MESSAGES.notYourClass}.</p>
      )}
      {!readOnly && notSchoolDay && (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="not-school-day">
          {NOT_SCHOOL_DAY_REGISTER.notice(formatDay(register.date), notSchoolDay)}
        </p>
      )}
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" data-testid="register-rows">
        {register.rows.map((row) => {
          const mark = marks[row.learnerId]!;
          const name = `${row.preferredName || row.firstName} ${row.lastName}`;
          const groupId = `mark-${row.learnerId}`;
          return (
            <li key={row.learnerId} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <fieldset className="flex flex-wrap items-center gap-3" disabled={readOnly}>
                <legend className="float-left mr-2 w-48 font-medium text-slate-900">
                  {name}
                  <span className="block text-xs font-normal text-slate-500">{row.admissionNumber}</span>
                </legend>
                <div className="flex flex-wrap gap-1 sm:gap-1.5" role="radiogroup" aria-label={`Attendance of ${name}`}>
                  {ATTENDANCE_STATUSES.map((status) => (
                    <label key={status.id} className="cursor-pointer">
                      <input
                        type="radio"
                        className="peer sr-only"
                        name={groupId}
                        value={status.id}
                        checked={mark.status === status.id}
                        onChange={() => setMark(row.learnerId, { status: status.id })}
                      />
                      <span
                        className={cn(
                          'inline-flex h-9 items-center rounded-lg border border-slate-300 px-2 text-sm font-semibold text-slate-700 sm:px-3',
                          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
                          STATUS_STYLE[status.id],
                        )}
                      >
                        {status.label}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
              {mark.status && mark.status !== 'present' && (
                <div className="min-w-48 flex-1">
                  <label htmlFor={`${groupId}-reason`} className="sr-only">
                    Reason for {name} (optional)
                  </label>
                  <Input
                    id={`${groupId}-reason`}
                    placeholder="Reason (optional)"
                    maxLength={ATTENDANCE_REASON_MAX}
                    value={mark.reason}
                    disabled={readOnly}
                    onChange={(e) => setMark(row.learnerId, { reason: (e.target as HTMLInputElement).value })}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {!readOnly && (
        // Kept in sight while the list scrolls (a class of 40 is several screens on a phone).
        <div
          data-testid="register-actions"
          className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-200 bg-slate-50/95 px-1 py-3"
        >
          {/* aria-disabled, not disabled, while saving: a disabled button drops the keyboard focus to the
              page's body, and the teacher would have to find their way back to the register. */}
          <Button
            ref={saveRef}
            type="submit"
            aria-disabled={save.isPending || undefined}
            className="aria-disabled:cursor-wait aria-disabled:opacity-60"
          >
            {save.isPending ? 'Saving...' : 'Save register'}
          </Button>
          {problem ? (
            <p role="alert" className="text-sm text-red-800">
              {problem}
            </p>
          ) : (
            <p aria-live="polite" className="text-sm text-slate-600">
              {dirty ? 'Changes not saved yet.' : ''}
            </p>
          )}
        </div>
      )}
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
      >
        {confirming && notSchoolDay && (
          <DialogContent
            onOpenAutoFocus={(event) => {
              // The safe choice first: Enter pressed twice keeps no register by accident.
              event.preventDefault();
              cancelRef.current?.focus();
            }}
            onCloseAutoFocus={(event) => {
              // Opened by the form's submit, not by a trigger of its own: back to Save register.
              event.preventDefault();
              saveRef.current?.focus();
            }}
          >
            <DialogHeader>
              <DialogTitle>{NOT_SCHOOL_DAY_REGISTER.confirmTitle(weekday)}</DialogTitle>
              <DialogDescription>
                {NOT_SCHOOL_DAY_REGISTER.notice(formatDay(register.date), notSchoolDay)}
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button
                type="button"
                onClick={() => {
                  setConfirming(null);
                  void store(confirming);
                }}
              >
                {NOT_SCHOOL_DAY_REGISTER.confirm(weekday)}
              </Button>
              <Button ref={cancelRef} type="button" variant="secondary" onClick={() => setConfirming(null)}>
                {NOT_SCHOOL_DAY_REGISTER.cancel}
              </Button>
            </DialogFooter>
          </DialogContent>
        )}
      </Dialog>
    </form>
  );
}
