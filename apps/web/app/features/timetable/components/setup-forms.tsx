import { useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { countOf } from '@sekolo/shared/domain/count';
import {
  removePeriodQuestion,
  removeRoomQuestion,
  ZPeriodSchema,
  ZRoomSchema,
  type TPeriodInput,
  type TSetupPeriod,
  type TSetupRoom,
  type TRoomInput,
  type TTimetableSetup,
} from '@sekolo/shared/schemas/timetable';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { useFocusAfterRender } from '~/lib/use-focus-after-render';
import { useSingleFlight } from '~/lib/use-single-flight';
import { useCreatePeriod, useCreateRoom, useDeletePeriod, useDeleteTimetableItem } from '../api/timetable-queries';
import { FORM_CLASS, Problem } from './form-bits';
import { SubjectClassForm, SubjectClassList } from './subject-classes';

/** The bell schedule: the periods of every school day, Monday to Friday, breaks included. */
export function BellSchedule({ setup }: { setup: TTimetableSetup }) {
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useFocusAfterRender();
  /** A removed period's row is gone: focus the next row's Remove button, else the previous one's, else the heading. */
  const focusAfterRemoving = (index: number) =>
    focusAfterRender(() => {
      const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove-period]') ?? [])];
      return buttons[index] ?? buttons[index - 1] ?? headingRef.current;
    });
  return (
    <section aria-labelledby="bell-schedule-heading" className="space-y-3">
      <h2 id="bell-schedule-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        Bell schedule
      </h2>
      {setup.periods.length === 0 ? (
        <p className="text-sm text-slate-600">No periods yet. Add the first period of the school day.</p>
      ) : (
        <ul ref={listRef} className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
          {setup.periods.map((p, index) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2">
              <span>
                <span className="font-medium text-slate-900">{p.name}</span>{' '}
                <span className="text-slate-600">
                  {p.startsAt}–{p.endsAt}
                  {p.isBreak ? ' · Break' : ''}
                </span>
              </span>
              {setup.canEdit && <RemovePeriod period={p} onRemoved={() => focusAfterRemoving(index)} />}
            </li>
          ))}
        </ul>
      )}
      {setup.canEdit && <PeriodForm />}
    </section>
  );
}

/**
 * Removing a period deletes its lessons too: one with lessons asks first, naming how many and in
 * which classes (the safe answer, Keep, focused); one without goes at once. The server refuses an
 * unconfirmed removal of a period with lessons (the list read before a lesson was added elsewhere):
 * its message is shown and the list read again, so the next click asks.
 */
function RemovePeriod({ period, onRemoved }: { period: TSetupPeriod; onRemoved: () => void }) {
  const remove = useDeletePeriod();
  const once = useSingleFlight();
  const removed = (lessons: number) =>
    `${period.name} removed${lessons > 0 ? ` with its ${lessons === 1 ? 'lesson' : `${lessons} lessons`}` : ''}`;
  const button = (onClick: () => void) => (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      aria-label={`Remove ${period.name}`}
      data-remove-period
      onClick={onClick}
    >
      Remove
    </Button>
  );
  if (period.lessons === 0) {
    return button(
      () =>
        void once(async () => {
          try {
            const answer = await remove.mutateAsync({ id: period.id, withLessons: false });
            toast.success(removed(answer.lessons));
            onRemoved();
          } catch (error) {
            toast.error(errorMessage(error));
          }
        }),
    );
  }
  return (
    <ConfirmAction
      label={`Remove ${period.name}`}
      question={removePeriodQuestion(period.name, period.lessons, period.lessonClasses)}
      confirmLabel="Yes, remove"
      cancelLabel="Keep"
      success={removed(period.lessons)}
      pending={remove.isPending}
      onConfirm={async () => {
        await remove.mutateAsync({ id: period.id, withLessons: true });
        onRemoved();
      }}
    >
      {(ask) => button(ask)}
    </ConfirmAction>
  );
}

