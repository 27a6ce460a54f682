import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { countOf } from '@sekolo/shared/domain/count';
import { roleLabel } from '@sekolo/shared/domain/user-display';
import { SCHOOL_GRADES, gradeLabel } from '@sekolo/shared/constants/enumerations';
import { ZRegisterClassSchema, type TRegisterClass, type TRegisterClassInput } from '@sekolo/shared/schemas/school';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { useFocusAfterRender } from '~/lib/use-focus-after-render';
import {
  classTeacherCandidatesQuery,
  registerClassesQuery,
  useCreateRegisterClass,
  useDeleteRegisterClass,
  useSetClassTeacher,
  useUpdateRegisterClass,
} from '../api/school-queries';
import { StagedSelect } from './staged-select';
import { paths } from '~/config/paths';

/**
 * /dashboard/school/classes: the register classes (e.g. 8A) with how many learners each has and their
 * class teacher, whom the admin (manage_students) names or clears here.
 */
export function RegisterClasses({ canManage }: { canManage: boolean }) {
  const classes = useQuery(registerClassesQuery);
  return (
    <div className="space-y-6">
      <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
        Classes
      </h1>
      {canManage && <AddClassForm />}
      {classes.isPending ? (
        <LoadingSpinner />
      ) : classes.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(classes.error)}
        </p>
      ) : classes.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="font-semibold text-slate-900">No classes yet</p>
          <p className="mt-1 text-sm text-slate-600">
            Register classes such as 8A hold the learners marked in one register.
          </p>
        </div>
      ) : (
        <ClassTable classes={classes.data} canManage={canManage} />
      )}
    </div>
  );
}

/**
 * The classes as a table; on a phone each row is a card (name, grade and learners on one line, the
 * class teacher and the actions below, full width), so nothing needs sideways scrolling. The
 * column names stay in the table for assistive technology, and show as each value's caption.
 */
