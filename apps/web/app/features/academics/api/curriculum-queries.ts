import { queryOptions } from '@tanstack/react-query';
import type { TPlanSave, TTaughtSave } from '@sekolo/shared/schemas/curriculum';
import { curriculumContracts as curriculum } from '@sekolo/shared/contracts/curriculum';
import { call } from '~/lib/api-client';

/** The curriculum API, prefix /api/school/curriculum. */
export const CURRICULUM_KEY = ['curriculum'] as const;

export const teachingPlanQuery = (year: number, grade: number, subject: string) =>
  queryOptions({
    queryKey: [...CURRICULUM_KEY, 'plan', year, grade, subject],
    queryFn: () => call(curriculum.plan, { query: { year, grade, subject: subject as TPlanSave['subject'] } }),
  });

export function saveTeachingPlan(body: TPlanSave) {
  return call(curriculum.savePlan, { body });
}

export const coverageQuery = (year: number) =>
  queryOptions({
    queryKey: [...CURRICULUM_KEY, 'coverage', year],
    queryFn: () => call(curriculum.coverage, { query: { year } }).then((a) => a.classes),
  });

export const classCoverageQuery = (classId: string, year: number) =>
  queryOptions({
    queryKey: [...CURRICULUM_KEY, 'class', classId, year],
    queryFn: () => call(curriculum.classCoverage, { params: { id: classId }, query: { year } }),
  });

export function recordTaught(classId: string, topicId: string, body: TTaughtSave) {
  return call(curriculum.recordTaught, { params: { id: classId, topicId }, body });
}

export function clearTaught(classId: string, topicId: string, year: number) {
  return call(curriculum.clearTaught, { params: { id: classId, topicId }, query: { year } });
}
