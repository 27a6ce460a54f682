import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { HOME_LANGUAGES, LEARNER_GENDERS } from '@sekolo/shared/schemas/school';
import { GUARDIAN_RELATIONS } from '@sekolo/shared/constants/roles';
import {
  SCHOOL_SET_STATUSES,
  SCHOOL_TRANSITIONS,
  type TAdmissionStatus,
  type TSchoolApplicationDetail,
} from '@sekolo/shared/schemas/admissions';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { Textarea } from '~/components/ui/textarea';
import { paths } from '~/config/paths';
import { DocumentLinks } from './document-links';
import { schoolApplicationQuery, useReviewActions } from '../api/admissions-queries';
import { fieldsOf, formatDate, formatDateOfInstant, gradeName, problemOf } from '../lib/format';
import { StatusBadge } from './status-badge';
import { STATUS_ACTION_LABEL } from './school-admissions';

const labelOf = (list: readonly { id: string; label: string }[], id: string) =>
  list.find((x) => x.id === id)?.label ?? id;

/** One application as the school reviews it: the details, the documents, requests, notes and acts. */
export function SchoolApplication({ applicationId }: { applicationId: string }) {
  const query = useQuery(schoolApplicationQuery(applicationId));
  if (query.isPending) return <LoadingSpinner className="py-12" label="Loading the application..." />;
  if (query.isError)
    return (
      <p role="alert" className="text-red-800">
        {problemOf(query.error)}
      </p>
    );
  const app = query.data;
  const c = app.draft.child;
  const g = app.draft.guardian;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link to={paths.admissions.school} className="text-sm text-brand-700 underline">
          All applications
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {app.childName}: {gradeName(app.grade)}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <StatusBadge status={app.status} />
          <span>
            {app.roundName} · {app.reference}
            {app.waitlistPosition ? ` · number ${app.waitlistPosition} on the waiting list` : ''}
            {app.offerExpiresOn && app.status === 'offered'
              ? ` · offer open until ${formatDate(app.offerExpiresOn)}`
              : ''}
          </span>
        </p>
      </div>
      <Actions app={app} />
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Child and guardian</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-600">Child</dt>
              <dd>
                {app.childName}
                {c.preferredName ? ` (${c.preferredName})` : ''}
              </dd>
              <dt className="text-slate-600">Date of birth</dt>
              <dd>{c.dateOfBirth ? formatDate(c.dateOfBirth) : ''}</dd>
              <dt className="text-slate-600">Gender</dt>
              <dd>{labelOf(LEARNER_GENDERS, c.gender)}</dd>
              <dt className="text-slate-600">Home language</dt>
              <dd>{c.homeLanguage ? labelOf(HOME_LANGUAGES, c.homeLanguage) : 'Not given'}</dd>
              <dt className="text-slate-600">Current school</dt>
              <dd>{c.currentSchool || 'Not given'}</dd>
              <dt className="text-slate-600">Address</dt>
              <dd>{c.address || 'Not given'}</dd>
              {c.medicalNotes && (
                <>
                  <dt className="text-slate-600">Medical notes</dt>
                  <dd>{c.medicalNotes}</dd>
                </>
              )}
              <dt className="text-slate-600">Guardian</dt>
              <dd>
                {g.firstName} {g.lastName} ({labelOf(GUARDIAN_RELATIONS, g.relation)})
              </dd>
              <dt className="text-slate-600">Contact</dt>
              <dd>
                {app.guardianEmail} · {g.phone}
              </dd>
              <dt className="text-slate-600">Consent</dt>
              <dd>
                Given online on {formatDateOfInstant(app.consent.givenAt)} (policy {app.consent.policyVersion})
              </dd>
            </dl>
            {app.round.questions.length > 0 && (
              <>
                <h3 className="mt-4 text-sm font-semibold text-slate-900">Answers</h3>
                <dl className="mt-1 space-y-1 text-sm">
                  {app.round.questions.map((q) => (
                    <div key={q.id}>
                      <dt className="text-slate-600">{q.label}</dt>
                      <dd>
                        {app.draft.answers[q.id] === 'yes'
                          ? 'Yes'
                          : app.draft.answers[q.id] === 'no'
                            ? 'No'
                            : app.draft.answers[q.id] || 'Not answered'}
                      </dd>
                    </div>
                  ))}
                </dl>
              </>
            )}
          </CardContent>
        </Card>
        <Documents app={app} />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <Notes app={app} />
        <Card>
          <CardHeader>
            <CardTitle>History</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="space-y-3 text-sm">
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
    </div>
  );
}

