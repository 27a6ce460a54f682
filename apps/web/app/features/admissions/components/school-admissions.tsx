import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ADMISSION_STATUSES,
  SCHOOL_SET_STATUSES,
  type TAdmissionRound,
  type TAdmissionStatus,
  type TSchoolSetStatus,
} from '@sekolo/shared/schemas/admissions';
import type { TSchoolGrade } from '@sekolo/shared/constants/enumerations';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { paths } from '~/config/paths';
import {
  applicationsCsvUrl,
  applicationsQuery,
  roundsQuery,
  useReviewActions,
  type TApplicationFilter,
} from '../api/admissions-queries';
import { admissionStatusLabel, formatDate, formatDateOfInstant, gradeName, problemOf } from '../lib/format';
import { RoundForm } from './round-form';
import { StatusBadge } from './status-badge';

export const STATUS_ACTION_LABEL: Record<TSchoolSetStatus, string> = {
  under_review: 'Mark under review',
  offered: 'Offer a place',
  waitlisted: 'Add to waiting list',
  declined: 'Decline',
};

/** The school's admissions: its link to share, its rounds, and the applications to review. */
export function SchoolAdmissions() {
  const rounds = useQuery(roundsQuery);
  const [editing, setEditing] = useState<TAdmissionRound | 'new' | null>(null);
  if (rounds.isPending) return <LoadingSpinner className="py-12" label="Loading admissions..." />;
  if (rounds.isError)
    return (
      <p role="alert" className="text-red-800">
        {problemOf(rounds.error)}
      </p>
    );
  const link =
    typeof window === 'undefined' ? rounds.data.publicPath : `${window.location.origin}${rounds.data.publicPath}`;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Admissions</h1>
      <ShareLink link={link} path={rounds.data.publicPath} />
      {editing ? (
        <RoundForm round={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
      ) : (
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
            <CardTitle>Admission rounds</CardTitle>
            <Button size="sm" onClick={() => setEditing('new')}>
              New round
            </Button>
          </CardHeader>
          <CardContent>
            {rounds.data.rounds.length === 0 ? (
              <p className="text-sm text-slate-600">No rounds yet. Open one to take applications online.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {rounds.data.rounds.map((r) => (
                  <li
                    key={r.id}
                    className="flex flex-wrap items-center justify-between gap-3 py-3"
                    data-testid="school-round"
                  >
                    <div>
                      <p className="font-semibold text-slate-900">
                        {r.name} {r.open ? <span className="text-sm font-normal text-emerald-700">(open)</span> : null}
                      </p>
                      <p className="text-sm text-slate-600">
                        {formatDate(r.opensOn)} to {formatDate(r.closesOn)} ·{' '}
                        {r.grades
                          .map(
                            (g) =>
                              `${gradeName(g.grade)}: ${g.held} of ${g.places} places offered, ${g.applications} applications`,
                          )
                          .join('; ')}
                      </p>
                    </div>
                    <Button size="sm" variant="secondary" onClick={() => setEditing(r)}>
                      Edit
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      )}
      {rounds.data.rounds.length > 0 && <Applications rounds={rounds.data.rounds} />}
    </div>
  );
}

/** The school's public admissions link, to put on its website and in its newsletters. */
export function ShareLink({ link, path }: { link: string; path: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center gap-3 pt-6">
        <p className="text-sm text-slate-700">
          Families apply at{' '}
          <Link className="font-semibold text-brand-700 underline" to={path} data-testid="admissions-link">
            {link}
          </Link>
        </p>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </CardContent>
    </Card>
  );
}

function Applications({ rounds }: { rounds: TAdmissionRound[] }) {
  const [filter, setFilter] = useState<TApplicationFilter>({ roundId: rounds[0]!.id });
  const list = useQuery({ ...applicationsQuery(filter), placeholderData: keepPreviousData });
  const actions = useReviewActions();
  const [selected, setSelected] = useState<string[]>([]);
  const [status, setStatus] = useState<TSchoolSetStatus>('under_review');
  const [offerExpiresOn, setOfferExpiresOn] = useState('');
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const round = rounds.find((r) => r.id === filter.roundId);
  const set = (patch: Partial<TApplicationFilter>) => {
    setSelected([]);
    setFilter((f) => ({ ...f, ...patch }));
  };

  async function apply() {
    setMessage(null);
    try {
      const changed = await actions.changeStatus({
        ids: selected,
        status,
        offerExpiresOn: offerExpiresOn || undefined,
        note,
      });
      setSelected([]);
      setNote('');
      setMessage({
        tone: 'ok',
        text: `${changed} application${changed === 1 ? '' : 's'} marked ${admissionStatusLabel(status).toLowerCase()}. The families have been e-mailed.`,
      });
    } catch (error) {
      setMessage({ tone: 'error', text: problemOf(error) });
    }
  }

  const rows = list.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Applications</CardTitle>
        <CardDescription>Waitlisted applications are listed in the order of the waiting list.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-4">
          <FormField id="filter-round" label="Round">
            <NativeSelect value={filter.roundId ?? ''} onChange={(e) => set({ roundId: e.target.value || undefined })}>
              {rounds.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="filter-grade" label="Grade">
            <NativeSelect
              value={filter.grade ?? ''}
              onChange={(e) => set({ grade: (e.target.value || undefined) as TSchoolGrade | undefined })}
            >
              <option value="">All grades</option>
              {(round?.grades ?? []).map((g) => (
                <option key={g.grade} value={g.grade}>
                  {gradeName(g.grade)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="filter-status" label="Status">
            <NativeSelect
              value={filter.status ?? ''}
              onChange={(e) => set({ status: (e.target.value || undefined) as TAdmissionStatus | undefined })}
            >
              <option value="">All statuses</option>
              {ADMISSION_STATUSES.filter((s) => s.id !== 'draft').map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="filter-search" label="Search">
            <Input
              placeholder="Child's name or reference"
              value={filter.search ?? ''}
              onChange={(e) => set({ search: e.target.value || undefined })}
            />
          </FormField>
        </div>
        <div className="flex flex-wrap items-end gap-3 rounded-lg bg-slate-50 p-3">
          <FormField id="bulk-status" label={`With ${selected.length} selected`}>
            <NativeSelect value={status} onChange={(e) => setStatus(e.target.value as TSchoolSetStatus)}>
              {SCHOOL_SET_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_ACTION_LABEL[s]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {status === 'offered' && (
            <FormField
              id="bulk-offer-date"
              label="Accept by"
              hint={`Default: ${round?.offerDays ?? 14} days from today`}
            >
              <Input type="date" value={offerExpiresOn} onChange={(e) => setOfferExpiresOn(e.target.value)} />
            </FormField>
          )}
          <FormField id="bulk-note" label="Note to the families" optional>
            <Input value={note} onChange={(e) => setNote(e.target.value)} />
          </FormField>
          <Button disabled={selected.length === 0} onClick={() => void apply()}>
            Apply
          </Button>
          <a className="text-sm text-brand-700 underline" href={applicationsCsvUrl(filter)}>
            Export CSV
          </a>
        </div>
        {message && (
          <p
            role={message.tone === 'error' ? 'alert' : 'status'}
            className={message.tone === 'error' ? 'text-sm text-red-700' : 'text-sm text-emerald-800'}
          >
            {message.text}
          </p>
        )}
        {list.isPending ? (
          <LoadingSpinner className="py-6" label="Loading applications..." />
        ) : list.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {problemOf(list.error)}
          </p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-slate-600">No applications match.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th className="py-2 pr-2">
                    <input
                      type="checkbox"
                      aria-label="Select all applications"
                      checked={selected.length === rows.length}
                      onChange={(e) => setSelected(e.target.checked ? rows.map((r) => r.id) : [])}
                    />
                  </th>
                  <th className="py-2 pr-3">Child</th>
                  <th className="py-2 pr-3">Grade</th>
                  <th className="py-2 pr-3">Status</th>
                  <th className="py-2 pr-3">Submitted</th>
                  <th className="py-2 pr-3">Reference</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((a) => (
                  <tr key={a.id} className="border-b border-slate-100" data-testid="admission-row">
                    <td className="py-2 pr-2">
                      <input
                        type="checkbox"
                        aria-label={`Select ${a.childName}`}
                        checked={selected.includes(a.id)}
                        onChange={(e) =>
                          setSelected((s) => (e.target.checked ? [...s, a.id] : s.filter((x) => x !== a.id)))
                        }
                      />
                    </td>
                    <td className="py-2 pr-3">
                      <Link
                        className="font-semibold text-brand-700 underline"
                        to={paths.admissions.schoolApplication(a.id)}
                      >
                        {a.childName || a.reference}
                      </Link>
                      <span className="block text-xs text-slate-500">{a.guardianName}</span>
                    </td>
                    <td className="py-2 pr-3">{gradeName(a.grade)}</td>
                    <td className="py-2 pr-3">
                      <StatusBadge status={a.status} />
                      {a.waitlistPosition ? (
                        <span className="ml-1 text-xs text-slate-600">#{a.waitlistPosition}</span>
                      ) : null}
                      {a.openRequests > 0 ? (
                        <span className="block text-xs text-amber-800">Waiting for a document</span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-3">{a.submittedAt ? formatDateOfInstant(a.submittedAt) : ''}</td>
                    <td className="py-2 pr-3 font-mono text-xs">{a.reference}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
