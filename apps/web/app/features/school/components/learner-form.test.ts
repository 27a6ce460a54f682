import { describe, expect, it } from 'vitest';
import { EMPTY_LEARNER, learnerChangedNotice, mergeLearnerInput } from './learner-form';

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
