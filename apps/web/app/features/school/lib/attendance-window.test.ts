import { describe, expect, it } from 'vitest';
import { attendanceWindowText, formatSchoolDay, markedDaysText } from './attendance-window';

describe('the attendance summary’s window', () => {
  it('names its school days, and the other days with a register kept that it counts', () => {
    const window = { from: '2026-10-09', to: '2026-11-20', schoolDays: 30, otherDays: 0 };
    expect(attendanceWindowText(window)).toBe('The last 30 school days, 9 October to 20 November.');
    expect(attendanceWindowText({ ...window, to: '2026-11-21', otherDays: 1 })).toBe(
      'The last 30 school days and 1 other day with a register kept, 9 October to 21 November.',
    );
    expect(attendanceWindowText({ ...window, otherDays: 2 })).toContain('and 2 other days with a register kept');
  });
  it('reads a day without shifting it by the time zone', () => {
    expect(formatSchoolDay('2026-11-23')).toBe('Monday, 23 November');
  });
  it('says on how many of its days the learner was marked, when not on all of them', () => {
    const counts = { present: 17, late: 2, absent: 1, excused: 0 };
    expect(markedDaysText({ schoolDays: 30, otherDays: 0, counts }, 'Kabelo')).toBe(
      'Registers marked for Kabelo on 20 of these 30 days.',
    );
    expect(markedDaysText({ schoolDays: 20, otherDays: 1, counts }, 'you')).toBe(
      'Registers marked for you on 20 of these 21 days.',
    );
    expect(markedDaysText({ schoolDays: 20, otherDays: 0, counts }, 'Kabelo')).toBeNull();
    expect(
      markedDaysText(
        { schoolDays: 30, otherDays: 0, counts: { present: 0, late: 0, absent: 0, excused: 0 } },
        'Kabelo',
      ),
    ).toBeNull();
  });
});
