import { describe, expect, it } from 'vitest';
import type { TRegister, TRegisterRow } from '@sekolo/shared/schemas/attendance';
import { changedMeanwhileNotice, mergeReading, savedMarks, type TMark } from './register-merge';

const row = (learnerId: string, firstName: string, status: TRegisterRow['status'], reason = ''): TRegisterRow => ({
  learnerId,
  firstName,
  lastName: 'Dube',
  preferredName: '',
  admissionNumber: learnerId.toUpperCase(),
  status,
  reason,
});
const reading = (rows: TRegisterRow[]): TRegister => ({
  classId: 'c',
  className: '8A',
  grade: '8',
  date: '2025-03-12',
  canMark: true,
  markedAt: null,
  rows,
});
const mark = (status: TMark['status'], reason = ''): TMark => ({ status, reason });

describe('mergeReading: a newer reading of the register over the teacher’s unsaved marks', () => {
  const opened = reading([row('a', 'Ayanda', 'present'), row('b', 'Bongi', 'present'), row('c', 'Chris', 'present')]);

  it('takes marks saved meanwhile where the teacher changed nothing, keeps the teacher’s own, and names the others', () => {
    const saved = savedMarks(opened);
    // The teacher marked Bongi late and Chris absent; someone else saved Ayanda absent and Chris excused.
    const marks = { a: mark('present'), b: mark('late', 'Taxi'), c: mark('absent') };
    const newer = reading([
      row('a', 'Ayanda', 'absent', 'Clinic'),
      row('b', 'Bongi', 'present'),
      row('c', 'Chris', 'excused', 'Funeral'),
    ]);
    const merged = mergeReading(newer, saved, marks);
    expect(merged.marks).toEqual({ a: mark('absent', 'Clinic'), b: mark('late', 'Taxi'), c: mark('absent') });
    expect(merged.saved).toEqual(savedMarks(newer));
    expect(merged.changes).toEqual([
      { name: 'Ayanda Dube', theirs: mark('absent', 'Clinic'), mine: null },
      { name: 'Chris Dube', theirs: mark('excused', 'Funeral'), mine: mark('absent') },
    ]);
    expect(changedMeanwhileNotice(merged.changes)).toBe(
      'Someone else saved this register after you opened it. It now shows their marks where you had not changed them, and keeps yours where you had: Ayanda Dube: Absent; Chris Dube: Excused (yours: Absent). Check the marks and save again.',
    );
  });

  it('names nothing after the teacher’s own save, whose reading holds their marks', () => {
    const saved = savedMarks(opened);
    const marks = { a: mark('late', ' Bus '), b: mark('present', 'ignored'), c: mark('present') };
    const newer = reading([
      row('a', 'Ayanda', 'late', 'Bus'),
      row('b', 'Bongi', 'present'),
      row('c', 'Chris', 'present'),
    ]);
    const merged = mergeReading(newer, saved, marks);
    expect(merged.changes).toEqual([]);
    expect(merged.saved).toEqual(savedMarks(newer));
  });

  it('gives a learner new to the class the saved mark', () => {
    const merged = mergeReading(
      reading([...opened.rows, row('d', 'Dineo', 'absent')]),
      savedMarks(opened),
      savedMarks(opened),
    );
    expect(merged.marks.d).toEqual(mark('absent'));
    expect(merged.changes).toEqual([]);
  });
});
