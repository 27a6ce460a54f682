import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { capsSubjectsForGrade } from '@sekolo/shared/constants/caps-subjects';
import { SCHOOL_GRADES, type TSchoolGrade } from '@sekolo/shared/constants/enumerations';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { currentYearTerm } from '../lib/dates';
import { patchSearchParams } from '~/lib/patch-search-params';

/** The grade's number as the API takes it (Grade R is 0). */
export function gradeNumber(grade: TSchoolGrade): number {
  return grade === 'R' ? 0 : Number(grade);
}

/**
 * The year, grade and subject a curriculum page shows, from its address (last, this and next year;
 * Grade 8 and the grade's first CAPS subject by default), and a way to change them.
 */
export function useSubjectGradeYear() {
  const now = currentYearTerm();
  const [params, setParams] = useSearchParams();
  const grade = SCHOOL_GRADES.find((g) => g.id === params.get('grade'))?.id ?? '8';
  const subjects = capsSubjectsForGrade(grade);
  const subject = subjects.find((s) => s.id === params.get('subject'))?.id ?? subjects[0]!.id;
  const yearParam = Number(params.get('year'));
  const year = yearParam >= now.year - 1 && yearParam <= now.year + 1 ? yearParam : now.year;
  const update = patchSearchParams(setParams);
  return { now, year, grade, subject, subjects, update };
}

/** The year, grade and subject pickers of a curriculum page. */
export function SubjectGradeYearPickers({ choice }: { choice: ReturnType<typeof useSubjectGradeYear> }) {
  const id = useId();
  const { now, year, grade, subject, subjects, update } = choice;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="w-28 space-y-1.5">
        <Label htmlFor={`${id}-year`}>Year</Label>
        <NativeSelect id={`${id}-year`} value={year} onChange={(e) => update({ year: e.target.value })}>
          {[now.year - 1, now.year, now.year + 1].map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="w-36 space-y-1.5">
        <Label htmlFor={`${id}-grade`}>Grade</Label>
        <NativeSelect id={`${id}-grade`} value={grade} onChange={(e) => update({ grade: e.target.value })}>
          {SCHOOL_GRADES.map((g) => (
            <option key={g.id} value={g.id}>
              {g.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="w-full space-y-1.5 sm:w-72">
        <Label htmlFor={`${id}-subject`}>Subject</Label>
        <NativeSelect id={`${id}-subject`} value={subject} onChange={(e) => update({ subject: e.target.value })}>
          {subjects.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
