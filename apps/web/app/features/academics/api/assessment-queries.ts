import { queryOptions } from '@tanstack/react-query';
import { ZCapsSubject, type TGradebookSave, type TProgrammeTermSave } from '@sekolo/shared/schemas/assessment';
import { assessmentContracts as assessment } from '@sekolo/shared/contracts/academics-assessment';
import { call } from '~/lib/api-client';

/** The assessment API, prefix /api/school/assessment. */
export const ASSESSMENT_KEY = ['assessment'] as const;

export const markableClassesQuery = queryOptions({
  queryKey: [...ASSESSMENT_KEY, 'classes'],
  queryFn: () => call(assessment.markableClasses).then((a) => a.subjectClasses),
});

export const gradebookQuery = (classId: string, year: number, term: number) =>
  queryOptions({
    queryKey: [...ASSESSMENT_KEY, 'gradebook', classId, year, term],
    queryFn: () =>
      call(assessment.gradebook, { params: { id: classId }, query: { year, term } }).then((a) => a.gradebook),
    // The grid keeps the teacher's typing; a background refetch must not replace what is being edited.
    refetchOnWindowFocus: false,
  });

export function saveGradebookCells(classId: string, body: TGradebookSave) {
  return call(assessment.saveMarks, { params: { id: classId }, body });
}

export function releaseGradebook(classId: string, year: number, term: number) {
  return call(assessment.releaseMarks, { params: { id: classId }, body: { year, term } });
}

export const myResultsQuery = (year: number) =>
  queryOptions({
    queryKey: [...ASSESSMENT_KEY, 'my-results', year],
    queryFn: () => call(assessment.myResults, { query: { year } }).then((a) => a.results),
  });

export const myChildrenResultsQuery = (year: number) =>
  queryOptions({
    queryKey: [...ASSESSMENT_KEY, 'my-children-results', year],
    queryFn: () => call(assessment.myChildrenResults, { query: { year } }).then((a) => a.results),
  });

export const programmeQuery = (year: number, grade: number, subject: string) =>
  queryOptions({
    queryKey: [...ASSESSMENT_KEY, 'programme', year, grade, subject],
    queryFn: () =>
      call(assessment.programme, { query: { year, grade, subject: ZCapsSubject.parse(subject) } }).then(
        (a) => a.programme,
      ),
  });

export function saveProgrammeTerm(body: TProgrammeTermSave) {
  return call(assessment.saveProgrammeTerm, { body });
}

/** The changes made to a class's released marks of a term (who, what, why), newest first. */
export const markChangesQuery = (classId: string, year: number, term: number) =>
  queryOptions({
    queryKey: [...ASSESSMENT_KEY, 'mark-changes', classId, year, term],
    queryFn: () =>
      call(assessment.markChanges, { params: { id: classId }, query: { year, term } }).then((a) => a.changes),
  });
