import {
  ATTENDANCE_STATUSES,
  keptReason,
  type TAttendanceStatus,
  type TRegister,
} from '@sekolo/shared/schemas/attendance';
import { mergeSaved } from '~/lib/merge-saved';

/** A learner's mark on the register being edited (status null: not marked). */
export type TMark = { status: TAttendanceStatus | null; reason: string };

/** Whether two marks would be saved alike: the same status, and the same reason as the save keeps it. */
export function sameMark(a: TMark, b: TMark) {
  return a.status === b.status && keptReason(a.status, a.reason) === keptReason(b.status, b.reason);
}

export const savedMarks = (register: TRegister): Record<string, TMark> =>
  Object.fromEntries(register.rows.map((r) => [r.learnerId, { status: r.status, reason: r.reason }]));

const markLabel = (mark: TMark) => ATTENDANCE_STATUSES.find((s) => s.id === mark.status)?.label ?? 'not marked';

/**
 * What the teacher is told when the register read again holds marks someone else saved after it
 * was opened: each such learner with the saved mark, and the teacher's own choice where they kept it.
 */
export function changedMeanwhileNotice(changes: { name: string; theirs: TMark; mine: TMark | null }[]) {
  const list = changes
    .map((c) => `${c.name}: ${markLabel(c.theirs)}${c.mine ? ` (yours: ${markLabel(c.mine)})` : ''}`)
    .join('; ');
  return `Someone else saved this register after you opened it. It now shows their marks where you had not changed them, and keeps yours where you had: ${list}. Check the marks and save again.`;
}

/**
 * A newer reading of the register (after this save, or someone else's) over the editor's state: a
 * mark the teacher has not changed takes the saved one; one they changed stays theirs. `changes`
 * names the learners saved differently meanwhile, and not as the teacher has them now.
 */
export function mergeReading(register: TRegister, saved: Record<string, TMark>, marks: Record<string, TMark>) {
  const fresh = savedMarks(register);
  const merged = mergeSaved(
    register.rows.map((r) => r.learnerId),
    saved,
    fresh,
    marks,
    sameMark,
  );
  const names = new Map(register.rows.map((r) => [r.learnerId, `${r.preferredName || r.firstName} ${r.lastName}`]));
  const changes = merged.changed.map((c) => ({
    name: names.get(c.key)!,
    theirs: c.theirs,
    mine: c.kept ? c.mine! : null,
  }));
  return { marks: merged.values, saved: fresh, changes };
}
