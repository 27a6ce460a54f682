import { capsSubjectLabel, type TCapsPhase } from '@sekolo/shared/constants/caps-subjects';
import type { TPromotionDecision } from '@sekolo/shared/schemas/assessment';

/**
 * The year-end decision suggested from a learner's year marks, by the phase's promotion
 * requirements (National Policy Pertaining to the Programme and Promotion Requirements of the
 * National Curriculum Statement Grades R–12):
 *
 * - Foundation (Grades 1–3): Adequate Achievement (level 4, 50 %) in the home language, Moderate
 *   Achievement (level 3, 40 %) in the first additional language and in Mathematics.
 * - Intermediate (4–6): the same, and Moderate Achievement (40 %) in two of the other subjects.
 * - Senior (7–9): home language 50 %, first additional language 40 %, Mathematics 40 %, Moderate
 *   Achievement (40 %) in three of the other subjects and Elementary Achievement (level 2, 30 %)
 *   in two more (eight of the nine subjects).
 * - FET (10–12): 40 % in three subjects, one of them the home language, and 30 % in three more.
 *
 * Grade R learners move on to Grade 1 (as far as possible every learner of the age cohort does). A
 * learner who meets the requirements once at most two marks are raised by at most 2 points each is
 * condoned. One who does not meet them and was already retained once in the phase is progressed
 * (a learner is retained at most once in a phase, so never more than four years in it; the Grade R
 * year does not count for the Foundation phase), except in Grade 12, which has no progression;
 * otherwise not promoted.
 *
 * The home language is the learner's recorded home language when they take it, else their best
 * language; the first additional language is their best other language. A subject without a year
 * mark counts as not met.
 */

const LANGUAGES = new Set(['english', 'afrikaans', 'isizulu', 'isixhosa', 'sesotho', 'setswana', 'sepedi']);
const MATHEMATICS = new Set(['mathematics', 'mathematical_literacy', 'technical_mathematics']);
export const CONDONE_POINTS = 2;
const CONDONE_SUBJECTS = 2;

export type TYearMark = { subject: string; mark: number | null };
export type TPromotionSuggestion = { suggested: TPromotionDecision; unmet: string[] };

type TNeed = { label: string; min: number; mark: number | null };

const pct = (n: number) => `${n}%`;
const markText = (mark: number | null) => (mark === null ? 'no mark' : pct(Math.round(mark)));

/** The requirements as needs on marks: each a label, a minimum and the mark that must reach it. */
function needsOf(phase: TCapsPhase, marks: TYearMark[], homeLanguage: string | null): TNeed[] {
  const rounded = marks.map((m) => ({ subject: m.subject, mark: m.mark === null ? null : Math.round(m.mark) }));
  const byMark = (a: { mark: number | null }, b: { mark: number | null }) => (b.mark ?? -1) - (a.mark ?? -1);
  const languages = rounded.filter((m) => LANGUAGES.has(m.subject)).sort(byMark);
  const home = languages.find((l) => l.subject === homeLanguage) ?? languages[0];
  const additional = languages.find((l) => l !== home);
  const maths = rounded.filter((m) => MATHEMATICS.has(m.subject)).sort(byMark)[0];
  const others = rounded.filter((m) => m !== home && m !== additional && m !== maths).sort(byMark);
  const need = (label: string, min: number, row: { subject: string; mark: number | null } | undefined): TNeed => ({
    label: row ? `${label} (${capsSubjectLabel(row.subject)})` : label,
    min,
    mark: row?.mark ?? null,
  });
  const homeNeed = need('Home language', phase === 'fet' ? 40 : 50, home);
  if (phase === 'fet') {
    // 40 % in the home language and two more subjects, 30 % in three more.
    const rest = rounded.filter((m) => m !== home).sort(byMark);
    return [
      homeNeed,
      need('A second subject', 40, rest[0]),
      need('A third subject', 40, rest[1]),
      need('A fourth subject', 30, rest[2]),
      need('A fifth subject', 30, rest[3]),
      need('A sixth subject', 30, rest[4]),
    ];
  }
  const core = [homeNeed, need('First additional language', 40, additional), need('Mathematics', 40, maths)];
  if (phase === 'foundation') return core;
  if (phase === 'intermediate')
    return [...core, need('Another subject', 40, others[0]), need('Another subject', 40, others[1])];
  return [
    ...core,
    need('Another subject', 40, others[0]),
    need('Another subject', 40, others[1]),
    need('Another subject', 40, others[2]),
    need('Another subject', 30, others[3]),
    need('Another subject', 30, others[4]),
  ];
}

/**
 * The suggested decision for a learner of `grade` (0 is Grade R) with these year marks;
 * `keptBackInPhase` says they were not promoted in an earlier year of the same phase.
 */
export function suggestPromotion(input: {
  phase: TCapsPhase;
  grade: number;
  marks: TYearMark[];
  homeLanguage: string | null;
  keptBackInPhase: boolean;
}): TPromotionSuggestion {
  if (input.grade === 0) return { suggested: 'promoted', unmet: [] };
  const unmetNeeds = needsOf(input.phase, input.marks, input.homeLanguage).filter(
    (n) => n.mark === null || n.mark < n.min,
  );
  const unmet = unmetNeeds.map((n) => `${n.label}: ${markText(n.mark)}, needs ${pct(n.min)}`);
  if (!unmetNeeds.length) return { suggested: 'promoted', unmet };
  const condonable =
    unmetNeeds.length <= CONDONE_SUBJECTS &&
    unmetNeeds.every((n) => n.mark !== null && n.min - n.mark <= CONDONE_POINTS);
  if (condonable) return { suggested: 'condoned', unmet };
  const mayProgress = input.keptBackInPhase && input.grade < 12;
  return { suggested: mayProgress ? 'progressed' : 'not_promoted', unmet };
}

/**
 * Whether a learner now in `grade` was already retained in its phase: an earlier year's decision
 * "not promoted" in a grade of the same phase. A year kept back in Grade R does not count towards
 * the Foundation phase's years.
 */
export function retainedInPhase(
  phaseOf: (grade: number) => TCapsPhase,
  grade: number,
  earlier: { grade: number; decision: string }[],
): boolean {
  const phase = phaseOf(grade);
  return earlier.some((d) => d.decision === 'not_promoted' && d.grade > 0 && phaseOf(d.grade) === phase);
}
