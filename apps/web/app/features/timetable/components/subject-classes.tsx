import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Controller, useForm, useWatch, type Control, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { CAPS_SUBJECTS } from '@sekolo/shared/constants/caps-subjects';
import { countOf } from '@sekolo/shared/domain/count';
import {
  removeSubjectClassQuestion,
  SUBJECT_CLASS_MEMBERSHIP_LABELS,
  SUBJECT_CLASS_MEMBERSHIPS,
  subjectClassTitle,
  TIMETABLE_MESSAGES,
  ZSubjectClassSchema,
  ZSubjectClassUpdateSchema,
  type TSubjectClass,
  type TSubjectClassFormValues,
  type TSubjectClassInput,
  type TSubjectClassUpdateInput,
  type TSubjectClassUpdateValues,
  type TTimetableSetup,
} from '@sekolo/shared/schemas/timetable';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { useFocusAfterRender } from '~/lib/use-focus-after-render';
import { useFocusFirstInvalid } from '~/lib/use-focus-invalid';
import {
  useAddSubjectClassLearners,
  useCreateSubjectClass,
  useDeleteTimetableItem,
  useRemoveSubjectClassLearner,
  useSubjectClassLearners,
  useUpdateSubjectClass,
} from '../api/timetable-queries';
import { LearnerPicker, learnerName } from './learner-picker';
import { cn } from '~/lib/cn';
import { FORM_CLASS, Problem } from './form-bits';

const countLabel = (n: number) => countOf(n, 'learner');

/**
 * The school's subject classes, each with its teacher and who takes it; its learners open in a
 * dialog. The admin edits one in place (another teacher, its group name) and removes one after a
 * question naming what goes with it. `?edit=<id>` (the staff screen's link, to hand a leaving
 * teacher's classes over) opens that one's edit, scrolled to and focused.
 */
