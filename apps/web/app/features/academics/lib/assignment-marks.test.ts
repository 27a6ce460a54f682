import { describe, expect, it } from 'vitest';
import { readAssignmentMark, resultText } from './assignment-marks';

describe('assignment marks', () => {
  it('reads a mark with a comma, an empty one as not marked, and refuses one above the total', () => {
    expect(readAssignmentMark('7,5', 10)).toEqual({ value: 7.5 });
    expect(readAssignmentMark(' ', 10)).toEqual({ value: null });
    expect(readAssignmentMark('11', 10)).toEqual({ problem: 'The mark is above the total of 10.' });
    expect(readAssignmentMark('seven', 10)).toEqual({ problem: 'Enter a mark from 0 to 10.' });
  });
  it('shows a released mark with its total and percentage', () => {
    expect(resultText(7.5, 10)).toBe('7,5 / 10 (75%)');
    expect(resultText(18, 20)).toBe('18 / 20 (90%)');
  });
});
