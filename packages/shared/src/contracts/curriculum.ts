import { z } from 'zod';
import { contract } from './contract.ts';
import {
  ZClassCoverage,
  ZClassCoverageDetail,
  ZCoverageQuery,
  ZPlanQuery,
  ZPlanSave,
  ZTaughtSave,
  ZTeachingPlan,
} from '../schemas/curriculum.ts';

const ZClassParams = z.object({ id: z.uuid() });
const ZTopicParams = z.object({ id: z.uuid(), topicId: z.uuid() });

/** The curriculum: annual teaching plans and coverage, prefix /api/school/curriculum. */
export const curriculumContracts = {
  /** A subject's plan for a grade and year (readers of the curriculum). */
  plan: contract({ method: 'GET', path: '/api/school/curriculum/plan', query: ZPlanQuery, response: ZTeachingPlan }),
  /** The school replaces a plan (manage_curriculum); topics kept in place keep what was taught of them. */
  savePlan: contract({ method: 'PUT', path: '/api/school/curriculum/plan', body: ZPlanSave, response: ZTeachingPlan }),
  /** Every subject class's coverage of its plan (the head of department: manage_curriculum, view_reports). */
  coverage: contract({
    method: 'GET',
    path: '/api/school/curriculum/coverage',
    query: ZCoverageQuery,
    response: z.object({ classes: z.array(ZClassCoverage) }),
  }),
  /** One subject class's plan with what it taught (its teacher, or the school). */
  classCoverage: contract({
    method: 'GET',
    path: '/api/school/curriculum/subject-classes/:id',
    params: ZClassParams,
    query: ZCoverageQuery,
    response: ZClassCoverageDetail,
  }),
  /** The class taught a topic (its teacher, or the school); again changes the day and note. */
  recordTaught: contract({
    method: 'PUT',
    path: '/api/school/curriculum/subject-classes/:id/topics/:topicId',
    params: ZTopicParams,
    body: ZTaughtSave,
    response: ZClassCoverageDetail,
  }),
  /** Undo: the topic is not taught after all. */
  clearTaught: contract({
    method: 'DELETE',
    path: '/api/school/curriculum/subject-classes/:id/topics/:topicId',
    params: ZTopicParams,
    query: ZCoverageQuery,
    response: ZClassCoverageDetail,
  }),
};
