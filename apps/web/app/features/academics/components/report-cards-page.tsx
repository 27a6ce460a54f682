import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import type { TReportCardRun } from '@sekolo/shared/schemas/assessment';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { TermField, YearField } from '~/components/school/year-term-fields';
import { yearTermOf } from '~/lib/school-term';
import { errorMessage } from '~/lib/server-field-errors';
import {
  isRunGoing,
  registerClassesQuery,
  reportCardBundleUrl,
  reportCardPdfUrl,
  reportCardRunQuery,
  reportCardRunsQuery,
  reportCardsQuery,
  useGenerateReportCards,
  usePublishReportCards,
  useStartReportCardRun,
} from '../api/report-card-queries';
import { currentYearTerm, formatDateTime } from '../lib/dates';
import { YearEndDecisions } from './year-end-decisions';
import { patchSearchParams } from '~/lib/patch-search-params';

/**
 * /dashboard/school/report-cards: the school admin generates a term's report cards for a learner,
 * a class (downloaded as one PDF or a zip of PDFs) or the whole school (a background run with its
 * progress), takes the year-end decisions in term 4, and publishes the cards to guardians. The
 * year, term and class live in the address.
 */
export function ReportCardsPage() {
  const id = useId();
  const now = currentYearTerm();
  const [params, setParams] = useSearchParams();
  const classes = useQuery(registerClassesQuery);
  const classId = classes.data?.some((c) => c.id === params.get('class'))
    ? params.get('class')!
    : (classes.data?.[0]?.id ?? '');
  const { year, term } = yearTermOf(params, now);
  const update = patchSearchParams(setParams);
  const klass = classes.data?.find((c) => c.id === classId);

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Report cards</h1>
        <p className="mt-1 text-sm text-slate-600">
          Generate a term’s report cards, take the year-end decisions and publish the cards to guardians.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <YearField id={`${id}-year`} value={year} onChange={(year) => update({ year })} />
        <TermField id={`${id}-term`} value={term} onChange={(term) => update({ term })} />
        <div className="w-full space-y-1.5 sm:w-64">
          <Label htmlFor={`${id}-class`}>Class</Label>
          <NativeSelect
            id={`${id}-class`}
            value={classId}
            disabled={!classes.data?.length}
            onChange={(e) => update({ class: e.target.value })}
          >
            {classes.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({gradeLabel(c.grade)}, {c.learnerCount} learners)
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {classes.isPending ? (
        <LoadingSpinner />
      ) : classes.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(classes.error)}
        </p>
      ) : klass ? (
        <ClassCards year={year} term={term} classId={klass.id} className={klass.name} />
      ) : (
        <p className="text-sm text-slate-600">The school has no classes yet.</p>
      )}
      {term === 4 && klass && <YearEndDecisions year={year} classId={klass.id} className={klass.name} />}
      <WholeSchool year={year} term={term} />
    </div>
  );
}

