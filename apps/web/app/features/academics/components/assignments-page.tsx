import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LATE_POLICIES, ZAssignmentCreate, type TLatePolicy } from '@sekolo/shared/schemas/assessment';
import type { TUploadedFile } from '@sekolo/shared/schemas/uploads';
import { FileUpload } from '~/components/upload/file-upload';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { CheckboxField, FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { paths } from '~/config/paths';
import { applyFieldMessages, fieldMessagesOf } from '../lib/form-errors';
import { errorMessage } from '~/lib/server-field-errors';
import { markableClassesQuery, programmeQuery } from '../api/assessment-queries';
import { ASSIGNMENTS_KEY, createAssignment, teacherAssignmentsQuery } from '../api/assignment-queries';
import { currentYearTerm, formatDateTime, localToIso } from '../lib/dates';
import { uploadedFileUrl } from '~/lib/upload-file';

/** /dashboard/school/assignments: set an assignment for one's subject classes, and the list to mark. */
export function AssignmentsPage() {
  const id = useId();
  const assignments = useQuery(teacherAssignmentsQuery);
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Assignments</h1>
      <section aria-labelledby={`${id}-new`} className="space-y-4">
        <h2 id={`${id}-new`} className="text-lg font-semibold text-slate-900">
          Set an assignment
        </h2>
        <NewAssignmentForm />
      </section>
      <section aria-labelledby={`${id}-list`} className="space-y-4">
        <h2 id={`${id}-list`} className="text-lg font-semibold text-slate-900">
          Set assignments
        </h2>
        {assignments.isPending ? (
          <LoadingSpinner />
        ) : assignments.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(assignments.error)}
          </p>
        ) : assignments.data.length === 0 ? (
          <p className="text-sm text-slate-600">No assignments yet. Those you set appear here to mark.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {assignments.data.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                <div className="mr-auto min-w-0">
                  <p className="font-medium text-slate-900">
                    <Link to={paths.school.assignment(a.id)} className="underline-offset-2 hover:underline">
                      {a.title}
                    </Link>{' '}
                    <span className="font-normal text-slate-600">· {a.subjectClassTitle}</span>
                  </p>
                  <p className="text-sm text-slate-600">
                    Due {formatDateTime(a.dueAt)} · {a.submitted} of {a.learners} submitted · {a.marked} marked
                    {a.taskName ? ` · counts as ${a.taskName}` : ''}
                  </p>
                  {a.attachments.length > 0 && (
                    <ul className="text-sm">
                      {a.attachments.map((f) => (
                        <li key={f.id}>
                          <a href={uploadedFileUrl(f.id)} className="text-brand-800 underline">
                            {f.name}
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                {a.releasedAt ? <Badge>Marks released</Badge> : <Badge variant="neutral">Not released</Badge>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

type TFormValues = {
  title: string;
  instructions: string;
  subjectClassIds: string[];
  dueAt: string;
  totalMarks: string;
  latePolicy: TLatePolicy;
  attachment: TUploadedFile | null;
  /** The programme task the marks count for ('' when not a formal assessment task). */
  taskId: string;
};

const EMPTY: TFormValues = {
  title: '',
  instructions: '',
  subjectClassIds: [],
  dueAt: '',
  totalMarks: '',
  latePolicy: 'accept_late',
  attachment: null,
  taskId: '',
};

function NewAssignmentForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const classes = useQuery(markableClassesQuery);
  const [values, setValues] = useState<TFormValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const set = <K extends keyof TFormValues>(key: K, value: TFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  // A formal task belongs to one grade's and subject's programme: the chosen classes must share them.
  const chosen = (classes.data ?? []).filter((c) => values.subjectClassIds.includes(c.id));
  const shared =
    chosen.length > 0 && chosen.every((c) => c.grade === chosen[0]!.grade && c.subject === chosen[0]!.subject)
      ? { grade: chosen[0]!.grade, subject: chosen[0]!.subject }
      : null;
  const { year } = currentYearTerm();
  const programme = useQuery({
    ...programmeQuery(year, shared?.grade ?? 0, shared?.subject ?? ''),
    enabled: shared !== null,
  });
  const tasks = shared ? (programme.data?.tasks ?? []) : [];
  // A task of another programme is dropped when the classes change.
  const taskId = tasks.some((t) => t.id === values.taskId) ? values.taskId : '';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = {
      subjectClassIds: values.subjectClassIds,
      title: values.title,
      instructions: values.instructions,
      attachmentIds: values.attachment ? [values.attachment.id] : [],
      dueAt: localToIso(values.dueAt),
      totalMarks: values.totalMarks,
      taskId: taskId || null,
      latePolicy: values.latePolicy,
    };
    const parsed = ZAssignmentCreate.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldMessagesOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer = await createAssignment(parsed.data);
      toast.success(
        answer.assignments.length === 1
          ? `Assignment set for ${answer.assignments[0]!.subjectClassTitle}.`
          : `Assignment set for ${answer.assignments.length} classes.`,
      );
      setValues(EMPTY);
      setFormKey((k) => k + 1);
      await queryClient.invalidateQueries({ queryKey: ASSIGNMENTS_KEY });
    } catch (error) {
      if (!applyFieldMessages(error, setErrors)) toast.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  if (classes.isPending) return <LoadingSpinner />;
  if (classes.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(classes.error)}
      </p>
    );
  if (classes.data.length === 0)
    return <p className="text-sm text-slate-600">You have no subject classes to set work for yet.</p>;

  return (
    <form
      key={formKey}
      noValidate
      aria-label="Set an assignment"
      onSubmit={submit}
      className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <FormField id={`${id}-title`} label="Title" error={errors.title}>
        <Input value={values.title} maxLength={120} onChange={(e) => set('title', e.target.value)} />
      </FormField>
      <FormField id={`${id}-instructions`} label="Instructions" optional error={errors.instructions}>
        <Textarea rows={4} value={values.instructions} onChange={(e) => set('instructions', e.target.value)} />
      </FormField>
      <fieldset className="space-y-2" aria-describedby={errors.subjectClassIds ? `${id}-classes-error` : undefined}>
        <legend className="text-sm font-medium text-slate-900">Subject classes</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {classes.data.map((c) => (
            <CheckboxField
              key={c.id}
              id={`${id}-class-${c.id}`}
              label={c.title}
              checked={values.subjectClassIds.includes(c.id)}
              onChange={(e) =>
                set(
                  'subjectClassIds',
                  e.target.checked
                    ? [...values.subjectClassIds, c.id]
                    : values.subjectClassIds.filter((other) => other !== c.id),
                )
              }
            />
          ))}
        </div>
        {errors.subjectClassIds && (
          <p id={`${id}-classes-error`} className="text-sm text-red-700">
            {errors.subjectClassIds}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-due`} label="Due date and time" error={errors.dueAt}>
          <Input type="datetime-local" value={values.dueAt} onChange={(e) => set('dueAt', e.target.value)} />
        </FormField>
        <FormField id={`${id}-total`} label="Total marks" error={errors.totalMarks}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            value={values.totalMarks}
            onChange={(e) => set('totalMarks', e.target.value)}
          />
        </FormField>
      </div>
      <FormField id={`${id}-late`} label="Late work" error={errors.latePolicy}>
        <NativeSelect
          value={values.latePolicy}
          onChange={(e) => set('latePolicy', LATE_POLICIES.find((p) => p.id === e.target.value)?.id ?? 'accept_late')}
        >
          {LATE_POLICIES.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id={`${id}-task`}
        label="Formal assessment task"
        optional
        hint={
          shared
            ? `When you release the marks, each one fills this task's empty cell in the ${year} gradebook, scaled to the task's total.`
            : chosen.length > 1
              ? 'Only classes of one grade and subject share a programme of assessment.'
              : 'Choose a subject class to link the work to its programme of assessment.'
        }
        error={errors.taskId}
      >
        <NativeSelect
          value={taskId}
          disabled={!shared || programme.isPending}
          onChange={(e) => set('taskId', e.target.value)}
        >
          <option value="">Not a formal assessment task</option>
          {tasks.map((t) => (
            <option key={t.id} value={t.id}>
              Term {t.term}: {t.name} ({t.maxMark} marks)
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FileUpload
        id={`${id}-attachment`}
        label="Attachment"
        required={false}
        value={values.attachment}
        onChange={(file) => set('attachment', file)}
        purpose="assignment"
      />
      <Button type="submit" disabled={sending}>
        {sending ? 'Setting…' : 'Set assignment'}
      </Button>
    </form>
  );
}
