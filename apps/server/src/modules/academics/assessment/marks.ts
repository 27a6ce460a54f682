import type { TCapsPhase } from '@sekolo/shared/constants/caps-subjects';
import {
  achievementLevel,
  PHASE_WEIGHTS,
  type TAchievementLevel,
  type TAssessmentTaskType,
  type TMarkValue,
} from '@sekolo/shared/schemas/assessment';

/**
 * Term and year marks (pure). A task's percentage is its mark over its total; a term's mark is the
 * weighted mean of its tasks' percentages by their relative weights. 'AB' (absent) counts 0; 'EX'
 * (exempt) leaves the task out, so the other tasks' weights carry the mark; an empty cell is not
 * marked yet and is left out too (the mark so far).
 *
 * The year mark combines school-based assessment (every task of the year but the end-of-year
 * examination, weighted as in its term) with the end-of-year examination (the examination tasks of
 * term 4) by the phase's weights. While the examination is not written the year mark is the SBA
 * so far; a phase with no examination weight counts any examination as SBA.
 */

export type TMarkTask = {
  id: string;
  term: number;
  type: TAssessmentTaskType;
  weight: number;
  maxMark: number;
};

export type TMarkOutcome = { mark: number | null; level: TAchievementLevel | null };

/** Whether a task is the end-of-year examination. */
export function isFinalExam(task: Pick<TMarkTask, 'term' | 'type'>): boolean {
  return task.term === 4 && task.type === 'examination';
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The weighted mean percentage of the tasks that count, unrounded; null when none counts. */
function weightedPercent(tasks: readonly TMarkTask[], values: ReadonlyMap<string, TMarkValue>): number | null {
  let weights = 0;
  let sum = 0;
  for (const task of tasks) {
    const value = values.get(task.id) ?? null;
    if (value === null || value === 'EX') continue;
    const percent = value === 'AB' ? 0 : (Math.min(value, task.maxMark) / task.maxMark) * 100;
    weights += task.weight;
    sum += task.weight * percent;
  }
  return weights === 0 ? null : sum / weights;
}

function outcome(percent: number | null): TMarkOutcome {
  if (percent === null) return { mark: null, level: null };
  const mark = round1(percent);
  return { mark, level: achievementLevel(mark) };
}

/** A learner's mark of one term: the weighted mean of that term's tasks. */
export function termMark(
  tasks: readonly TMarkTask[],
  term: number,
  values: ReadonlyMap<string, TMarkValue>,
): TMarkOutcome {
  return outcome(
    weightedPercent(
      tasks.filter((t) => t.term === term),
      values,
    ),
  );
}

/**
 * A learner's year mark up to and including `throughTerm`: SBA of those terms and, when term 4 is
 * included and its examination marked, the examination, by the phase's SBA/exam weights.
 */
export function yearMark(
  tasks: readonly TMarkTask[],
  phase: TCapsPhase,
  values: ReadonlyMap<string, TMarkValue>,
  throughTerm = 4,
  weights: { sba: number; exam: number } = PHASE_WEIGHTS[phase],
): TMarkOutcome {
  const inYear = tasks.filter((t) => t.term <= throughTerm);
  const examCounts = weights.exam > 0;
  const sba = weightedPercent(
    inYear.filter((t) => !(examCounts && isFinalExam(t))),
    values,
  );
  const exam = examCounts ? weightedPercent(inYear.filter(isFinalExam), values) : null;
  if (exam === null) return outcome(sba);
  if (sba === null) return outcome(exam);
  return outcome((sba * weights.sba + exam * weights.exam) / (weights.sba + weights.exam));
}
