import { describe, expect, it } from 'vitest';
import { LEARNER_MANAGER_ROLES, LEARNER_VIEWER_ROLES, SCHOOL_AREA_ROLES } from './school-access';

describe('school access', () => {
  it('lets the roles of spec 6 manage or view learners', () => {
    expect(LEARNER_MANAGER_ROLES).toEqual(['school_admin', 'administrator']);
    expect(LEARNER_VIEWER_ROLES).toEqual(
      expect.arrayContaining(['school_admin', 'teacher', 'school_staff', 'librarian', 'coach']),
    );
    expect(LEARNER_VIEWER_ROLES).not.toContain('driver');
    expect(SCHOOL_AREA_ROLES).not.toContain('parent');
    expect(SCHOOL_AREA_ROLES).not.toContain('student');
  });
});
