import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { TIMETABLE_VIEW_KINDS, type TTimetableSetup, type TTimetableViewKind } from '@sekolo/shared/schemas/timetable';
import { Label } from '~/components/ui/label';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { errorMessage } from '~/lib/server-field-errors';
import { timetableSetupQuery, useTimetableView } from '../api/timetable-queries';
import { LessonForm, type TCell } from './lesson-form';
import { BellSchedule, RoomsAndSubjects } from './setup-forms';
import { TermsEditor } from './terms-editor';
import { TimetableGrid } from './timetable-grid';

const KIND_LABELS: Record<TTimetableViewKind, string> = { class: 'Class', teacher: 'Teacher', room: 'Room' };

/**
 * /dashboard/school/timetable: the admin edits; staff read every timetable; a parent reads their
 * children's classes. `userId` is the signed-in user's: a teacher's week is shown first.
 */
export function TimetablePage({ userId }: { userId?: string }) {
  const setup = useQuery(timetableSetupQuery);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Timetable</h1>
      {setup.isPending ? (
        <LoadingSpinner />
      ) : setup.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(setup.error)}
        </p>
      ) : setup.data.setup ? (
        <StaffTimetable setup={setup.data.setup} userId={userId} />
      ) : (
        <ParentTimetable classes={setup.data.classes ?? []} />
      )}
    </div>
  );
}

function StaffTimetable({ setup, userId }: { setup: TTimetableSetup; userId: string | undefined }) {
  const id = useId();
  // A teacher opens on their own week (what they came for); everyone else on the first class.
  const mine = setup.teachers.some((t) => t.id === userId) ? userId : undefined;
  const [kind, setKind] = useState<TTimetableViewKind>(mine ? 'teacher' : 'class');
  const [picked, setPicked] = useState<Partial<Record<TTimetableViewKind, string>>>(mine ? { teacher: mine } : {});
  const [cell, setCell] = useState<TCell | null>(null);
  const options: Record<TTimetableViewKind, { id: string; name: string }[]> = {
    class: setup.classes,
    teacher: setup.teachers,
    room: setup.rooms,
  };
  const selected = picked[kind] ?? options[kind][0]?.id;
  const view = useTimetableView(kind, selected);
  const pickCell = (next: TCell) => {
    setCell(next);
    const form = document.getElementById('lesson-form');
    form?.scrollIntoView({ block: 'nearest' });
    form?.querySelector<HTMLSelectElement>('select[id$="-subject"]')?.focus();
  };
  const subjectClassIds =
    kind === 'class' && selected
      ? setup.subjectClasses.filter((s) => s.registerClassId === selected).map((s) => s.id)
      : kind === 'teacher' && selected
        ? setup.subjectClasses.filter((s) => s.teacherId === selected).map((s) => s.id)
        : undefined;
  if (setup.periods.length === 0) {
    return (
      <>
        <section
          data-testid="module-empty-state"
          className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
        >
          <Inbox className="size-10 text-slate-400" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-slate-900">No timetable yet</h2>
          <p className="max-w-md text-sm text-slate-600">
            {setup.canEdit
              ? 'Start with the bell schedule: add the periods of the school day.'
              : 'Your bell schedule and the weekly timetable of each class, teacher and room appear here.'}
          </p>
        </section>
        <BellSchedule setup={setup} />
        {/* Rooms and subject classes need no periods: they can be set up first, and a subject class
            handed to another teacher (the staff screen's `?edit=` link) in a school without any. */}
        {(setup.canEdit || setup.rooms.length > 0 || setup.subjectClasses.length > 0) && (
          <RoomsAndSubjects setup={setup} />
        )}
        <TermsEditor canEdit={setup.canEdit} />
      </>
    );
  }
  return (
    <>
      <section aria-labelledby={`${id}-week`} className="space-y-3">
        <h2 id={`${id}-week`} className="text-lg font-semibold text-slate-900">
          Weekly timetable
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-36 space-y-1.5">
            <Label htmlFor={`${id}-kind`}>Show by</Label>
            <NativeSelect
              id={`${id}-kind`}
              value={kind}
              onChange={(event) => setKind(event.currentTarget.value as TTimetableViewKind)}
            >
              {TIMETABLE_VIEW_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="w-56 space-y-1.5">
            <Label htmlFor={`${id}-item`}>{KIND_LABELS[kind]}</Label>
            <NativeSelect
              id={`${id}-item`}
              value={selected ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setPicked((current) => ({ ...current, [kind]: value }));
              }}
            >
              {options[kind].length === 0 && <option value="">None yet</option>}
              {options[kind].map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        {!selected ? (
          <p className="text-sm text-slate-600">Nothing to show yet.</p>
        ) : view.isPending ? (
          <LoadingSpinner />
        ) : view.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(view.error)}
          </p>
        ) : (
          <TimetableGrid view={view.data} canEdit={setup.canEdit} onPickCell={pickCell} />
        )}
      </section>
      {setup.canEdit && <LessonForm setup={setup} cell={cell} subjectClassIds={subjectClassIds} />}
      <BellSchedule setup={setup} />
      <RoomsAndSubjects setup={setup} />
      <TermsEditor canEdit={setup.canEdit} />
    </>
  );
}

function ParentTimetable({ classes }: { classes: { id: string; name: string }[] }) {
  const id = useId();
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const selected = picked ?? classes[0]?.id;
  const view = useTimetableView('class', selected);
  if (classes.length === 0) {
    return <p className="text-sm text-slate-600">None of your children is in a class with a timetable yet.</p>;
  }
  return (
    <section className="space-y-3">
      {classes.length > 1 && (
        <div className="w-56 space-y-1.5">
          <Label htmlFor={`${id}-class`}>Class</Label>
          <NativeSelect id={`${id}-class`} value={selected} onChange={(event) => setPicked(event.currentTarget.value)}>
            {classes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {view.isPending ? (
        <LoadingSpinner />
      ) : view.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(view.error)}
        </p>
      ) : (
        <TimetableGrid view={view.data} canEdit={false} />
      )}
    </section>
  );
}
