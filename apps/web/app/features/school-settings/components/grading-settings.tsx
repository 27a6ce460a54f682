import { Link } from 'react-router';
import { ACHIEVEMENT_LEVELS } from '@sekolo/shared/schemas/assessment';
import { paths } from '~/config/paths';

/**
 * Grading defaults live with the programme of assessment (modules/academics/assessment): the
 * curriculum page sets each subject's tasks and weights per grade and term, which the gradebook
 * and report cards use. This page says so and leads there.
 */
export function GradingSettings() {
  return (
    <section aria-labelledby="grading" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="grading" className="text-lg font-semibold text-slate-900">
        Programme of assessment
      </h2>
      <p className="text-sm text-slate-700">
        Each subject’s formal assessment tasks, their weights per term and the CAPS achievement levels (1 to 7) come
        from the programme of assessment. Teachers capture marks against it in the gradebook, and report cards use the
        same weights.
      </p>
      <table className="w-full max-w-md text-left text-sm">
        <caption className="mb-1 text-left font-semibold text-slate-900">Achievement levels on report cards</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-1 pr-3 font-medium">
              Level
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Description
            </th>
            <th scope="col" className="py-1 font-medium">
              Marks
            </th>
          </tr>
        </thead>
        <tbody>
          {ACHIEVEMENT_LEVELS.map((level, i) => (
            <tr key={level.level} className="border-b border-slate-100">
              <td className="py-1 pr-3 tabular-nums">{level.level}</td>
              <td className="py-1 pr-3">{level.label}</td>
              <td className="py-1 tabular-nums">
                {level.from}–{i === 0 ? 100 : ACHIEVEMENT_LEVELS[i - 1]!.from - 1} %
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap gap-3 text-sm">
        <Link to={paths.school.curriculum} className="font-medium text-brand-700 underline">
          Set tasks and weights on the curriculum page
        </Link>
        <Link to={paths.school.grades} className="font-medium text-brand-700 underline">
          Open the gradebook
        </Link>
      </div>
    </section>
  );
}
