import { describe, expect, it } from 'vitest';
import type { TLearnerGuardian } from '@sekolo/shared/schemas/school';
import { guardianToInput, mergeGuardianInput } from './learner-guardians';

describe('mergeGuardianInput: a guardian saved by someone else under an open edit form', () => {
  const listed: TLearnerGuardian = {
    id: 'g1',
    firstName: 'Sipho',
    lastName: 'Dube',
    email: null,
    phone: '082 555 0101',
    relation: 'parent',
    paysFees: false,
    receivesCommunications: true,
    hasAccount: false,
    invited: false,
    signInEmail: null,
    linkRequest: null,
    updatedAt: '2026-11-28T08:00:00.000Z',
  };
  const opened = guardianToInput(listed);

  it('keeps the fields the user changed, takes the others saved meanwhile, and names them', () => {
    const current = { ...opened, phone: '082 555 0199', email: 'sipho@example.test' };
    const saved = { ...opened, phone: '071 000 1111', paysFees: true, email: 'sipho@example.test' };
    const { values, notice } = mergeGuardianInput(opened, saved, current);
    expect(values).toEqual({ ...saved, phone: '082 555 0199' });
    // The e-mail was saved as the user has it: not named.
    expect(notice).toBe(
      'Someone else saved this parent or guardian after you opened the form. They changed: Phone (your change kept), Pays the school fees. The form shows what they saved, except where you had changed a field yourself. Check and save again.',
    );
  });

  it('names nothing when the newer reading holds what the form holds', () => {
    const current = { ...opened, paysFees: true };
    expect(mergeGuardianInput(opened, current, current).notice).toBeNull();
  });

  it('reads an e-mail the guardian has not given as an empty field', () => {
    expect(opened.email).toBe('');
  });
});
