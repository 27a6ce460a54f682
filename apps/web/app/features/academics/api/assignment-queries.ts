import { queryOptions } from '@tanstack/react-query';
import type { TAssignmentCreate, TAssignmentMarksSave, TSubmissionSave } from '@sekolo/shared/schemas/assessment';
import { assignmentContracts as assignments } from '@sekolo/shared/contracts/academics-assessment';
import { call } from '~/lib/api-client';

/** The assignments API, prefix /api/school/assignments. */
export const ASSIGNMENTS_KEY = ['assignments'] as const;

export const teacherAssignmentsQuery = queryOptions({
  queryKey: [...ASSIGNMENTS_KEY, 'list'],
  queryFn: () => call(assignments.list, { query: {} }).then((a) => a.assignments),
});

export const markingQuery = (id: string) =>
  queryOptions({
    queryKey: [...ASSIGNMENTS_KEY, 'marking', id],
    queryFn: () => call(assignments.marking, { params: { id } }),
  });

export const myAssignmentsQuery = queryOptions({
  queryKey: [...ASSIGNMENTS_KEY, 'mine'],
  queryFn: () => call(assignments.mine).then((a) => a.assignments),
});

export const myChildrenAssignmentsQuery = queryOptions({
  queryKey: [...ASSIGNMENTS_KEY, 'my-children'],
  queryFn: () => call(assignments.myChildren).then((a) => a.assignments),
});

export function createAssignment(body: TAssignmentCreate) {
  return call(assignments.create, { body });
}

export function saveAssignmentMarks(id: string, body: TAssignmentMarksSave) {
  return call(assignments.saveMarks, { params: { id }, body });
}

export function releaseAssignment(id: string) {
  return call(assignments.release, { params: { id } });
}

export function submitAssignment(id: string, body: TSubmissionSave) {
  return call(assignments.submit, { params: { id }, body });
}
