import { describe, expect, it } from 'vitest';
import { luhnCheckDigit } from '../domain/sa-id.ts';
import {
  canMarkRegisters,
  classTeacherRoleWarning,
  gradeFromNumber,
  gradeToNumber,
  parseCsvGrade,
  SCHOOL_MESSAGES,
  ZLearnerSchema,
} from './school.ts';

const base = {
  firstName: ' Amahle ',
  lastName: 'Zwane',
  dateOfBirth: '2012-06-14',
  gender: 'female',
  grade: '8',
  admissionNumber: ' adm-1 ',
};

describe('learner schema', () => {
  it('normalises names and admission numbers, and blanks become null', () => {
    const parsed = ZLearnerSchema.parse({
      ...base,
      homeLanguage: '',
      registerClassId: '',
      idType: 'none',
      idNumber: '',
    });
    expect(parsed).toMatchObject({
      firstName: 'Amahle',
      admissionNumber: 'ADM-1',
      homeLanguage: null,
      registerClassId: null,
      idNumber: null,
    });
  });

  it('accepts its own output as input (the form posts parsed values to the API)', () => {
    const once = ZLearnerSchema.parse({ ...base, homeLanguage: 'isizulu' });
    expect(ZLearnerSchema.parse(once)).toEqual(once);
    const blank = ZLearnerSchema.parse(base);
    expect(ZLearnerSchema.parse(blank)).toEqual(blank);
  });

  it('checks a South African ID against the date of birth', () => {
    const first12 = '120614500908';
    const valid = first12 + luhnCheckDigit(first12);
    expect(ZLearnerSchema.parse({ ...base, idType: 'sa_id', idNumber: valid }).idNumber).toBe(valid);
    const mismatch = ZLearnerSchema.safeParse({ ...base, dateOfBirth: '2012-06-15', idType: 'sa_id', idNumber: valid });
    expect(mismatch.error?.issues[0]?.message).toBe(SCHOOL_MESSAGES.idBirthDateMismatch);
    const missing = ZLearnerSchema.safeParse({ ...base, idType: 'passport', idNumber: '' });
    expect(missing.error?.issues[0]?.message).toBe(SCHOOL_MESSAGES.idNumberRequired);
  });

  it('refuses future birth dates and unknown grades with the shared messages', () => {
    const result = ZLearnerSchema.safeParse({ ...base, dateOfBirth: '2999-01-01', grade: '13' });
    expect(result.error?.issues.map((i) => i.message).sort()).toEqual(
      [SCHOOL_MESSAGES.dateOfBirthFuture, SCHOOL_MESSAGES.gradeRequired].sort(),
    );
  });

  it('maps grades to numbers that sort, and reads CSV grade labels', () => {
    expect(gradeToNumber('R')).toBe(0);
    expect(gradeFromNumber(12)).toBe('12');
    expect(parseCsvGrade('Grade r')).toBe('R');
    expect(parseCsvGrade(' 7 ')).toBe('7');
  });
});

describe('guardian schema', () => {
  it('needs an e-mail or a phone, checks both, and formats the phone', async () => {
    const { ZGuardianSchema } = await import('./school.ts');
    const ok = ZGuardianSchema.parse({
      firstName: 'Lindiwe',
      lastName: 'Mokoena',
      phone: '+27821234567',
      relation: 'parent',
    });
    expect(ok).toMatchObject({ email: null, phone: '082 123 4567', paysFees: false, receivesCommunications: true });
    expect(ZGuardianSchema.parse(ok)).toEqual(ok);
    const none = ZGuardianSchema.safeParse({ firstName: 'A', lastName: 'B', relation: 'other' });
    expect(none.error?.issues[0]?.message).toBe(SCHOOL_MESSAGES.guardianContactRequired);
    const bad = ZGuardianSchema.safeParse({
      firstName: 'A',
      lastName: 'B',
      email: 'nope',
      phone: '123',
      relation: 'cousin',
    });
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual(
      [
        SCHOOL_MESSAGES.guardianEmailInvalid,
        SCHOOL_MESSAGES.guardianPhoneInvalid,
        SCHOOL_MESSAGES.guardianRelationRequired,
      ].sort(),
    );
  });
});

describe('staff: the warning before a class teacher’s new role', () => {
  it('names the class and the role as the confirmation shows them', () => {
    expect(classTeacherRoleWarning('Sibusiso Khoza', 'Driver', ['9A'])).toBe(
      'Sibusiso Khoza is class teacher of 9A. As Driver they can no longer mark its register; 9A will have no class teacher.',
    );
    expect(classTeacherRoleWarning('Sibusiso Khoza', 'Driver', ['9A', '9B', '10C'])).toBe(
      'Sibusiso Khoza is class teacher of 9A, 9B and 10C. As Driver they can no longer mark their registers; 9A, 9B and 10C will have no class teacher.',
    );
  });

  it('only the roles that mark registers can be class teachers', () => {
    expect(['teacher', 'administrator', 'coach', 'driver', 'school_admin'].filter(canMarkRegisters)).toEqual([
      'teacher',
      'administrator',
      'coach',
    ]);
  });
});