function ClassTable({ classes, canManage }: { classes: TRegisterClass[]; canManage: boolean }) {
  const [editing, setEditing] = useState<string | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const editButton = (classId: string) =>
    tableRef.current?.querySelector<HTMLElement>(`button[data-edit-class="${classId}"]`) ?? null;
  // The class just saved: a rename re-sorts the list when it is read again, and moving its row
  // takes the focus off its Edit button, so the focus goes back to it after that read too.
  const saved = useRef<string | null>(null);
  useEffect(() => {
    const button = saved.current ? editButton(saved.current) : null;
    saved.current = null;
    if (button && (document.activeElement === document.body || document.activeElement === null)) button.focus();
  }, [classes]);
  const focusEditButton = (classId: string) => {
    saved.current = classId;
    focusAfterRender(() => editButton(classId));
  };
  /** A deleted class's row is gone: focus the next row's Edit button, else the previous one's, else the heading. */
  const focusAfterDeleting = (index: number) =>
    focusAfterRender(() => {
      const buttons = [...(tableRef.current?.querySelectorAll<HTMLElement>('button[data-edit-class]') ?? [])];
      return buttons[index] ?? buttons[index - 1] ?? document.querySelector<HTMLElement>('h1');
    });
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table ref={tableRef} className="w-full text-left text-sm max-sm:block">
        <caption className="sr-only">Register classes</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase max-sm:sr-only">
          <tr>
            <th scope="col" className="px-4 py-3">
              Class
            </th>
            <th scope="col" className="px-4 py-3">
              Grade
            </th>
            <th scope="col" className="px-4 py-3">
              Learners
            </th>
            <th scope="col" className="px-4 py-3">
              Class teacher
            </th>
            {canManage && (
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Change</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block">
          {classes.map((c, index) => (
            <Fragment key={c.id}>
              <tr className="max-sm:flex max-sm:flex-wrap max-sm:items-baseline max-sm:gap-x-4 max-sm:gap-y-2 max-sm:px-4 max-sm:py-3">
                <td className="px-4 py-3 font-medium text-slate-900 max-sm:p-0 max-sm:text-base">{c.name}</td>
                <td className="px-4 py-3 text-slate-700 max-sm:p-0">{gradeLabel(c.grade)}</td>
                <td className="px-4 py-3 text-slate-700 max-sm:p-0 max-sm:before:content-['Learners:_']">
                  <Link
                    to={paths.school.learnersWith(`?class=${c.id}`)}
                    className="font-semibold text-brand-800 hover:underline"
                    aria-label={`${countOf(c.learnerCount, 'learner')} in ${c.name}`}
                  >
                    {c.learnerCount}
                  </Link>
                </td>
                <td className="px-4 py-3 text-slate-700 max-sm:w-full max-sm:p-0 max-sm:before:mb-1 max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-600 max-sm:before:content-['Class_teacher']">
                  {canManage ? (
                    <ClassTeacherPicker registerClass={c} />
                  ) : (
                    (c.teacherName ?? <span className="text-slate-500">None yet</span>)
                  )}
                </td>
                {canManage && (
                  <td className="px-4 py-3 max-sm:w-full max-sm:p-0">
                    <ClassActions
                      registerClass={c}
                      editing={editing === c.id}
                      onEdit={() => setEditing(c.id)}
                      onDeleted={() => focusAfterDeleting(index)}
                    />
                  </td>
                )}
              </tr>
              {canManage && editing === c.id && (
                <tr className="max-sm:block">
                  <td colSpan={5} className="bg-slate-50 px-4 py-3 max-sm:block">
                    <EditClassForm
                      registerClass={c}
                      onDone={() => {
                        setEditing(null);
                        focusEditButton(c.id);
                      }}
                    />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Edit and Delete for a class. Deleting asks first (Keep focused); the server refuses a class that
 * still has learners, attendance registers or subject classes, and its message (what to do) is shown.
 */
function ClassActions({
  registerClass,
  editing,
  onEdit,
  onDeleted,
}: {
  registerClass: TRegisterClass;
  editing: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteRegisterClass();
  const name = registerClass.name;
  return (
    <div className="flex flex-wrap items-center gap-2 sm:justify-end">
      <Button
        type="button"
        variant="secondary"
        size="sm"
        aria-label={`Edit class ${name}`}
        aria-expanded={editing}
        data-edit-class={registerClass.id}
        disabled={editing}
        onClick={onEdit}
      >
        Edit
      </Button>
      <ConfirmAction
        label={`Delete class ${name}`}
        question={`Delete class ${name}? This cannot be undone.`}
        confirmLabel="Yes, delete"
        cancelLabel="Keep"
        success={`Class ${name} deleted`}
        pending={remove.isPending}
        onConfirm={async () => {
          await remove.mutateAsync(registerClass.id);
          onDeleted();
        }}
      >
        {(ask) => (
          <Button type="button" variant="ghost" size="sm" aria-label={`Delete class ${name}`} onClick={ask}>
            Delete
          </Button>
        )}
      </ConfirmAction>
    </div>
  );
}

/** Renames a class or corrects its grade; a name taken or a grade its learners keep is shown on its field. */
function EditClassForm({ registerClass, onDone }: { registerClass: TRegisterClass; onDone: () => void }) {
  const update = useUpdateRegisterClass();
  return (
    <ClassForm
      label={`Edit class ${registerClass.name}`}
      initial={{ name: registerClass.name, grade: registerClass.grade }}
      submitLabel="Save class"
      focusName
      onCancel={onDone}
      className="flex flex-wrap items-end gap-3"
      save={async (values) => {
        const saved = await update.mutateAsync({ id: registerClass.id, ...values });
        toast.success(`Class ${saved.name} saved`);
        onDone();
      }}
    />
  );
}

/**
 * A class's name and grade, checked by the shared schema; `save` runs on a valid submit, and a
 * server's refusal shows on its field (a name taken, a grade its learners keep) or below the form.
 */
function ClassForm({
  label,
  initial,
  submitLabel,
  save,
  onCancel,
  focusName = false,
  className,
}: {
  label?: string;
  initial: TRegisterClassInput;
  submitLabel: string;
  save: (values: TRegisterClassInput, form: UseFormReturn<TRegisterClassInput>) => Promise<void>;
  onCancel?: () => void;
  focusName?: boolean;
  className: string;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TRegisterClassInput>({ resolver: zodResolver(ZRegisterClassSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  // Opened from its row's Edit button: the name takes the focus.
  useEffect(() => {
    if (focusName) document.getElementById(`${id}-name`)?.focus();
  }, [id, focusName]);
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await save(values, form);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['name', 'grade'])) setProblem(errorMessage(error));
    }
  });
  const width = onCancel ? 'w-full sm:w-40' : 'w-40';
  return (
    <form onSubmit={submit} noValidate aria-label={label} className={className}>
      <FormField id={`${id}-name`} label="Class name" error={errors.name?.message} className={width}>
        {/* Controlled through react-hook-form's Controller, like the learner form's fields. */}
        <Controller
          control={form.control}
          name="name"
          render={({ field: { ref: _ref, ...field } }) => (
            <Input placeholder={onCancel ? undefined : '8A'} {...field} />
          )}
        />
      </FormField>
      <FormField
        id={`${id}-grade`}
        label="Grade"
        error={errors.grade?.message}
        className={onCancel ? 'w-full sm:w-48' : 'w-48'}
      >
        <Controller
          control={form.control}
          name="grade"
          render={({ field: { ref: _ref, ...field } }) => (
            <NativeSelect {...field}>
              {!initial.grade && <option value="">Choose a grade</option>}
              {SCHOOL_GRADES.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.label}
                </option>
              ))}
            </NativeSelect>
          )}
        />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
      {problem && (
        <p role="alert" className="w-full text-sm text-red-800">
          {problem}
        </p>
      )}
    </form>
  );
}

function ClassTeacherPicker({ registerClass }: { registerClass: TRegisterClass }) {
  const candidates = useQuery(classTeacherCandidatesQuery);
  const assign = useSetClassTeacher();
  const options = candidates.data ?? [];
  // A class teacher whose role has since changed still shows as chosen.
  const current =
    registerClass.teacherId && !options.some((t) => t.id === registerClass.teacherId)
      ? [{ id: registerClass.teacherId, name: registerClass.teacherName ?? 'Current teacher', role: '' }]
      : [];
  if (candidates.isError) {
    return (
      <span role="alert" className="text-sm text-red-800">
        {registerClass.teacherName ?? 'None yet'} ({errorMessage(candidates.error)})
      </span>
    );
  }
  if (candidates.isSuccess && options.length === 0 && current.length === 0) {
    return (
      <span className="text-slate-500">
        No teachers yet:{' '}
        <Link to={paths.school.teachers} className="font-medium text-brand-700 underline">
          invite one
        </Link>
      </span>
    );
  }
  // Choosing only stages the teacher; Save names them (StagedSelect).
  return (
    <StagedSelect
      label={`Class teacher of ${registerClass.name}`}
      saveLabel={`Save class teacher for ${registerClass.name}`}
      cancelLabel={`Cancel class teacher change for ${registerClass.name}`}
      className="w-full sm:max-w-xs sm:min-w-56"
      saved={registerClass.teacherId ?? ''}
      disabled={candidates.isPending}
      onSave={async (value) => {
        const userId = value || null;
        const chosen = [...options, ...current].find((t) => t.id === userId);
        try {
          await assign.mutateAsync({ classId: registerClass.id, userId });
          toast.success(
            chosen
              ? `${chosen.name} is now the class teacher of ${registerClass.name}`
              : `${registerClass.name} has no class teacher now`,
          );
          return true;
        } catch (error) {
          toast.error(errorMessage(error));
          return false;
        }
      }}
    >
      <option value="">No class teacher</option>
      {[...current, ...options].map((t) => (
        <option key={t.id} value={t.id}>
          {t.role ? `${t.name} (${roleLabel(t.role)})` : t.name}
        </option>
      ))}
    </StagedSelect>
  );
}

function AddClassForm() {
  const create = useCreateRegisterClass();
  return (
    <ClassForm
      initial={{ name: '', grade: '' as TRegisterClassInput['grade'] }}
      submitLabel="Add class"
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      save={async (values, form) => {
        const created = await create.mutateAsync(values);
        toast.success(`Class ${created.name} added`);
        form.reset({ name: '', grade: values.grade });
      }}
    />
  );
}
