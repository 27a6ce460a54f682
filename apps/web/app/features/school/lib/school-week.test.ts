import { describe, expect, it } from 'vitest';
import type { TLesson, TPeriod } from '@sekolo/shared/schemas/timetable';
import { hasLessons, lessonsOn, schoolWeekday } from './school-week';

const period = (id: string, startsAt: string, isBreak = false): TPeriod => ({
  id,
  name: id,
  startsAt,
  endsAt: startsAt,
  isBreak,
});
const lesson = (id: string, day: number, periodId: string): TLesson => ({
  id,
  day,
  periodId,
  subjectClassId: 's',
  subjectLabel: id,
  groupName: null,
  wholeClass: true,
  teacherId: 't',
  teacherName: 'Ms Radebe',
  registerClassId: 'c',
  registerClassName: '8A',
  roomId: null,
  roomName: null,
});

describe('the family week', () => {
  it('names the school weekday of a date, 0 on a weekend', () => {
    expect(schoolWeekday('2026-11-23')).toBe(1);
    expect(schoolWeekday('2026-11-27')).toBe(5);
    expect(schoolWeekday('2026-11-28')).toBe(0);
    expect(schoolWeekday('2026-11-29')).toBe(0);
  });

  it('lists a day’s lessons in bell order, whatever order they arrive in', () => {
    const week = {
      periods: [period('P1', '07:45'), period('Break', '10:00', true), period('P2', '10:30')],
      lessons: [lesson('Science', 2, 'P2'), lesson('English', 2, 'P1'), lesson('History', 3, 'P1')],
    };
    expect(lessonsOn(week, 2).map((l) => [l.period.id, l.lesson.subjectLabel])).toEqual([
      ['P1', 'English'],
      ['P2', 'Science'],
    ]);
    expect(lessonsOn(week, 1)).toEqual([]);
    expect(hasLessons(week)).toBe(true);
    expect(hasLessons({ periods: week.periods, lessons: [] })).toBe(false);
  });
});
