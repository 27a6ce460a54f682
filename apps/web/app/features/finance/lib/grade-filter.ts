import { SCHOOL_GRADE_IDS, type TSchoolGrade } from '@sekolo/shared/constants/enumerations';

/** A grade to filter by, or '' for every grade. */
export type TGradeFilter = '' | TSchoolGrade;

/** The grade an address names (?grade=8), or every grade when it names none we know. */
export function gradeFilterOf(value: string | null): TGradeFilter {
  return SCHOOL_GRADE_IDS.find((grade) => grade === value) ?? '';
}
