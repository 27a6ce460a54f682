import { describe, expect, it } from 'vitest';
import { birthDateForGrade, SCHOOL_MESSAGES } from '@sekolo/shared/schemas/school';
import { EMPTY_LEARNER, learnerChangedNotice, learnerFormSchema, mergeLearnerInput } from './learner-form';

describe('mergeLearnerInput: a learner saved by someone else under an open form', () => {
  const opened = { ...EMPTY_LEARNER, firstName: 'Naledi', lastName: 'Dube', admissionNumber: 'N1' };

  it('keeps the fields the user changed and names the fields saved differently meanwhile', () => {
    const current = { ...opened, address: '12 Long Street', medicalNotes: 'Peanut allergy' };
    const saved = { ...opened, medicalNotes: 'Asthma', preferredName: 'Ledi', address: '12 Long Street' };
    const { values, changed } = mergeLearnerInput(opened, saved, current);
    expect(values).toEqual({ ...saved, medicalNotes: 'Peanut allergy' });
    // The address was saved as the user has it: not named.
    expect(changed).toEqual([
      { label: 'Preferred name', yoursKept: false },
      { label: 'Medical notes', yoursKept: true },
    ]);
    expect(learnerChangedNotice(changed)).toBe(
      'Someone else saved this learner after you opened the record. They changed: Preferred name, Medical notes (your change kept). The form shows what they saved, except where you had changed a field yourself. Check and save again.',
    );
  });

  it('names nothing when the newer record is the user’s own save', () => {
    const current = { ...opened, address: '12 Long Street' };
    expect(mergeLearnerInput(opened, current, current).changed).toEqual([]);
  });
});

describe('learnerFormSchema: the age-for-grade rule on the form', () => {
  // Saved as Grade 8 six years ago and never moved up: the learner turns 20 this year.
  const old = {
    ...EMPTY_LEARNER,
    firstName: 'Lerato',
    lastName: 'Kept-Back',
    admissionNumber: 'OLD1',
    gender: 'female' as const,
    grade: '8' as const,
    dateOfBirth: birthDateForGrade('8', { yearsOlder: 6 }),
  };
  const saved = { dateOfBirth: old.dateOfBirth, grade: old.grade };
  const tooOld = (grade: '8' | '9') => SCHOOL_MESSAGES.dateOfBirthImplausibleForGrade(grade, 20);

  it('lets the edit of an old record save its new address, and holds a new grade or date of birth to the rule', () => {
    const edit = learnerFormSchema(saved);
    expect(edit.safeParse({ ...old, address: '7 Protea Road' }).success).toBe(true);
    expect(edit.safeParse({ ...old, grade: '9' }).error?.issues.map((i) => i.message)).toEqual([tooOld('9')]);
    const otherDay = birthDateForGrade('8', { yearsOlder: 6, monthDay: '04-15' });
    expect(edit.safeParse({ ...old, dateOfBirth: otherDay }).error?.issues.map((i) => i.message)).toEqual([
      tooOld('8'),
    ]);
  });

  it('refuses that age for a learner added anew', () => {
    expect(
      learnerFormSchema()
        .safeParse(old)
        .error?.issues.map((i) => i.message),
    ).toEqual([tooOld('8')]);
  });
});
