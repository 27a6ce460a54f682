import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayInSouthAfrica } from '../domain/sa-calendar.ts';
import { luhnCheckDigit } from '../domain/sa-id.ts';
import {
  birthDateForGrade,
  canMarkRegisters,
  classTeacherRoleWarning,
  subjectClassesRoleWarning,
  gradeAgeRange,
  gradeFromNumber,
  gradeToNumber,
  isWholeLearnerRecord,
  learnerEditSchema,
  parseCsvGrade,
  readsWholeLearnerRecord,
  SCHOOL_MESSAGES,
  schoolYearStart,
  toLearnerViewerRecord,
  ZLearnerEditRequestSchema,
  ZLearnerSchema,
  ZRegisterClassSince,
  type TLearner,
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
  // The age a grade allows is counted from the school's today: the cases below are of 2026.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

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
    const first12 = '120614400908';
    const valid = first12 + luhnCheckDigit(first12);
    expect(ZLearnerSchema.parse({ ...base, idType: 'sa_id', idNumber: valid }).idNumber).toBe(valid);
    const mismatch = ZLearnerSchema.safeParse({ ...base, dateOfBirth: '2012-06-15', idType: 'sa_id', idNumber: valid });
    expect(mismatch.error?.issues[0]?.message).toBe(SCHOOL_MESSAGES.idBirthDateMismatch);
    const missing = ZLearnerSchema.safeParse({ ...base, idType: 'passport', idNumber: '' });
    expect(missing.error?.issues[0]?.message).toBe(SCHOOL_MESSAGES.idNumberRequired);
  });

  it('checks the gender digits of a South African ID (7 to 10: 5000 and up male) against female and male only', () => {
    // The tester's case: 1203155123085 is a male's ID (5123), entered with Female.
    const male = '1203155123085';
    const tester = { ...base, dateOfBirth: '2012-03-15', idType: 'sa_id', idNumber: male };
    const refused = ZLearnerSchema.safeParse(tester);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['idNumber'], message: SCHOOL_MESSAGES.idGenderMismatch }),
    ]);
    expect(ZLearnerSchema.safeParse({ ...tester, gender: 'male' }).success).toBe(true);
    // 'other' is the learner's own answer: the ID's digits are not held against it.
    expect(ZLearnerSchema.safeParse({ ...tester, gender: 'other' }).success).toBe(true);
    // A female's ID (sequence below 5000) entered as male.
    const first12 = '120315499908';
    const female = first12 + luhnCheckDigit(first12);
    const asMale = ZLearnerSchema.safeParse({ ...tester, idNumber: female, gender: 'male' });
    expect(asMale.error?.issues.map((i) => i.message)).toEqual([SCHOOL_MESSAGES.idGenderMismatch]);
    // Both wrong: both said, on the ID number.
    const both = ZLearnerSchema.safeParse({ ...tester, dateOfBirth: '2012-03-16' });
    expect(both.error?.issues.map((i) => i.message)).toEqual([
      SCHOOL_MESSAGES.idBirthDateMismatch,
      SCHOOL_MESSAGES.idGenderMismatch,
    ]);
  });

  it('says a date in the right form that does not exist does not exist', () => {
    const impossible = ZLearnerSchema.safeParse({ ...base, dateOfBirth: '2012-02-30' });
    expect(impossible.error?.issues).toEqual([
      expect.objectContaining({ path: ['dateOfBirth'], message: SCHOOL_MESSAGES.dateOfBirthNotADate }),
    ]);
    expect(ZLearnerSchema.safeParse({ ...base, dateOfBirth: '2011-02-29' }).error?.issues[0]?.message).toBe(
      SCHOOL_MESSAGES.dateOfBirthNotADate,
    );
    // 2012 was a leap year.
    expect(ZLearnerSchema.safeParse({ ...base, dateOfBirth: '2012-02-29' }).success).toBe(true);
    for (const notTheForm of ['30/02/2012', '2012-2-3', '20120203'])
      expect(ZLearnerSchema.safeParse({ ...base, dateOfBirth: notTheForm }).error?.issues[0]?.message).toBe(
        SCHOOL_MESSAGES.dateOfBirthInvalid,
      );
  });

  it('refuses an age far from the grade’s usual one (grade + 6 this year, 3 younger to 4 older)', () => {
    expect(gradeAgeRange('8')).toEqual({ usual: 14, youngest: 11, oldest: 18 });
    expect(gradeAgeRange('R')).toEqual({ usual: 6, youngest: 3, oldest: 10 });
    // The tester's case: Grade 8, born 2025-06-01, turns 1 in 2026.
    const baby = ZLearnerSchema.safeParse({ ...base, dateOfBirth: '2025-06-01' });
    expect(baby.error?.issues).toEqual([
      expect.objectContaining({
        path: ['dateOfBirth'],
        message: SCHOOL_MESSAGES.dateOfBirthImplausibleForGrade('8', 1),
      }),
    ]);
    expect(SCHOOL_MESSAGES.dateOfBirthImplausibleForGrade('8', 1)).toBe(
      'Grade 8 learners usually turn 14 this year (we accept 11 to 18); with this date of birth the learner turns 1. Please check the date of birth and the grade.',
    );
    const turning = (age: number, grade: string) =>
      ZLearnerSchema.safeParse({ ...base, grade, dateOfBirth: `${2026 - age}-12-31` }).success;
    expect([10, 11, 14, 18, 19].map((age) => turning(age, '8'))).toEqual([false, true, true, true, false]);
    expect([2, 3, 6, 10, 11].map((age) => turning(age, 'R'))).toEqual([false, true, true, true, false]);
    expect([14, 15, 22, 23].map((age) => turning(age, '12'))).toEqual([false, true, true, false]);
    // A date that is refused already gets its own message only.
    expect(
      ZLearnerSchema.safeParse({ ...base, dateOfBirth: '2027-01-01' }).error?.issues.map((i) => i.message),
    ).toEqual([SCHOOL_MESSAGES.dateOfBirthFuture]);
  });

  it('checks the age on an edit only when the date of birth or the grade changes', () => {
    // Saved in 2026 as a Grade 8 learner turning 14; in 2032 nobody has moved them up: they turn 20.
    const saved = { dateOfBirth: '2012-03-15', grade: '8' };
    const record = { ...base, ...saved };
    vi.setSystemTime(new Date('2032-01-01T08:00:00Z'));
    const edit = learnerEditSchema(saved);
    // A new learner (the form, the import) is refused for that age ...
    expect(ZLearnerSchema.safeParse(record).error?.issues).toEqual([
      expect.objectContaining({
        path: ['dateOfBirth'],
        message: SCHOOL_MESSAGES.dateOfBirthImplausibleForGrade('8', 20),
      }),
    ]);
    // ... the saved record's new address is not ...
    expect(edit.safeParse({ ...record, address: '12 Jacaranda Street' }).success).toBe(true);
    // ... a new grade or date of birth is held to the rule.
    expect(edit.safeParse({ ...record, grade: '9' }).error?.issues).toEqual([
      expect.objectContaining({
        path: ['dateOfBirth'],
        message: SCHOOL_MESSAGES.dateOfBirthImplausibleForGrade('9', 20),
      }),
    ]);
    expect(edit.safeParse({ ...record, dateOfBirth: '2012-04-15' }).success).toBe(false);
    expect(edit.safeParse({ ...record, grade: '12' }).success).toBe(true);
    expect(edit.safeParse({ ...record, dateOfBirth: '2016-04-15' }).success).toBe(true);
    // The API's request schema leaves the rule to the save, which reads the record first.
    expect(ZLearnerEditRequestSchema.safeParse(record).success).toBe(true);
    // Every other check still holds on an edit.
    expect(edit.safeParse({ ...record, firstName: ' ' }).error?.issues[0]?.message).toBe(
      SCHOOL_MESSAGES.firstNameRequired,
    );
    expect(edit.safeParse({ ...record, dateOfBirth: '2033-01-01' }).error?.issues.map((i) => i.message)).toEqual([
      SCHOOL_MESSAGES.dateOfBirthFuture,
    ]);
  });

  it('gives a date of birth of the grade’s usual age in any year, on 1 January and 31 December too', () => {
    for (const now of [
      '2026-11-29T10:00:00Z',
      '2030-12-31T21:59:00Z',
      '2031-01-01T00:30:00Z',
      '2045-06-15T12:00:00Z',
    ]) {
      vi.setSystemTime(new Date(now));
      for (const grade of ['R', '1', '8', '12'] as const) {
        const dateOfBirth = birthDateForGrade(grade);
        expect(ZLearnerSchema.safeParse({ ...base, grade, dateOfBirth }).success, `${grade} at ${now}`).toBe(true);
        expect(birthDateForGrade(grade === 'R' ? 0 : Number(grade))).toBe(dateOfBirth);
      }
    }
    // South Africa's new year starts two hours before UTC's.
    vi.setSystemTime(new Date('2030-12-31T22:30:00Z'));
    expect(birthDateForGrade('8')).toBe('2017-03-15');
    expect(birthDateForGrade(8, { monthDay: '12-31', yearsOlder: 4 })).toBe('2013-12-31');
    expect(gradeAgeRange('8').usual).toBe(2031 - 2017);
  });

  it('refuses future birth dates and unknown grades with the shared messages', () => {
    const result = ZLearnerSchema.safeParse({ ...base, dateOfBirth: '2999-01-01', grade: '13' });
    expect(result.error?.issues.map((i) => i.message).sort()).toEqual(
      [SCHOOL_MESSAGES.dateOfBirthFuture, SCHOOL_MESSAGES.gradeRequired].sort(),
    );
  });

  it('leaves the ID out of the record of a reader without manage_students', () => {
    const learner = { id: 'x', idType: 'sa_id', idNumber: '1203155123085', firstName: 'Sipho' } as unknown as TLearner;
    const viewer = toLearnerViewerRecord(learner);
    expect(viewer).toEqual({ id: 'x', firstName: 'Sipho' });
    expect(isWholeLearnerRecord(viewer)).toBe(false);
    expect(isWholeLearnerRecord(learner)).toBe(true);
    expect(readsWholeLearnerRecord(['view_students'])).toBe(false);
    expect(readsWholeLearnerRecord(['view_students', 'manage_students'])).toBe(true);
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

  it('names the subject classes that stay under their name when the new role cannot teach', () => {
    expect(subjectClassesRoleWarning('Sibusiso Khoza', 'Driver', ['9A Mathematics'])).toBe(
      'Sibusiso Khoza teaches 9A Mathematics. As Driver they can no longer teach: this subject class stays on the timetable under their name until you give it to another teacher.',
    );
    expect(subjectClassesRoleWarning('Sibusiso Khoza', 'Driver', ['9A Mathematics', '9B English'])).toBe(
      'Sibusiso Khoza teaches 9A Mathematics and 9B English. As Driver they can no longer teach: these subject classes stay on the timetable under their name until you give them to another teacher.',
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

describe('In this class since (ZRegisterClassSince)', () => {
  const today = todayInSouthAfrica();
  const parse = (value: unknown) => ZRegisterClassSince.safeParse(value);
  const message = (value: unknown) => {
    const result = parse(value);
    return result.success ? null : result.error.issues[0]?.message;
  };
  it('takes a day of this school year up to today; blank is today (null)', () => {
    expect(parse('').data).toBeNull();
    expect(parse(undefined).data).toBeNull();
    expect(parse(today).data).toBe(today);
    expect(parse(schoolYearStart(today)).data).toBe(schoolYearStart(today));
  });
  it('refuses the future, last year and a day that does not exist, each with its own message', () => {
    expect(message(addDays(today, 1))).toBe(SCHOOL_MESSAGES.classSinceFuture);
    expect(message(addDays(schoolYearStart(today), -1))).toBe(
      SCHOOL_MESSAGES.classSinceBeforeYear(schoolYearStart(today)),
    );
    expect(message(`${today.slice(0, 4)}-02-30`)).toBe(SCHOOL_MESSAGES.classSinceNotADate);
    expect(message('20/11/2026')).toBe(SCHOOL_MESSAGES.classSinceInvalid);
  });
  it('starts the school year on 1 January (the SA school year is the calendar year)', () => {
    expect(schoolYearStart('2026-11-29')).toBe('2026-01-01');
  });
});
