import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TLearnerResults } from '@sekolo/shared/schemas/assessment';
import { myChildrenResultsQuery, myResultsQuery } from '../api/assessment-queries';
import { currentYearTerm } from '../lib/dates';
import { levelText, percentText } from '../lib/gradebook-grid';

const TERMS = [1, 2, 3, 4] as const;

/** The learner dashboard's released marks of the year, per subject and term. */
export function MyResults() {
  const { year } = currentYearTerm();
  const results = useQuery(myResultsQuery(year));
  if (!results.data || results.data.every((r) => r.subjects.length === 0)) return null;
  return <ResultsSection title={`Your marks for ${year}`} results={results.data} showName={false} />;
}

/** The parent dashboard's released marks of each child. */
export function ChildrenResults() {
  const { year } = currentYearTerm();
  const results = useQuery(myChildrenResultsQuery(year));
  if (!results.data || results.data.every((r) => r.subjects.length === 0)) return null;
  return <ResultsSection title={`Marks for ${year}`} results={results.data} showName />;
}

function ResultsSection({
  title,
  results,
  showName,
}: {
  title: string;
  results: TLearnerResults[];
  showName: boolean;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {results
        .filter((learner) => learner.subjects.length > 0)
        .map((learner) => (
          <div key={learner.learnerId} className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="min-w-full text-sm">
              <caption className={showName ? 'px-3 py-2 text-left font-semibold text-slate-900' : 'sr-only'}>
                Released marks of {learner.name}
              </caption>
              <thead className="bg-slate-50 text-left">
                <tr>
                  <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2 font-semibold">
                    Subject
                  </th>
                  {TERMS.map((t) => (
                    <th key={t} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                      Term {t}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                    Year so far
                  </th>
                </tr>
              </thead>
              <tbody>
                {learner.subjects.map((s) => (
                  <tr key={s.subjectClassId} className="border-t border-slate-200">
                    <th
                      scope="row"
                      className="sticky left-0 bg-white px-3 py-2 text-left font-medium whitespace-nowrap"
                    >
                      {s.subjectLabel}
                    </th>
                    {TERMS.map((t) => {
                      const term = s.terms.find((x) => x.term === t);
                      return (
                        <td key={t} className="px-3 py-2 whitespace-nowrap tabular-nums">
                          {term && term.mark !== null ? (
                            <>
                              {percentText(term.mark)} <span className="text-slate-600">L{term.level}</span>
                              <span className="sr-only">, level {levelText(term.level)}</span>
                            </>
                          ) : (
                            '–'
                          )}
                        </td>
                      );
                    })}
                    <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                      {percentText(s.yearMark)}
                      {s.yearLevel !== null && <span className="text-slate-600"> L{s.yearLevel}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      <p className="text-xs text-slate-600">
        L is the level of the 7-point scale: 7 Outstanding (80% and more) down to 1 Not achieved (below 30%).
      </p>
    </section>
  );
}
