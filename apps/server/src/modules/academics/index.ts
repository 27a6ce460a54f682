// The academics module's public door: its routes and what the people module reads of a school's days.
export { classRoutes } from './classes/routes.ts';
export { attendanceRoutes } from './attendance/routes.ts';
export { timetableRoutes } from './timetable/routes.ts';
export { assessmentRoutes } from './assessment/routes.ts';
export { assignmentRoutes } from './assessment/assignment-routes.ts';
export { reportCardRoutes } from './assessment/report-card-routes.ts';
export { curriculumRoutes } from './curriculum/routes.ts';
export { savePlan } from './curriculum/plans.ts';
export { recordTaught } from './curriculum/coverage.ts';
export { VIEW_ATTENDANCE } from './attendance/attendance-access.ts';
export { onEachDay } from './attendance/learner-days.ts';
export { getDayOverview } from './attendance/views.ts';
export { lessonsOfLearner, selectLessons } from './timetable/lessons.ts';
export { listPeriods } from './timetable/setup.ts';
export { getTerms } from './timetable/terms.ts';
export { reconcileLearnerGroups } from './timetable/subject-class-learners.ts';
export { ensureProgramme, programmeTasks } from './assessment/programme.ts';
