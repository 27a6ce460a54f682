import { describe, expect, it } from 'vitest';
import {
  canTeachSubjects,
  overlappingPeriod,
  periodHasLessonsMessage,
  periodOverlapMessage,
  removePeriodQuestion,
  removeRoomQuestion,
  removeSubjectClassQuestion,
  subjectClassTitle,
  subjectWithGroup,
} from './timetable.ts';

describe('lesson and subject class titles', () => {
  it('names a whole-class subject by its subject alone, and a group with its name', () => {
    expect(subjectWithGroup({ subjectLabel: 'Physical Sciences', groupName: null })).toBe('Physical Sciences');
    expect(subjectWithGroup({ subjectLabel: 'Mathematics', groupName: 'Group A' })).toBe('Mathematics (Group A)');
    expect(subjectWithGroup({ subjectLabel: 'Mathematics', groupName: '' })).toBe('Mathematics');
  });

  it('puts the register class first in a subject class title', () => {
    expect(subjectClassTitle({ registerClassName: '11A', subjectLabel: 'Accounting', groupName: 'Elective' })).toBe(
      '11A Accounting (Elective)',
    );
    expect(subjectClassTitle({ registerClassName: '8A', subjectLabel: 'English Home Language' })).toBe(
      '8A English Home Language',
    );
  });
});

describe('overlapping periods', () => {
  const schedule = [
    { name: 'Period 1', startsAt: '07:45', endsAt: '08:30' },
    { name: 'Period 5', startsAt: '11:15', endsAt: '12:00' },
    { name: 'Break', startsAt: '10:00', endsAt: '10:30' },
    { name: 'Period 4', startsAt: '10:30', endsAt: '11:15' },
  ];

  it('finds a period sharing minutes with another, and names both with their times', () => {
    const period6 = { name: 'Period 6', startsAt: '11:30', endsAt: '12:30' };
    const other = overlappingPeriod(period6, schedule);
    expect(other?.name).toBe('Period 5');
    expect(periodOverlapMessage(period6, other!)).toBe('Period 6 (11:30–12:30) overlaps Period 5 (11:15–12:00).');
  });

  it('lets periods touch, end to start', () => {
    expect(overlappingPeriod({ name: 'Period 2', startsAt: '08:30', endsAt: '09:15' }, schedule)).toBeUndefined();
    expect(overlappingPeriod({ name: 'Period 6', startsAt: '12:00', endsAt: '12:45' }, schedule)).toBeUndefined();
  });

  it('counts breaks and periods inside or around another, naming the earliest', () => {
    expect(overlappingPeriod({ name: 'Lunch', startsAt: '10:15', endsAt: '10:20' }, schedule)?.name).toBe('Break');
    expect(overlappingPeriod({ name: 'Assembly', startsAt: '09:50', endsAt: '11:20' }, schedule)?.name).toBe('Break');
    expect(overlappingPeriod({ name: 'Same', startsAt: '07:45', endsAt: '08:30' }, schedule)?.name).toBe('Period 1');
  });
});

describe('removing a period with lessons', () => {
  it('asks naming how many lessons in how many classes, and nothing more when it has none', () => {
    expect(removePeriodQuestion('Period 6', 0, [])).toBe('Remove Period 6?');
    expect(removePeriodQuestion('Period 6', 1, ['9A'])).toBe('Remove Period 6? Its lesson in 9A will be deleted too.');
    expect(removePeriodQuestion('Period 6', 2, ['9A'])).toBe(
      'Remove Period 6? Its 2 lessons in 9A will be deleted too.',
    );
    expect(removePeriodQuestion('Period 6', 3, ['8A', '10A'])).toBe(
      'Remove Period 6? Its 3 lessons in 2 classes (8A and 10A) will be deleted too.',
    );
    expect(removePeriodQuestion('Period 6', 9, ['8A', '8B', '9A', '9B', '10A', '10B'])).toBe(
      'Remove Period 6? Its 9 lessons in 6 classes (8A, 8B, 9A and 3 more) will be deleted too.',
    );
  });

  it('refuses an unconfirmed removal naming the lessons', () => {
    expect(periodHasLessonsMessage('Period 6', 1, ['9A'])).toBe(
      'Period 6 still has a lesson in 9A. Removing it deletes that lesson too: confirm to remove it with its lessons.',
    );
    expect(periodHasLessonsMessage('Period 6', 2, ['9A'])).toBe(
      'Period 6 still has 2 lessons in 9A. Removing it deletes them too: confirm to remove it with its lessons.',
    );
  });
});

describe('removing a subject class or a room: the question names what goes with it', () => {
  it('a subject class: its lessons, and a group’s list of chosen learners', () => {
    expect(removeSubjectClassQuestion('10A Mathematics', 4, null)).toBe(
      'Remove 10A Mathematics? Its 4 lessons will be deleted too.',
    );
    expect(removeSubjectClassQuestion('10A Mathematics', 1, null)).toBe(
      'Remove 10A Mathematics? Its lesson will be deleted too.',
    );
    expect(removeSubjectClassQuestion('12A Accounting (Elective)', 2, 18)).toBe(
      'Remove 12A Accounting (Elective)? Its 2 lessons and its list of 18 chosen learners will be deleted too.',
    );
    expect(removeSubjectClassQuestion('12A Accounting (Elective)', 0, 1)).toBe(
      'Remove 12A Accounting (Elective)? Its list of 1 chosen learner will be deleted too.',
    );
    expect(removeSubjectClassQuestion('10A Mathematics', 0, 0)).toBe('Remove 10A Mathematics? It has no lessons yet.');
  });

  it('a room: its lessons stay, without a room', () => {
    expect(removeRoomQuestion('Science Lab', 3)).toBe('Remove Science Lab? Its 3 lessons stay, without a room.');
    expect(removeRoomQuestion('Science Lab', 1)).toBe('Remove Science Lab? Its lesson stays, without a room.');
    expect(removeRoomQuestion('Science Lab', 0)).toBe('Remove Science Lab? No lesson uses it.');
  });
});

describe('who may teach a subject class', () => {
  it('teachers only, the rule the pickers, the server and the role-change warning share', () => {
    expect(['teacher', 'administrator', 'coach', 'driver', 'school_admin'].filter(canTeachSubjects)).toEqual([
      'teacher',
    ]);
  });
});
