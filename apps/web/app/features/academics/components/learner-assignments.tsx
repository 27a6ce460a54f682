import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ZSubmissionSave, type TLearnerAssignment } from '@sekolo/shared/schemas/assessment';
import type { TUploadedFile } from '@sekolo/shared/schemas/uploads';
import { FileUpload } from '~/components/upload/file-upload';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { Textarea } from '~/components/ui/textarea';
import { uploadedFileUrl } from '~/lib/upload-file';
import { errorMessage } from '~/lib/server-field-errors';
import {
  ASSIGNMENTS_KEY,
  myAssignmentsQuery,
  myChildrenAssignmentsQuery,
  submitAssignment,
} from '../api/assignment-queries';
import { resultText } from '../lib/assignment-marks';
import { formatDateTime } from '../lib/dates';
import { fieldMessagesOf } from '../lib/form-errors';

const STATUS_LABELS: Record<TLearnerAssignment['status'], { label: string; variant: 'brand' | 'accent' | 'neutral' }> =
  {
    open: { label: 'To do', variant: 'neutral' },
    submitted: { label: 'Submitted', variant: 'brand' },
    late: { label: 'Submitted late', variant: 'accent' },
    missing: { label: 'Missing', variant: 'accent' },
    released: { label: 'Marked', variant: 'brand' },
  };

/** /dashboard/student/assignments for a learner: what is set, handing it in, and released results. */
export function LearnerAssignments() {
  const assignments = useQuery(myAssignmentsQuery);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Student Assignments</h1>
      {assignments.isPending ? (
        <LoadingSpinner />
      ) : assignments.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(assignments.error)}
        </p>
      ) : assignments.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="font-semibold text-slate-900">No assignments yet</p>
          <p className="mt-1 text-sm text-slate-600">Work your teachers set appears here with its due date.</p>
        </div>
      ) : (
        <ul className="space-y-4">
          {assignments.data.map((a) => (
            <li key={a.id}>
              <AssignmentCard assignment={a} canSubmit />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The parent dashboard's section: each child's assignments and the released results. */
export function ChildrenAssignments() {
  const id = useId();
  const assignments = useQuery(myChildrenAssignmentsQuery);
  if (assignments.isPending || assignments.isError || assignments.data.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Assignments
      </h2>
      <ul className="space-y-3">
        {assignments.data.map((a) => (
          <li key={`${a.learnerId}:${a.id}`}>
            <AssignmentCard assignment={a} showLearner />
          </li>
        ))}
      </ul>
    </section>
  );
}

function AssignmentCard({
  assignment: a,
  canSubmit = false,
  showLearner = false,
}: {
  assignment: TLearnerAssignment;
  canSubmit?: boolean;
  showLearner?: boolean;
}) {
  const status = STATUS_LABELS[a.status];
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start gap-2">
        <div className="mr-auto min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {showLearner ? `${a.learnerName}: ` : ''}
            {a.title}
          </h3>
          <p className="text-sm text-slate-600">
            {a.subjectLabel} · {a.teacherName} · due {formatDateTime(a.dueAt)} · out of {a.totalMarks}
          </p>
        </div>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      {a.instructions && <p className="text-sm whitespace-pre-wrap text-slate-800">{a.instructions}</p>}
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
      {a.mark !== null && (
        <div className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          <p className="font-semibold">Mark: {resultText(a.mark, a.totalMarks)}</p>
          {a.comment && <p className="mt-1 whitespace-pre-wrap">Feedback: {a.comment}</p>}
        </div>
      )}
      {a.submission && (
        <p className="text-sm text-slate-600">
          Handed in {formatDateTime(a.submission.submittedAt)}
          {a.submission.late ? ' (late)' : ''}
        </p>
      )}
      {canSubmit && a.status !== 'released' && a.status !== 'missing' && <SubmissionForm assignment={a} />}
    </article>
  );
}

function SubmissionForm({ assignment }: { assignment: TLearnerAssignment }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState(assignment.submission?.text ?? '');
  const [file, setFile] = useState<TUploadedFile | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZSubmissionSave.safeParse({ text, uploadIds: file ? [file.id] : [] });
    if (!parsed.success) {
      setErrors(fieldMessagesOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await submitAssignment(assignment.id, parsed.data);
      toast.success('Your work is handed in.');
      await queryClient.invalidateQueries({ queryKey: ASSIGNMENTS_KEY });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label={`Hand in ${assignment.title}`} className="space-y-3">
      <FormField id={`${id}-text`} label="Your answer" error={errors.text}>
        <Textarea rows={4} value={text} onChange={(e) => setText(e.target.value)} />
      </FormField>
      <FileUpload
        id={`${id}-file`}
        label="Attach a file"
        required={false}
        value={file}
        onChange={setFile}
        purpose="submission"
      />
      <Button type="submit" disabled={sending}>
        {sending ? 'Handing in…' : assignment.submission ? 'Hand in again' : 'Hand in'}
      </Button>
    </form>
  );
}
