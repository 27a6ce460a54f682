import type { TMark } from './register-merge';

/**
 * "Mark all present" fills the learners not marked yet, and only those: a teacher who marked the
 * absentees first, or reopens a saved register, keeps the absences, lates and excuses they set.
 */
export function markUnmarkedPresent(marks: Record<string, TMark>): Record<string, TMark> {
  return Object.fromEntries(
    Object.entries(marks).map(([id, mark]) => [id, mark.status ? mark : { ...mark, status: 'present' as const }]),
  );
}

/**
 * The button's name for `unmarked` learners of `total` not marked yet (none: no button): "Mark all
 * present" while nobody is marked, else the rest, counted, so it is plain the others stay as marked.
 */
export function markPresentLabel(unmarked: number, total: number): string | null {
  if (unmarked === 0) return null;
  if (unmarked === total) return 'Mark all present';
  return unmarked === 1 ? 'Mark the last learner present' : `Mark the other ${unmarked} present`;
}