export function SubjectClassList({ setup }: { setup: TTimetableSetup }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const [params, setParams] = useSearchParams();
  const asked = params.get('edit');
  const open = setup.subjectClasses.find((s) => s.id === openId) ?? null;
  const editButton = (subjectClassId: string) =>
    listRef.current?.querySelector<HTMLElement>(`button[data-edit-subject-class="${subjectClassId}"]`) ?? null;
  // Saved: a new teacher or name re-sorts nothing (the list is by class and subject), but the list
  // is read again; the focus goes back to the row's Edit button after that read too.
  const saved = useRef<string | null>(null);
  useEffect(() => {
    const button = saved.current ? editButton(saved.current) : null;
    saved.current = null;
    if (button && (document.activeElement === document.body || document.activeElement === null)) button.focus();
  }, [setup.subjectClasses]);
  const doneEditing = (subjectClassId: string) => {
    setEditing(null);
    saved.current = subjectClassId;
    focusAfterRender(() => editButton(subjectClassId));
  };
  /** A removed row is gone: focus the next row's Edit button, else the previous one's, else the heading. */
  const focusAfterRemoving = (index: number) =>
    focusAfterRender(() => {
      const buttons = [...(listRef.current?.querySelectorAll<HTMLElement>('button[data-edit-subject-class]') ?? [])];
      return buttons[index] ?? buttons[index - 1] ?? document.getElementById('rooms-subjects-heading');
    });
  // Opened from a link (`?edit=`): that subject class's edit opens once, and the link is used up.
  useEffect(() => {
    if (!asked) return;
    if (setup.canEdit) {
      if (setup.subjectClasses.some((s) => s.id === asked)) setEditing(asked);
      else toast.error(TIMETABLE_MESSAGES.notFound);
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('edit');
        return next;
      },
      { replace: true },
    );
  }, [asked, setup.canEdit, setup.subjectClasses, setParams]);
  if (setup.subjectClasses.length === 0) {
    return <p className="text-sm text-slate-600">Subject classes: none yet.</p>;
  }
  return (
    <>
      <ul
        ref={listRef}
        aria-label="Subject classes"
        className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm"
      >
        {setup.subjectClasses.map((s, index) => (
          <li key={s.id} className="space-y-2 px-4 py-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-slate-900">
                {subjectClassTitle(s)} ({s.teacherName})
                {/* A teacher removed from the school, or whose role no longer teaches: hand it over. */}
                {!setup.teachers.some((t) => t.id === s.teacherId) && (
                  <span className="block text-xs font-semibold text-red-800">
                    {s.teacherName} no longer teaches here: give it to another teacher.
                  </span>
                )}
              </span>
              <span className="flex flex-wrap items-center gap-2">
                <Badge variant={s.membership === 'chosen' ? 'accent' : 'neutral'}>
                  {SUBJECT_CLASS_MEMBERSHIP_LABELS[s.membership]} · {countLabel(s.learnerCount)}
                </Badge>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Learners of ${subjectClassTitle(s)}`}
                  onClick={() => setOpenId(s.id)}
                >
                  Learners
                </Button>
                {setup.canEdit && (
                  <SubjectClassActions
                    subjectClass={s}
                    editing={editing === s.id}
                    onEdit={() => setEditing(s.id)}
                    onRemoved={() => focusAfterRemoving(index)}
                  />
                )}
              </span>
            </div>
            {setup.canEdit && editing === s.id && (
              <EditSubjectClassForm subjectClass={s} teachers={setup.teachers} onDone={() => doneEditing(s.id)} />
            )}
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpenId(null)}>
        {open && <SubjectClassLearnersDialog subjectClass={open} canEdit={setup.canEdit} />}
      </Dialog>
    </>
  );
}

/** Edit and Remove for a subject class. Removing asks first (Keep focused), naming what goes with it. */
function SubjectClassActions({
  subjectClass,
  editing,
  onEdit,
  onRemoved,
}: {
  subjectClass: TSubjectClass;
  editing: boolean;
  onEdit: () => void;
  onRemoved: () => void;
}) {
  const remove = useDeleteTimetableItem();
  const title = subjectClassTitle(subjectClass);
  const chosenLearners = subjectClass.membership === 'chosen' ? subjectClass.learnerCount : null;
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        aria-label={`Edit ${title}`}
        aria-expanded={editing}
        data-edit-subject-class={subjectClass.id}
        disabled={editing}
        onClick={onEdit}
      >
        Edit
      </Button>
      <ConfirmAction
        label={`Remove ${title}`}
        question={removeSubjectClassQuestion(title, subjectClass.lessons, chosenLearners)}
        confirmLabel="Yes, remove"
        cancelLabel="Keep"
        success={`${title} removed`}
        pending={remove.isPending}
        onConfirm={async () => {
          await remove.mutateAsync({ kind: 'subjectClass', id: subjectClass.id });
          onRemoved();
        }}
      >
        {(ask) => (
          <Button type="button" variant="ghost" size="sm" aria-label={`Remove ${title}`} onClick={ask}>
            Remove
          </Button>
        )}
      </ConfirmAction>
    </>
  );
}

/**
 * Hands a subject class to another teacher (one who may teach: the setup's teachers) or renames its
 * group. A teacher busy at one of its lessons is refused on the teacher field, naming the clash. A
 * teacher whose role no longer teaches stays shown as its teacher until another is chosen.
 */
function EditSubjectClassForm({
  subjectClass,
  teachers,
  onDone,
}: {
  subjectClass: TSubjectClass;
  teachers: TTimetableSetup['teachers'];
  onDone: () => void;
}) {
  const id = useId();
  const update = useUpdateSubjectClass();
  const [problem, setProblem] = useState<string | null>(null);
  const title = subjectClassTitle(subjectClass);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const form = useForm<TSubjectClassUpdateValues, unknown, TSubjectClassUpdateInput>({
    resolver: zodResolver(ZSubjectClassUpdateSchema),
    defaultValues: { teacherId: subjectClass.teacherId, groupName: subjectClass.groupName ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const teachesHere = teachers.some((t) => t.id === subjectClass.teacherId);
  // Opened from its Edit button or a link: the teacher takes the focus, in sight.
  useEffect(() => {
    const teacher = document.getElementById(`${id}-teacher`);
    teacher?.scrollIntoView({ block: 'center' });
    teacher?.focus();
  }, [id]);
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const saved = await update.mutateAsync({ id: subjectClass.id, ...values });
      toast.success(
        saved.teacherId === subjectClass.teacherId
          ? `${subjectClassTitle(saved)} saved`
          : `${subjectClassTitle(saved)} is now taught by ${saved.teacherName}`,
      );
      onDone();
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['teacherId', 'groupName'])) focusFirstInvalid();
      else setProblem(errorMessage(error));
    }
  }, focusFirstInvalid);
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={`Edit ${title}`}
      className="flex flex-wrap items-start gap-3 rounded-lg bg-slate-50 p-3"
    >
      <FormField
        id={`${id}-teacher`}
        label="Teacher"
        error={errors.teacherId?.message}
        hint={teachesHere ? undefined : `${subjectClass.teacherName} no longer teaches here: choose another teacher.`}
        className="w-full sm:w-72"
      >
        <TeacherSelect
          control={form.control}
          teachers={teachers}
          first={!teachesHere && <option value={subjectClass.teacherId}>{subjectClass.teacherName}</option>}
        />
      </FormField>
      <FormField
        id={`${id}-group`}
        label="Group name"
        optional
        error={errors.groupName?.message}
        className="w-full sm:w-48"
      >
        <Controller
          control={form.control}
          name="groupName"
          render={({ field: { ref: _ref, value, ...field } }) => (
            <Input placeholder="Group A" value={value ?? ''} {...field} />
          )}
        />
      </FormField>
      <div className="flex gap-2 sm:mt-6">
        <Button type="submit" disabled={isSubmitting}>
          Save subject class
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <Problem text={problem} />
    </form>
  );
}

/** Who is in a subject class; for chosen learners the admin removes them and adds others of the grade. */
/**
 * The teacher field of the subject class forms (adding one, handing one over): the school's
 * teachers after `first` (the add form's prompt, or the edit's teacher who no longer teaches here).
 */
function TeacherSelect<TValues extends { teacherId: string }, TOutput>({
  control,
  teachers,
  first,
}: {
  control: Control<TValues, unknown, TOutput>;
  teachers: readonly { id: string; name: string }[];
  first: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={'teacherId' as Path<TValues>}
      render={({ field: { ref: _ref, ...field } }) => (
        <NativeSelect {...field}>
          {first}
          {teachers.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </NativeSelect>
      )}
    />
  );
}

function SubjectClassLearnersDialog({ subjectClass, canEdit }: { subjectClass: TSubjectClass; canEdit: boolean }) {
  const id = useId();
  const members = useSubjectClassLearners(subjectClass.id);
  const add = useAddSubjectClassLearners();
  const remove = useRemoveSubjectClassLearner();
  const [picked, setPicked] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const title = subjectClassTitle(subjectClass);
  const chosen = subjectClass.membership === 'chosen';
  const editable = canEdit && chosen;
  const list = members.data?.learners ?? [];
  const memberIds = new Set(list.map((l) => l.id));

  const addPicked = async () => {
    setProblem(null);
    try {
      const answer = await add.mutateAsync({ id: subjectClass.id, learnerIds: picked });
      toast.success(`${countLabel(answer.added)} added to ${title}`);
      setPicked([]);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const removeOne = async (learnerId: string, name: string) => {
    setProblem(null);
    try {
      await remove.mutateAsync({ id: subjectClass.id, learnerId });
      toast.success(`${name} removed from ${title}`);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <DialogContent className="max-w-2xl">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {subjectClass.teacherName} · {SUBJECT_CLASS_MEMBERSHIP_LABELS[subjectClass.membership]}
          {chosen ? '' : `: every learner of ${subjectClass.registerClassName}`}
        </DialogDescription>
      </DialogHeader>
      <section aria-labelledby={`${id}-members`} className="space-y-2">
        <h3 id={`${id}-members`} className="text-sm font-semibold text-slate-900">
          In this subject class{members.data ? ` (${list.length})` : ''}
        </h3>
        {members.isPending ? (
          <LoadingSpinner />
        ) : members.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(members.error)}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-600">No learners yet.</p>
        ) : (
          <ul
            aria-label={`Learners in ${title}`}
            className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-100 text-sm"
          >
            {list.map((learner) => (
              <li key={learner.id} className="flex items-center justify-between gap-2 px-3 py-1.5">
                <span>
                  <span className="text-slate-900">{learnerName(learner)}</span>{' '}
                  <span className="text-xs text-slate-500">{learner.registerClassName ?? 'No class'}</span>
                </span>
                {editable && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${learnerName(learner)} from ${title}`}
                    disabled={remove.isPending}
                    onClick={() => void removeOne(learner.id, learnerName(learner))}
                  >
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {editable && members.data && (
        <section className="space-y-2">
          <LearnerPicker
            legend="Add learners"
            registerClassId={subjectClass.registerClassId}
            selected={picked}
            onChange={setPicked}
            exclude={memberIds}
          />
          <Button type="button" disabled={picked.length === 0 || add.isPending} onClick={() => void addPicked()}>
            Add {countLabel(picked.length)}
          </Button>
        </section>
      )}
      <Problem text={problem} />
    </DialogContent>
  );
}

const EMPTY: TSubjectClassFormValues = {
  subject: '' as TSubjectClassInput['subject'],
  teacherId: '',
  registerClassId: '',
  membership: 'register_class',
  groupName: '',
  learnerIds: [],
};

/** A new subject class: class, subject, teacher, and who takes it (the whole class or chosen learners). */
export function SubjectClassForm({ setup }: { setup: TTimetableSetup }) {
  const id = useId();
  const create = useCreateSubjectClass();
  const [problem, setProblem] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const form = useForm<TSubjectClassFormValues, unknown, TSubjectClassInput>({
    resolver: zodResolver(ZSubjectClassSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const [membership, registerClassId] = useWatch({ control: form.control, name: ['membership', 'registerClassId'] });
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const created = await create.mutateAsync(values);
      toast.success(
        `${subjectClassTitle(created)} added${created.membership === 'chosen' ? ` with ${countLabel(created.learnerCount)}` : ''}`,
      );
      form.reset(EMPTY);
      // New <select>s: each one shows its empty option again, whatever the browser kept selected.
      setRound((n) => n + 1);
    } catch (error) {
      if (
        !applyServerFieldErrors(error, form.setError, [
          'subject',
          'teacherId',
          'registerClassId',
          'membership',
          'groupName',
          'learnerIds',
        ])
      ) {
        setProblem(errorMessage(error));
      }
    }
  });
  const learnerError = errors.learnerIds?.message ?? errors.learnerIds?.root?.message;
  return (
    <form
      key={round}
      onSubmit={submit}
      noValidate
      className={cn(FORM_CLASS, 'items-start')}
      aria-label="Add a subject class"
    >
      <FormField id={`${id}-class`} label="Class" error={errors.registerClassId?.message} className="w-40">
        <Controller
          control={form.control}
          name="registerClassId"
          render={({ field: { ref: _ref, onChange, ...field } }) => (
            <NativeSelect
              {...field}
              onChange={(event) => {
                onChange(event.currentTarget.value);
                // Learners are chosen from the class's grade: another class starts the choice again.
                form.setValue('learnerIds', []);
              }}
            >
              <option value="">Choose a class</option>
              {setup.classes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          )}
        />
      </FormField>
      <FormField id={`${id}-subject`} label="Subject" error={errors.subject?.message} className="w-64">
        <Controller
          control={form.control}
          name="subject"
          render={({ field: { ref: _ref, ...field } }) => (
            <NativeSelect {...field}>
              <option value="">Choose a subject</option>
              {CAPS_SUBJECTS.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </NativeSelect>
          )}
        />
      </FormField>
      <FormField id={`${id}-teacher`} label="Teacher" error={errors.teacherId?.message} className="w-56">
        <TeacherSelect
          control={form.control}
          teachers={setup.teachers}
          first={<option value="">Choose a teacher</option>}
        />
      </FormField>
      <FormField
        id={`${id}-group`}
        label="Group name"
        optional
        hint="To tell groups of one subject apart"
        error={errors.groupName?.message}
        className="w-48"
      >
        <Controller
          control={form.control}
          name="groupName"
          render={({ field: { ref: _ref, value, ...field } }) => (
            <Input placeholder="Group A" value={value ?? ''} {...field} />
          )}
        />
      </FormField>
      <Controller
        control={form.control}
        name="membership"
        render={({ field }) => (
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium text-slate-900">Who takes it</legend>
            <div className="flex h-10 items-center gap-4">
              {SUBJECT_CLASS_MEMBERSHIPS.map((m) => (
                <label key={m} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name={`${id}-membership`}
                    className="size-4"
                    value={m}
                    checked={field.value === m}
                    onChange={() => {
                      field.onChange(m);
                      if (m === 'register_class') form.setValue('learnerIds', []);
                    }}
                  />
                  {SUBJECT_CLASS_MEMBERSHIP_LABELS[m]}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      />
      {membership === 'chosen' &&
        (registerClassId ? (
          <Controller
            control={form.control}
            name="learnerIds"
            render={({ field }) => (
              <LearnerPicker
                legend="Choose learners"
                registerClassId={registerClassId}
                selected={field.value ?? []}
                onChange={field.onChange}
                error={learnerError}
              />
            )}
          />
        ) : (
          <p className="w-full text-sm text-slate-600">
            Choose the class first: its grade’s learners can be chosen, from any class of the grade.
          </p>
        ))}
      <Button type="submit" disabled={isSubmitting}>
        Add subject class
      </Button>
      <Problem text={problem} />
    </form>
  );
}
