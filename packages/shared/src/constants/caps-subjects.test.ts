import { describe, expect, it } from 'vitest';
import { CAPS_SUBJECTS, capsSubjectLabel, capsSubjectsForGrade, phaseOfGrade } from './caps-subjects.ts';
import { TUTOR_SUBJECTS } from './enumerations.ts';
import { defaultSchoolCalendar, SA_SCHOOL_CALENDARS } from './school-calendar.ts';

describe('CAPS subjects', () => {
  it('maps grades to phases', () => {
    expect(phaseOfGrade('R')).toBe('foundation');
    expect(phaseOfGrade('3')).toBe('foundation');
    expect(phaseOfGrade('4')).toBe('intermediate');
    expect(phaseOfGrade('7')).toBe('senior');
    expect(phaseOfGrade('9')).toBe('senior');
    expect(phaseOfGrade('10')).toBe('fet');
  });

  it('offers each phase its CAPS subjects', () => {
    const ids = (grade: Parameters<typeof capsSubjectsForGrade>[0]) => capsSubjectsForGrade(grade).map((s) => s.id);
    expect(ids('1')).toEqual(expect.arrayContaining(['english', 'mathematics', 'life_skills']));
    expect(ids('1')).not.toContain('physical_sciences');
    expect(ids('5')).toContain('natural_sciences_technology');
    expect(ids('8')).toEqual(
      expect.arrayContaining(['natural_sciences', 'technology', 'creative_arts', 'life_orientation']),
    );
    expect(ids('11')).toEqual(expect.arrayContaining(['physical_sciences', 'mathematical_literacy', 'accounting']));
    expect(ids('11')).not.toContain('life_skills');
  });

  it('has unique ids and reuses the tutor list’s ids and labels where the subject is the same', () => {
    const ids = CAPS_SUBJECTS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const tutor of TUTOR_SUBJECTS) {
      const caps = CAPS_SUBJECTS.find((s) => s.id === tutor.id);
      if (caps) expect(caps.label).toBe(tutor.label);
    }
    expect(capsSubjectLabel('mathematics')).toBe('Mathematics');
  });
});

describe('SA school calendar', () => {
  it('holds the 2026 DBE term dates', () => {
    expect(defaultSchoolCalendar(2026)).toEqual({
      year: 2026,
      provisional: false,
      terms: [
        { term: 1, startsOn: '2026-01-14', endsOn: '2026-03-27' },
        { term: 2, startsOn: '2026-04-08', endsOn: '2026-06-26' },
        { term: 3, startsOn: '2026-07-21', endsOn: '2026-09-23' },
        { term: 4, startsOn: '2026-10-06', endsOn: '2026-12-09' },
      ],
    });
    expect(defaultSchoolCalendar(2027)?.provisional).toBe(true);
    expect(defaultSchoolCalendar(2019)).toBeUndefined();
  });

  it('has four ordered terms a year, on weekdays', () => {
    for (const calendar of SA_SCHOOL_CALENDARS) {
      expect(calendar.terms).toHaveLength(4);
      calendar.terms.forEach((term, i) => {
        expect(term.endsOn > term.startsOn).toBe(true);
        if (i > 0) expect(term.startsOn > calendar.terms[i - 1]!.endsOn).toBe(true);
        for (const day of [term.startsOn, term.endsOn]) {
          const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
          expect(weekday, day).toBeGreaterThanOrEqual(1);
          expect(weekday, day).toBeLessThanOrEqual(5);
        }
      });
    }
  });
});