function PeriodForm() {
  const id = useId();
  const create = useCreatePeriod();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TPeriodInput>({
    resolver: zodResolver(ZPeriodSchema),
    defaultValues: { name: '', startsAt: '', endsAt: '', isBreak: false },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const period = await create.mutateAsync(values);
      toast.success(`${period.name} added`);
      form.reset({ name: '', startsAt: values.endsAt, endsAt: '', isBreak: false });
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['name', 'startsAt', 'endsAt']))
        setProblem(errorMessage(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate className={FORM_CLASS} aria-label="Add a period">
      <FormField id={`${id}-name`} label="Period name" error={errors.name?.message} className="w-40">
        <Controller
          control={form.control}
          name="name"
          render={({ field: { ref: _ref, ...field } }) => <Input placeholder="Period 1" {...field} />}
        />
      </FormField>
      <FormField id={`${id}-start`} label="Starts" error={errors.startsAt?.message} className="w-32">
        <Controller
          control={form.control}
          name="startsAt"
          render={({ field: { ref: _ref, ...field } }) => <Input type="time" {...field} />}
        />
      </FormField>
      <FormField id={`${id}-end`} label="Ends" error={errors.endsAt?.message} className="w-32">
        <Controller
          control={form.control}
          name="endsAt"
          render={({ field: { ref: _ref, ...field } }) => <Input type="time" {...field} />}
        />
      </FormField>
      <Controller
        control={form.control}
        name="isBreak"
        render={({ field }) => (
          <label className="flex h-10 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4"
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
            Break
          </label>
        )}
      />
      <Button type="submit" disabled={isSubmitting}>
        Add period
      </Button>
      <Problem text={problem} />
    </form>
  );
}

/** Rooms and subject classes: what a lesson is made of. */
export function RoomsAndSubjects({ setup }: { setup: TTimetableSetup }) {
  return (
    <section aria-labelledby="rooms-subjects-heading" className="space-y-3">
      <h2 id="rooms-subjects-heading" tabIndex={-1} className="text-lg font-semibold text-slate-900">
        Rooms and subject classes
      </h2>
      {setup.canEdit && setup.rooms.length > 0 ? (
        <RoomList rooms={setup.rooms} />
      ) : (
        <p className="text-sm text-slate-600">
          Rooms: {setup.rooms.length ? setup.rooms.map((r) => r.name).join(', ') : 'none yet'}.
        </p>
      )}
      <SubjectClassList setup={setup} />
      {setup.canEdit && (
        <>
          <RoomForm />
          <SubjectClassForm setup={setup} />
        </>
      )}
    </section>
  );
}

/**
 * The rooms, for the admin: each removed after a question saying what happens to its lessons (they
 * stay, without a room), the safe answer (Keep) focused. The focus then goes to the next room's
 * Remove button, else the previous one's, else the section's heading.
 */
function RoomList({ rooms }: { rooms: TSetupRoom[] }) {
  const remove = useDeleteTimetableItem();
  const listRef = useRef<HTMLUListElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const focusAfterRemoving = (index: number) =>
    focusAfterRender(() => {
      const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove-room]') ?? [])];
      return buttons[index] ?? buttons[index - 1] ?? document.getElementById('rooms-subjects-heading');
    });
  return (
    <ul
      ref={listRef}
      aria-label="Rooms"
      className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm"
    >
      {rooms.map((room, index) => (
        <li key={room.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
          <span>
            <span className="text-slate-900">{room.name}</span>{' '}
            <span className="text-slate-600">· {countOf(room.lessons, 'lesson')}</span>
          </span>
          <ConfirmAction
            label={`Remove ${room.name}`}
            question={removeRoomQuestion(room.name, room.lessons)}
            confirmLabel="Yes, remove"
            cancelLabel="Keep"
            success={`${room.name} removed`}
            pending={remove.isPending}
            onConfirm={async () => {
              await remove.mutateAsync({ kind: 'room', id: room.id });
              focusAfterRemoving(index);
            }}
          >
            {(ask) => (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`Remove ${room.name}`}
                data-remove-room
                onClick={ask}
              >
                Remove
              </Button>
            )}
          </ConfirmAction>
        </li>
      ))}
    </ul>
  );
}

function RoomForm() {
  const id = useId();
  const create = useCreateRoom();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TRoomInput>({ resolver: zodResolver(ZRoomSchema), defaultValues: { name: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const room = await create.mutateAsync(values);
      toast.success(`${room.name} added`);
      form.reset({ name: '' });
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['name'])) setProblem(errorMessage(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate className={FORM_CLASS} aria-label="Add a room">
      <FormField id={`${id}-room`} label="Room name" error={errors.name?.message} className="w-56">
        <Controller
          control={form.control}
          name="name"
          render={({ field: { ref: _ref, ...field } }) => <Input placeholder="Science Lab" {...field} />}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        Add room
      </Button>
      <Problem text={problem} />
    </form>
  );
}
