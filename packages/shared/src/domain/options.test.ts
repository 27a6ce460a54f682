import { describe, it, expect } from 'vitest';
import { idsOf, labelOf } from './options.ts';

const LIST = [
  { id: 'a', label: 'Alpha' },
  { id: 'b', label: 'Beta' },
] as const;

describe('idsOf', () => {
  it('returns the ids in order', () => {
    expect(idsOf(LIST)).toEqual(['a', 'b']);
  });
});

describe('labelOf', () => {
  it('finds the label for a known id', () => {
    expect(labelOf(LIST, 'b')).toBe('Beta');
  });
  it('returns undefined for unknown, null or undefined ids', () => {
    expect(labelOf(LIST, 'z')).toBeUndefined();
    expect(labelOf(LIST, null)).toBeUndefined();
    expect(labelOf(LIST, undefined)).toBeUndefined();
  });
});
