import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { GUARDIAN_RELATIONS } from '@sekolo/shared/constants/roles';
import { HOME_LANGUAGES, LEARNER_GENDERS, LEARNER_ID_TYPES } from '@sekolo/shared/schemas/school';
import type { TApplicationDetail, TApplicationDraft } from '@sekolo/shared/schemas/admissions';
import type { TUploadedFile } from '@sekolo/shared/schemas/uploads';
import { FileUpload } from '~/components/upload/file-upload';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { paths } from '~/config/paths';
import { DocumentLinks } from './document-links';
import { myApplicationQuery, useMyApplicationAction } from '../api/admissions-queries';
import { fieldsOf, formatDate, formatDateOfInstant, gradeName, problemOf } from '../lib/format';
import { StatusBadge } from './status-badge';

type TDraft = TApplicationDraft;

/**
 * A family's application: the draft form (the child, the guardian, the school's questions, the
 * documents), saved as a draft and submitted; then its status, the school's requests for further
 * documents, the offer to accept or decline, and its history.
 */
export function MyApplication({ applicationId }: { applicationId: string }) {
  const application = useQuery(myApplicationQuery(applicationId));
  if (application.isPending) return <LoadingSpinner className="py-12" label="Loading your application..." />;
  if (application.isError)
    return (
      <p role="alert" className="text-slate-700">
        {problemOf(application.error)}
      </p>
    );
  const app = application.data;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link to={paths.admissions.myApplications} className="text-sm text-brand-700 underline">
          My applications
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {app.childName ? `${app.childName}: ` : ''}
          {gradeName(app.grade)} at {app.schoolName}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <StatusBadge status={app.status} />
          <span>
            {app.roundName} · Reference {app.reference}
          </span>
        </p>
      </div>
      <OfferPanel app={app} />
      <OpenRequests app={app} />
      {app.status === 'draft' ? <DraftForm app={app} /> : <Submitted app={app} />}
    </div>
  );
}

