import { describe, expect, it } from 'vitest';
import { markPresentLabel, markUnmarkedPresent } from './mark-present';

describe('Mark all present', () => {
  it('marks only the learners not marked yet, keeping the absences, lates and excuses set', () => {
    const marks = {
      lindiwe: { status: 'absent' as const, reason: 'Sick' },
      thabo: { status: null, reason: '' },
      ayanda: { status: 'late' as const, reason: 'Taxi' },
      pieter: { status: null, reason: '' },
    };
    expect(markUnmarkedPresent(marks)).toEqual({
      lindiwe: { status: 'absent', reason: 'Sick' },
      thabo: { status: 'present', reason: '' },
      ayanda: { status: 'late', reason: 'Taxi' },
      pieter: { status: 'present', reason: '' },
    });
  });

  it('names what it will do: all, the others counted, the last one, or nothing to do', () => {
    expect(markPresentLabel(40, 40)).toBe('Mark all present');
    expect(markPresentLabel(38, 40)).toBe('Mark the other 38 present');
    expect(markPresentLabel(1, 40)).toBe('Mark the last learner present');
    expect(markPresentLabel(0, 40)).toBeNull();
  });
});
