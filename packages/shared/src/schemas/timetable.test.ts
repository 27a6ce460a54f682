import { describe, expect, it } from 'vitest';
import { subjectClassTitle, subjectWithGroup } from './timetable.ts';

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