function Actions({ app }: { app: TSchoolApplicationDetail }) {
  const actions = useReviewActions();
  const [offerExpiresOn, setOfferExpiresOn] = useState('');
  const [admissionNumber, setAdmissionNumber] = useState(app.suggestedAdmissionNumber);
  const [position, setPosition] = useState(String(app.waitlistPosition ?? 1));
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string; learnerId?: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const run = async (what: () => Promise<unknown>, ok: string) => {
    setBusy(true);
    setMessage(null);
    setErrors({});
    try {
      const result = await what();
      setMessage({ tone: 'ok', text: ok, learnerId: typeof result === 'string' ? result : undefined });
    } catch (error) {
      setErrors(fieldsOf(error));
      setMessage({ tone: 'error', text: problemOf(error) });
    } finally {
      setBusy(false);
    }
  };
  const possible = SCHOOL_SET_STATUSES.filter((s) => SCHOOL_TRANSITIONS[s].includes(app.status as TAdmissionStatus));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Decide</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {possible.length > 0 && (
          <div className="flex flex-wrap items-end gap-3">
            {possible.includes('offered') && (
              <FormField
                id="offer-date"
                label="Offer open until"
                optional
                hint={`Default: ${app.round.offerDays} days from today`}
              >
                <Input type="date" value={offerExpiresOn} onChange={(e) => setOfferExpiresOn(e.target.value)} />
              </FormField>
            )}
            {possible.map((s) => (
              <Button
                key={s}
                variant={s === 'declined' ? 'destructive' : s === 'offered' ? 'primary' : 'secondary'}
                disabled={busy}
                onClick={() =>
                  void run(
                    () =>
                      actions.changeStatus({
                        ids: [app.id],
                        status: s,
                        offerExpiresOn: s === 'offered' ? offerExpiresOn || undefined : undefined,
                        note: '',
                      }),
                    'Done. The family has been e-mailed.',
                  )
                }
              >
                {STATUS_ACTION_LABEL[s]}
              </Button>
            ))}
          </div>
        )}
        {app.status === 'waitlisted' && (
          <div className="flex flex-wrap items-end gap-3">
            <FormField id="waitlist-position" label="Place on the waiting list">
              <Input
                inputMode="numeric"
                className="w-24"
                value={position}
                onChange={(e) => setPosition(e.target.value)}
              />
            </FormField>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() =>
                void run(() => actions.moveOnWaitlist(app.id, Number(position)), 'Moved on the waiting list.')
              }
            >
              Move
            </Button>
          </div>
        )}
        {app.status === 'accepted' && (
          <div className="flex flex-wrap items-end gap-3">
            <FormField id="enrol-admission-number" label="Admission number" error={errors.admissionNumber}>
              <Input value={admissionNumber} onChange={(e) => setAdmissionNumber(e.target.value)} />
            </FormField>
            <Button
              disabled={busy}
              onClick={() =>
                void run(
                  () => actions.enrol(app.id, { admissionNumber }),
                  `${app.childName} is enrolled, with the guardian linked and their consent recorded.`,
                )
              }
            >
              Enrol learner
            </Button>
          </div>
        )}
        {app.status === 'enrolled' && app.learnerId && (
          <p className="text-sm">
            <Link className="text-brand-700 underline" to={paths.school.learner(app.learnerId)}>
              Open the learner's record
            </Link>
          </p>
        )}
        {possible.length === 0 &&
          app.status !== 'waitlisted' &&
          app.status !== 'accepted' &&
          app.status !== 'enrolled' && (
            <p className="text-sm text-slate-600">
              Nothing to decide: the application is {app.status.replace('_', ' ')}.
            </p>
          )}
        {message && (
          <p
            role={message.tone === 'error' ? 'alert' : 'status'}
            className={message.tone === 'error' ? 'text-sm text-red-700' : 'text-sm text-emerald-800'}
          >
            {message.text}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function Documents({ app }: { app: TSchoolApplicationDetail }) {
  const actions = useReviewActions();
  const [label, setLabel] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const canRequest = ['submitted', 'under_review', 'documents_requested', 'waitlisted'].includes(app.status);
  async function request(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    setProblem('');
    try {
      await actions.requestDocument(app.id, { label, note });
      setLabel('');
      setNote('');
    } catch (error) {
      setErrors(fieldsOf(error));
      setProblem(problemOf(error));
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Documents</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <DocumentLinks documents={app.documents} testId="application-documents" />
        {app.requests.length > 0 && (
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Requested</h3>
            <ul className="mt-1 space-y-1 text-sm">
              {app.requests.map((r) => (
                <li key={r.id}>
                  {r.label}:{' '}
                  {r.fulfilledAt ? `uploaded ${formatDateOfInstant(r.fulfilledAt)}` : 'waiting for the family'}
                </li>
              ))}
            </ul>
          </div>
        )}
        {canRequest && (
          <form className="space-y-3" onSubmit={request} noValidate>
            <h3 className="text-sm font-semibold text-slate-900">Ask for another document</h3>
            <FormField id="request-label" label="Document" error={errors.label}>
              <Input value={label} onChange={(e) => setLabel(e.target.value)} />
            </FormField>
            <FormField id="request-note" label="Note to the family" error={errors.note}>
              <Textarea rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
            </FormField>
            {problem && (
              <p role="alert" className="text-sm text-red-700">
                {problem}
              </p>
            )}
            <Button type="submit" variant="secondary">
              Request document
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function Notes({ app }: { app: TSchoolApplicationDetail }) {
  const actions = useReviewActions();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState('');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notes</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-slate-600">Only the school's staff see these.</p>
        <ul className="space-y-2 text-sm">
          {app.notes.map((n) => (
            <li key={n.id}>
              <p>{n.body}</p>
              <p className="text-xs text-slate-500">
                {n.author}, {formatDateOfInstant(n.at)}
              </p>
            </li>
          ))}
        </ul>
        <form
          className="space-y-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setProblem('');
            actions
              .addNote(app.id, body)
              .then(() => setBody(''))
              .catch((error: unknown) => setProblem(problemOf(error)));
          }}
        >
          <FormField id="note-body" label="Add a note" error={problem}>
            <Textarea rows={2} value={body} onChange={(e) => setBody(e.target.value)} />
          </FormField>
          <Button type="submit" variant="secondary" size="sm">
            Save note
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
