import { z } from 'zod';
import {
  ACTIVITY_MESSAGES as M,
  ZActivity,
  ZActivityDate,
  ZActivityDetail,
  ZActivityInput,
  ZAttendanceInput,
  ZCancelSessionInput,
  ZMyActivities,
  ZSchoolActivities,
  ZSessionRegister,
  ZSignUpInput,
  ZSignUpResult,
  ZTodaySessions,
} from '../schemas/activities.ts';
import { contract } from './contract.ts';

const ZActivityParams = z.object({ activityId: z.uuid({ error: M.activityNotFound }) });
const ZSessionParams = ZActivityParams.extend({ date: ZActivityDate });
const ZMemberParams = ZActivityParams.extend({ learnerId: z.uuid({ error: M.learnerNotFound }) });

/**
 * Extramural activities (D25). The school: /api/school/activities (manage_events manages; the
 * activity's coach keeps attendance) and /api/school/activity-sessions (a coach's day). Learners and
 * guardians: /api/school/my-activities (view_events, for their own learners).
 */
export const activityContracts = {
  // The school
  list: contract({
    method: 'GET',
    path: '/api/school/activities',
    response: ZSchoolActivities,
  }),
  create: contract({
    method: 'POST',
    path: '/api/school/activities',
    body: ZActivityInput,
    status: 201,
    response: z.object({ activity: ZActivity }),
  }),
  update: contract({
    method: 'PUT',
    path: '/api/school/activities/:activityId',
    params: ZActivityParams,
    body: ZActivityInput,
    response: z.object({ activity: ZActivity }),
  }),
  detail: contract({
    method: 'GET',
    path: '/api/school/activities/:activityId',
    params: ZActivityParams,
    response: ZActivityDetail,
  }),
  removeMember: contract({
    method: 'POST',
    path: '/api/school/activities/:activityId/members/:learnerId/withdraw',
    params: ZMemberParams,
    response: z.object({ withdrawn: z.boolean() }),
  }),

  // The coach
  today: contract({
    method: 'GET',
    path: '/api/school/activity-sessions/today',
    response: ZTodaySessions,
  }),
  session: contract({
    method: 'GET',
    path: '/api/school/activities/:activityId/sessions/:date',
    params: ZSessionParams,
    response: ZSessionRegister,
  }),
  markAttendance: contract({
    method: 'PUT',
    path: '/api/school/activities/:activityId/sessions/:date/attendance',
    params: ZSessionParams,
    body: ZAttendanceInput,
    response: ZSessionRegister,
  }),
  cancelSession: contract({
    method: 'POST',
    path: '/api/school/activities/:activityId/sessions/:date/cancel',
    params: ZSessionParams,
    body: ZCancelSessionInput,
    response: ZSessionRegister,
  }),

  // Learners and guardians
  mine: contract({
    method: 'GET',
    path: '/api/school/my-activities',
    response: ZMyActivities,
  }),
  signUp: contract({
    method: 'POST',
    path: '/api/school/my-activities/:activityId/sign-up',
    params: ZActivityParams,
    body: ZSignUpInput,
    status: 201,
    response: ZSignUpResult,
  }),
  withdraw: contract({
    method: 'POST',
    path: '/api/school/my-activities/:activityId/withdraw',
    params: ZActivityParams,
    body: ZSignUpInput,
    response: z.object({ withdrawn: z.boolean() }),
  }),
};