function ClassCards({
  year,
  term,
  classId,
  className,
}: {
  year: number;
  term: number;
  classId: string;
  className: string;
}) {
  const id = useId();
  const cards = useQuery(reportCardsQuery(year, term, classId));
  const generate = useGenerateReportCards();
  const publish = usePublishReportCards();
  const [format, setFormat] = useState<'pdf' | 'zip'>('pdf');
  const [notice, setNotice] = useState('');
  const unpublished = cards.data?.filter((c) => !c.publishedAt).length ?? 0;

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {className}: Term {term} {year}
      </h2>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          disabled={generate.isPending}
          onClick={() =>
            generate.mutate(
              { year, term, registerClassId: classId },
              { onSuccess: (made) => setNotice(`${made.length} report cards of ${className} are ready.`) },
            )
          }
        >
          Generate {className}’s report cards
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={publish.isPending || !cards.data?.length || unpublished === 0}
          onClick={() =>
            publish.mutate(
              { year, term, registerClassId: classId },
              {
                onSuccess: (r) =>
                  setNotice(`Published ${r.published} report cards; ${r.mailed} guardians were e-mailed.`),
              },
            )
          }
        >
          Publish {className}’s report cards to guardians
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-slate-700" data-testid="report-cards-notice">
        {notice}
      </p>
      {(generate.isError || publish.isError) && (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(generate.error ?? publish.error)}
        </p>
      )}
      {cards.isPending ? (
        <LoadingSpinner />
      ) : cards.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(cards.error)}
        </p>
      ) : cards.data.length === 0 ? (
        <p className="text-sm text-slate-600">No report cards of this term yet: generate them first.</p>
      ) : (
        <>
          <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white p-3">
            <legend className="px-1 text-sm font-medium text-slate-900">Download the class’s cards as</legend>
            {(
              [
                ['pdf', 'One PDF'],
                ['zip', 'A ZIP of one PDF per learner'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`${id}-format`}
                  value={value}
                  checked={format === value}
                  onChange={() => setFormat(value)}
                  className="size-4"
                />
                {label}
              </label>
            ))}
            <a
              href={reportCardBundleUrl({ year, term, registerClassId: classId, format })}
              download
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800 underline underline-offset-2"
            >
              <Download className="size-4" aria-hidden="true" />
              Download {className}’s report cards
            </a>
          </fieldset>
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {cards.data.map((card) => (
              <li key={card.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                <div className="mr-auto">
                  <p className="font-medium text-slate-900">{card.learnerName}</p>
                  <p className="text-sm text-slate-600">
                    {card.publishedAt ? `Published ${formatDateTime(card.publishedAt)}` : 'Not published'}
                  </p>
                </div>
                <button
                  type="button"
                  className="text-sm font-semibold text-brand-800 underline underline-offset-2"
                  disabled={generate.isPending}
                  onClick={() =>
                    generate.mutate(
                      { year, term, learnerId: card.learnerId },
                      { onSuccess: () => setNotice(`${card.learnerName}’s report card is generated again.`) },
                    )
                  }
                >
                  Generate again<span className="sr-only"> for {card.learnerName}</span>
                </button>
                <a
                  href={reportCardPdfUrl(card.id)}
                  download
                  className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800 underline underline-offset-2"
                >
                  <FileText className="size-4" aria-hidden="true" />
                  PDF<span className="sr-only"> of {card.learnerName}’s report card</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function WholeSchool({ year, term }: { year: number; term: number }) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const runs = useQuery(reportCardRunsQuery);
  const runId = params.get('run') ?? runs.data?.find((r) => r.year === year && r.term === term)?.id ?? '';
  const run = useQuery(reportCardRunQuery(runId));
  const start = useStartReportCardRun();
  const publish = usePublishReportCards();
  const [notice, setNotice] = useState('');
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        The whole school: Term {term} {year}
      </h2>
      <p className="text-sm text-slate-600">
        Makes every learner’s report card of the term in the background. Running it again keeps the cards already made
        and their comments.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          disabled={start.isPending || isRunGoing(run.data)}
          onClick={() =>
            start.mutate(
              { year, term },
              {
                onSuccess: (made) =>
                  setParams(
                    (current) => {
                      const next = new URLSearchParams(current);
                      next.set('run', made.id);
                      return next;
                    },
                    { replace: true },
                  ),
              },
            )
          }
        >
          Generate the whole school’s report cards
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={publish.isPending || run.data?.status !== 'done'}
          onClick={() =>
            publish.mutate(
              { year, term },
              {
                onSuccess: (r) =>
                  setNotice(`Published ${r.published} report cards; ${r.mailed} guardians were e-mailed.`),
              },
            )
          }
        >
          Publish the whole school’s report cards
        </Button>
      </div>
      {(start.isError || publish.isError) && (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(start.error ?? publish.error)}
        </p>
      )}
      {run.data && <RunProgress run={run.data} />}
      <p aria-live="polite" className="text-sm text-slate-700">
        {notice}
      </p>
    </section>
  );
}

function RunProgress({ run }: { run: TReportCardRun }) {
  const percent =
    run.learnersTotal > 0 ? Math.round((run.learnersDone / run.learnersTotal) * 100) : isRunGoing(run) ? 0 : 100;
  const status =
    run.status === 'queued'
      ? 'Waiting to start…'
      : run.status === 'running'
        ? `${run.learnersDone} of ${run.learnersTotal} learners done…`
        : run.status === 'done'
          ? `Done: ${run.learnersDone} learners, ${run.cardsCreated} new report cards.`
          : `Stopped after ${run.learnersDone} of ${run.learnersTotal} learners. Start it again: the cards already made are kept.`;
  return (
    <div className="space-y-2" data-testid="report-card-run">
      <div
        role="progressbar"
        aria-label="Report cards generated"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${run.learnersDone} of ${run.learnersTotal} learners`}
        className="h-3 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-3 rounded-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
