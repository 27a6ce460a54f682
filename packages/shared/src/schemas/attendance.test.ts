import { describe, expect, it } from 'vitest';
import {
  ATTENDANCE_MESSAGES,
  attendanceDayProblem,
  attendanceMonthProblem,
  formatAttendanceRate,
  gradeRatesPeriodText,
  registersMarkedSummary,
} from './attendance.ts';

describe('the days and months the register page opens', () => {
  const today = '2026-11-20';

  it('opens a whole date from 2000 to the school’s today', () => {
    expect(attendanceDayProblem('2026-11-20', today)).toBeNull();
    expect(attendanceDayProblem('2000-01-01', today)).toBeNull();
    expect(attendanceDayProblem('2025-02-28', today)).toBeNull();
  });

  it('refuses the years a date field passes through while its year is typed, and what is not a date', () => {
    for (const typing of ['0002-11-20', '0020-11-20', '0202-11-20', '1999-12-31']) {
      expect(attendanceDayProblem(typing, today), typing).toBe(ATTENDANCE_MESSAGES.dateTooEarly);
    }
    expect(attendanceDayProblem('', today)).toBe(ATTENDANCE_MESSAGES.dateInvalid);
    expect(attendanceDayProblem('2026-02-30', today)).toBe(ATTENDANCE_MESSAGES.dateInvalid);
    expect(attendanceDayProblem('2026-11-21', today)).toBe(ATTENDANCE_MESSAGES.dateFuture);
  });

  it('opens the months from January 2000 to this month', () => {
    expect(attendanceMonthProblem('2026-11', today)).toBeNull();
    expect(attendanceMonthProblem('2000-01', today)).toBeNull();
    expect(attendanceMonthProblem('0202-11', today)).toBe(ATTENDANCE_MESSAGES.monthTooEarly);
    expect(attendanceMonthProblem('2026-12', today)).toBe(ATTENDANCE_MESSAGES.monthFuture);
    expect(attendanceMonthProblem('2026-13', today)).toBe(ATTENDANCE_MESSAGES.monthInvalid);
    expect(attendanceMonthProblem('', today)).toBe(ATTENDANCE_MESSAGES.monthInvalid);
  });
});

describe("the attendance page's line about the day's registers", () => {
  it('says all are marked only when every register is kept and covers its whole class', () => {
    expect(registersMarkedSummary(4, 0, 0)).toBe('All 4 registers are marked.');
    expect(registersMarkedSummary(4, 2, 0)).toBe('2 of 4 registers not marked yet.');
    // A register saved before a learner joined the class is kept, but not all marked.
    expect(registersMarkedSummary(4, 0, 1)).toBe('1 of 4 registers has learners not marked yet.');
    expect(registersMarkedSummary(4, 0, 2)).toBe('2 of 4 registers have learners not marked yet.');
    expect(registersMarkedSummary(4, 1, 1)).toBe(
      '1 of 4 registers not marked yet; 1 register has learners not marked yet.',
    );
  });
});

describe('the rates per grade', () => {
  it('writes every rate to one decimal, so that 95 and 95.7 read alike', () => {
    expect(formatAttendanceRate(95)).toBe('95.0%');
    expect(formatAttendanceRate(95.7)).toBe('95.7%');
    expect(formatAttendanceRate(100)).toBe('100.0%');
    expect(formatAttendanceRate(0)).toBe('0.0%');
    expect(formatAttendanceRate(null)).toBe('–');
  });

  it('says the period counted, ending today while the month runs', () => {
    expect(gradeRatesPeriodText('2026-11-01', '2026-11-29', '2026-11-29')).toBe(
      'Marks from 1 November 2026 to today, 29 November 2026; present and late count as attending.',
    );
    expect(gradeRatesPeriodText('2026-10-01', '2026-10-31', '2026-11-29')).toBe(
      'Marks from 1 October 2026 to 31 October 2026; present and late count as attending.',
    );
  });
});
