import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  SCHOOL_DAYS,
  subjectClassTitle,
  ZLessonSchema,
  type TLessonInput,
  type TTimetableSetup,
} from '@sekolo/shared/schemas/timetable';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { NativeSelect } from '~/components/ui/native-select';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { useCreateLesson } from '../api/timetable-queries';

export type TCell = { day: number; periodId: string };

/**
 * Places a lesson (a subject class: subject, class and teacher; and a room) in a cell. A clash is
 * the server's 409, whose message names it, shown as the form's error.
 */
export function LessonForm({
  setup,
  cell,
  subjectClassIds,
}: {
  setup: TTimetableSetup;
  cell: TCell | null;
  subjectClassIds?: string[];
}) {
  const id = useId();
  const create = useCreateLesson();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TLessonInput>({
    resolver: zodResolver(ZLessonSchema),
    defaultValues: { subjectClassId: '', day: 1, periodId: '', roomId: null },
  });
  useEffect(() => {
    if (cell) {
      form.setValue('day', cell.day);
      form.setValue('periodId', cell.periodId);
      setProblem(null);
    }
  }, [cell, form]);
  const { errors, isSubmitting } = form.formState;
  const lessonPeriods = setup.periods.filter((p) => !p.isBreak);
  const choices = subjectClassIds
    ? setup.subjectClasses.filter((s) => subjectClassIds.includes(s.id))
    : setup.subjectClasses;
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const lesson = await create.mutateAsync(values);
      toast.success(`${subjectClassTitle(lesson)} added`);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['subjectClassId', 'periodId', 'roomId'])) {
        setProblem(errorMessage(error));
      }
    }
  });
  return (
    <form
      id="lesson-form"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Add a lesson
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <FormField id={`${id}-day`} label="Day" className="w-full sm:w-36">
          <Controller
            control={form.control}
            name="day"
            render={({ field: { ref: _ref, value, onChange, ...field } }) => (
              <NativeSelect
                {...field}
                value={String(value)}
                onChange={(event) => onChange(Number(event.currentTarget.value))}
              >
                {SCHOOL_DAYS.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </FormField>
        <FormField id={`${id}-period`} label="Period" error={errors.periodId?.message} className="w-full sm:w-56">
          <Controller
            control={form.control}
            name="periodId"
            render={({ field: { ref: _ref, ...field } }) => (
              <NativeSelect {...field}>
                <option value="">Choose a period</option>
                {lessonPeriods.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} ({p.startsAt})
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </FormField>
        <FormField
          id={`${id}-subject`}
          label="Subject and teacher"
          error={errors.subjectClassId?.message}
          className="w-full sm:w-72"
        >
          <Controller
            control={form.control}
            name="subjectClassId"
            render={({ field: { ref: _ref, ...field } }) => (
              <NativeSelect {...field}>
                <option value="">Choose a subject class</option>
                {choices.map((s) => (
                  <option key={s.id} value={s.id}>
                    {subjectClassTitle(s)} – {s.teacherName}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </FormField>
        <FormField id={`${id}-room`} label="Room" optional error={errors.roomId?.message} className="w-full sm:w-48">
          <Controller
            control={form.control}
            name="roomId"
            render={({ field: { ref: _ref, value, onChange, ...field } }) => (
              <NativeSelect
                {...field}
                value={value ?? ''}
                onChange={(event) => onChange(event.currentTarget.value || null)}
              >
                <option value="">No room</option>
                {setup.rooms.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </FormField>
        <Button type="submit" disabled={isSubmitting}>
          Add lesson
        </Button>
      </div>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
    </form>
  );
}
