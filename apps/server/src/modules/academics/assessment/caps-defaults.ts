import type { TCapsPhase } from '@sekolo/shared/constants/caps-subjects';
import type { TAssessmentTaskType } from '@sekolo/shared/schemas/assessment';

export type TDefaultTask = { term: number; name: string; type: TAssessmentTaskType; weight: number; maxMark: number };

const t = (term: number, name: string, type: TAssessmentTaskType, weight: number, maxMark: number): TDefaultTask => ({
  term,
  name,
  type,
  weight,
  maxMark,
});

/**
 * A school's starting programme of formal assessment per phase, after the CAPS programmes of
 * assessment: Foundation Phase assesses by tasks only; from Grade 4 the June examination is part
 * of school-based assessment and the November examination is the end-of-year examination. The
 * school edits names, types, weights and totals per subject and grade.
 */
export const DEFAULT_PROGRAMMES: Record<TCapsPhase, readonly TDefaultTask[]> = {
  foundation: [
    t(1, 'Oral and practical task', 'practical', 50, 20),
    t(1, 'Written task', 'assignment', 50, 30),
    t(2, 'Oral and practical task', 'practical', 50, 20),
    t(2, 'Written task', 'assignment', 50, 30),
    t(3, 'Oral and practical task', 'practical', 50, 20),
    t(3, 'Written task', 'assignment', 50, 30),
    t(4, 'Oral and practical task', 'practical', 50, 20),
    t(4, 'Written task', 'test', 50, 30),
  ],
  intermediate: [
    t(1, 'Assignment', 'assignment', 50, 40),
    t(1, 'Test 1', 'test', 50, 50),
    t(2, 'Project', 'project', 40, 50),
    t(2, 'June examination', 'examination', 60, 80),
    t(3, 'Assignment', 'assignment', 50, 40),
    t(3, 'Test 2', 'test', 50, 50),
    t(4, 'Test 3', 'test', 100, 50),
    t(4, 'November examination', 'examination', 100, 100),
  ],
  senior: [
    t(1, 'Assignment', 'assignment', 40, 50),
    t(1, 'Test 1', 'test', 60, 50),
    t(2, 'Project', 'project', 40, 60),
    t(2, 'June examination', 'examination', 60, 100),
    t(3, 'Investigation', 'practical', 40, 50),
    t(3, 'Test 2', 'test', 60, 75),
    t(4, 'Test 3', 'test', 100, 50),
    t(4, 'November examination', 'examination', 100, 150),
  ],
  fet: [
    t(1, 'Practical task', 'practical', 40, 50),
    t(1, 'Test 1', 'test', 60, 100),
    t(2, 'Assignment', 'assignment', 40, 100),
    t(2, 'June examination', 'examination', 60, 150),
    t(3, 'Project', 'project', 40, 100),
    t(3, 'Test 2', 'test', 60, 100),
    t(4, 'November examination', 'examination', 100, 300),
  ],
};