function OfferPanel({ app }: { app: TApplicationDetail }) {
  const act = useMyApplicationAction(app.id);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  if (app.status === 'accepted')
    return (
      <Alert variant="success">
        <AlertTitle>You accepted the offer</AlertTitle>
        <AlertDescription>
          The school will now complete the enrolment. We will e-mail you when it is done.
        </AlertDescription>
      </Alert>
    );
  if (app.status === 'enrolled')
    return (
      <Alert variant="success">
        <AlertTitle>{app.childName} is enrolled</AlertTitle>
        <AlertDescription>
          You can see your child on your{' '}
          <Link className="underline" to={paths.dashboard.parent}>
            parent dashboard
          </Link>
          .
        </AlertDescription>
      </Alert>
    );
  if (app.status !== 'offered') return null;
  const run = async (what: 'accept' | 'decline') => {
    setBusy(true);
    setProblem('');
    try {
      await act[what]();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="border-emerald-300">
      <CardHeader>
        <CardTitle>The school offers {app.childName || 'your child'} a place</CardTitle>
        <CardDescription>
          {app.offerExpiresOn
            ? `Accept the offer by ${formatDate(app.offerExpiresOn)}, or it lapses.`
            : 'Accept or decline the offer.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button onClick={() => void run('accept')} disabled={busy}>
          Accept offer
        </Button>
        <Button variant="secondary" onClick={() => void run('decline')} disabled={busy}>
          Decline offer
        </Button>
        {problem && (
          <p role="alert" className="w-full text-sm text-red-700">
            {problem}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function OpenRequests({ app }: { app: TApplicationDetail }) {
  const act = useMyApplicationAction(app.id);
  const [problem, setProblem] = useState('');
  const open = app.requests.filter((r) => !r.fulfilledAt);
  if (open.length === 0) return null;
  return (
    <Card className="border-amber-300">
      <CardHeader>
        <CardTitle>The school asks for {open.length === 1 ? 'a document' : 'documents'}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        {open.map((request) => (
          <div key={request.id} className="space-y-2" data-testid="document-request">
            <p className="text-sm text-slate-800">
              <span className="font-semibold">{request.label}:</span> {request.note}
            </p>
            <FileUpload
              id={`request-${request.id}`}
              label={`Upload: ${request.label}`}
              required
              value={null}
              purpose="admission-document"
              onChange={(file) => {
                if (!file) return;
                setProblem('');
                act
                  .addDocument({ documentKey: 'request', uploadId: file.id, requestId: request.id })
                  .catch((error: unknown) => setProblem(problemOf(error)));
              }}
            />
          </div>
        ))}
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

const asFile = (d: TApplicationDetail['documents'][number]): TUploadedFile => ({
  id: d.uploadId,
  name: d.name,
  size: d.size,
  mimeType: d.mimeType as TUploadedFile['mimeType'],
});

function DraftForm({ app }: { app: TApplicationDetail }) {
  const navigate = useNavigate();
  const act = useMyApplicationAction(app.id);
  const [draft, setDraft] = useState<TDraft>(app.draft as TDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // Documents on their way: uploading, or uploaded and being put on the application.
  const [attaching, setAttaching] = useState(0);

  const child = (field: keyof TDraft['child']) => ({
    value: draft.child[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setDraft((d) => ({ ...d, child: { ...d.child, [field]: event.target.value } })),
  });
  const guardian = (field: keyof TDraft['guardian']) => ({
    value: draft.guardian[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setDraft((d) => ({ ...d, guardian: { ...d.guardian, [field]: event.target.value } as TDraft['guardian'] })),
  });
  const answer = (id: string, value: string) => setDraft((d) => ({ ...d, answers: { ...d.answers, [id]: value } }));

  async function save(then?: 'submit') {
    setBusy(true);
    setMessage(null);
    setErrors({});
    try {
      await act.save(draft);
      if (then === 'submit') {
        await act.submit();
        setMessage({
          tone: 'ok',
          text: 'Your application has been submitted. We will e-mail you when its status changes.',
        });
      } else {
        setMessage({ tone: 'ok', text: 'Draft saved. You can come back to it from your parent dashboard.' });
      }
    } catch (error) {
      setErrors(fieldsOf(error));
      setMessage({ tone: 'error', text: problemOf(error) });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await act.remove();
      navigate(paths.admissions.myApplications);
    } catch (error) {
      setMessage({ tone: 'error', text: problemOf(error) });
      setBusy(false);
    }
  }

  const docFor = (key: string) => app.documents.find((d) => d.documentKey === key) ?? null;
  return (
    <form
      className="space-y-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save('submit');
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle>The child</CardTitle>
          <CardDescription>As on the birth certificate or ID.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField id="child-first-name" label="Child's first name" error={errors['child.firstName']}>
            <Input {...child('firstName')} />
          </FormField>
          <FormField id="child-last-name" label="Child's last name" error={errors['child.lastName']}>
            <Input {...child('lastName')} />
          </FormField>
          <FormField id="child-preferred-name" label="Preferred name" optional error={errors['child.preferredName']}>
            <Input {...child('preferredName')} />
          </FormField>
          <FormField id="child-date-of-birth" label="Date of birth" error={errors['child.dateOfBirth']}>
            <Input type="date" {...child('dateOfBirth')} />
          </FormField>
          <FormField id="child-gender" label="Gender" error={errors['child.gender']}>
            <NativeSelect {...child('gender')}>
              <option value="">Choose...</option>
              {LEARNER_GENDERS.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="child-home-language" label="Home language" optional error={errors['child.homeLanguage']}>
            <NativeSelect {...child('homeLanguage')}>
              <option value="">Choose...</option>
              {HOME_LANGUAGES.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="child-id-type" label="Identity document" error={errors['child.idType']}>
            <NativeSelect {...child('idType')}>
              {LEARNER_ID_TYPES.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {draft.child.idType !== 'none' && (
            <FormField id="child-id-number" label="ID or passport number" error={errors['child.idNumber']}>
              <Input {...child('idNumber')} />
            </FormField>
          )}
          <FormField id="child-current-school" label="Current school" optional error={errors['child.currentSchool']}>
            <Input {...child('currentSchool')} />
          </FormField>
          <FormField
            id="child-address"
            label="Home address"
            optional
            className="sm:col-span-2"
            error={errors['child.address']}
          >
            <Textarea rows={2} {...child('address')} />
          </FormField>
          <FormField
            id="child-medical-notes"
            label="Medical notes and allergies"
            optional
            className="sm:col-span-2"
            error={errors['child.medicalNotes']}
          >
            <Textarea rows={2} {...child('medicalNotes')} />
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>You, the parent or guardian</CardTitle>
          <CardDescription>The school contacts you at {app.guardianEmail} and this number.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField id="guardian-first-name" label="Your first name" error={errors['guardian.firstName']}>
            <Input autoComplete="given-name" {...guardian('firstName')} />
          </FormField>
          <FormField id="guardian-last-name" label="Your last name" error={errors['guardian.lastName']}>
            <Input autoComplete="family-name" {...guardian('lastName')} />
          </FormField>
          <FormField id="guardian-phone" label="Phone number" error={errors['guardian.phone']}>
            <Input type="tel" autoComplete="tel" {...guardian('phone')} />
          </FormField>
          <FormField id="guardian-relation" label="Relation to the child" error={errors['guardian.relation']}>
            <NativeSelect {...guardian('relation')}>
              {GUARDIAN_RELATIONS.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </CardContent>
      </Card>

      {app.round.questions.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>The school's questions</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {app.round.questions.map((q) => (
              <FormField
                key={q.id}
                id={`answer-${q.id}`}
                label={q.label}
                optional={!q.required}
                error={errors[`answers.${q.id}`]}
              >
                {q.kind === 'text' ? (
                  <Textarea rows={2} value={draft.answers[q.id] ?? ''} onChange={(e) => answer(q.id, e.target.value)} />
                ) : (
                  <NativeSelect value={draft.answers[q.id] ?? ''} onChange={(e) => answer(q.id, e.target.value)}>
                    <option value="">Choose...</option>
                    {(q.kind === 'yes_no' ? ['yes', 'no'] : q.options).map((o) => (
                      <option key={o} value={o}>
                        {q.kind === 'yes_no' ? (o === 'yes' ? 'Yes' : 'No') : o}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            ))}
          </CardContent>
        </Card>
      )}

      {app.round.documents.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Documents</CardTitle>
            <CardDescription>Only you and the school's admissions staff can open them.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-5">
            {app.round.documents.map((d) => {
              const saved = docFor(d.id);
              return (
                <FileUpload
                  key={d.id}
                  id={`document-${d.id}`}
                  label={d.label}
                  required={d.required}
                  value={saved ? asFile(saved) : null}
                  purpose="admission-document"
                  error={errors[`documents.${d.id}`]}
                  // Submitting waits for a file still uploading too: sent without it, the school's
                  // check would ask for a document the page already shows.
                  onBusyChange={(uploading) => setAttaching((n) => n + (uploading ? 1 : -1))}
                  onChange={(file) => {
                    // Submitting waits until the file is on the application, not only uploaded.
                    setAttaching((n) => n + 1);
                    const done = file
                      ? act.addDocument({ documentKey: d.id, uploadId: file.id })
                      : saved
                        ? act.removeDocument(saved.id)
                        : Promise.resolve(null);
                    done
                      .catch((error: unknown) => setMessage({ tone: 'error', text: problemOf(error) }))
                      .finally(() => setAttaching((n) => n - 1));
                  }}
                />
              );
            })}
          </CardContent>
        </Card>
      )}

      <Card>
        <CardContent className="space-y-3 pt-6">
          <p className="text-sm text-slate-600">
            You consented on {formatDateOfInstant(app.consent.givenAt)}: {app.consent.text}
          </p>
          {message && (
            <p
              role={message.tone === 'error' ? 'alert' : 'status'}
              className={message.tone === 'error' ? 'text-sm text-red-700' : 'text-sm text-emerald-800'}
            >
              {message.text}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy || attaching > 0}>
              Submit application
            </Button>
            <Button type="button" variant="secondary" disabled={busy || attaching > 0} onClick={() => void save()}>
              Save draft
            </Button>
            <Button type="button" variant="ghost" disabled={busy} onClick={() => void remove()}>
              Delete draft
            </Button>
          </div>
        </CardContent>
      </Card>
    </form>
  );
}

function Submitted({ app }: { app: TApplicationDetail }) {
  const c = app.draft.child;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {app.status === 'submitted' && (
        <Alert variant="success" role="status" className="md:col-span-2">
          <AlertDescription>
            Your application has been submitted. We will e-mail you when its status changes.
          </AlertDescription>
        </Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Your application</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Child</dt>
            <dd>{app.childName}</dd>
            <dt className="text-slate-600">Date of birth</dt>
            <dd>{c.dateOfBirth ? formatDate(c.dateOfBirth) : ''}</dd>
            <dt className="text-slate-600">Grade</dt>
            <dd>{gradeName(app.grade)}</dd>
            <dt className="text-slate-600">Submitted</dt>
            <dd>{app.submittedAt ? formatDateOfInstant(app.submittedAt) : ''}</dd>
            {app.waitlistPosition && (
              <>
                <dt className="text-slate-600">Waiting list</dt>
                <dd>Number {app.waitlistPosition}</dd>
              </>
            )}
          </dl>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">Documents</h3>
          <DocumentLinks documents={app.documents} className="mt-2" />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>History</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="space-y-3 text-sm" data-testid="application-history">
            {app.history.map((h, i) => (
              <li key={i}>
                <StatusBadge status={h.status} /> <span className="text-slate-600">{formatDateOfInstant(h.at)}</span>
                {h.note && <p className="mt-1 text-slate-700">{h.note}</p>}
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}
