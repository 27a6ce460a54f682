import { formatZar } from '@sekolo/shared/domain/money';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import type { TActivityFee } from '@sekolo/shared/schemas/activities';

/** 8 → 'Grade 8', 0 → 'Grade R'. */
export const gradeName = (grade: number) => gradeLabel(gradeFromNumber(grade)) ?? `Grade ${grade}`;

/** [8, 9, 10, 11, 12] → 'Grades 8–12'; [8] → 'Grade 8'; [8, 10] → 'Grades 8, 10'. */
export function gradesText(grades: readonly number[]): string {
  if (grades.length === 0) return '';
  if (grades.length === 1) return gradeName(grades[0]!);
  const label = (g: number) => (g === 0 ? 'R' : String(g));
  const consecutive = grades.every((g, i) => i === 0 || g === grades[i - 1]! + 1);
  return consecutive
    ? `Grades ${label(grades[0]!)}–${label(grades[grades.length - 1]!)}`
    : `Grades ${grades.map(label).join(', ')}`;
}

/** 'R450 a term' (billed with the school fees), or 'Free'. */
export const feeText = (fee: TActivityFee | null) => (fee ? `${formatZar(fee.termCents)} a term` : 'Free');
