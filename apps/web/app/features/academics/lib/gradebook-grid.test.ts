import { describe, expect, it } from 'vitest';
import {
  isBlockPaste,
  levelText,
  markText,
  moveFrom,
  parsePasteBlock,
  pasteTargets,
  percentText,
  readCell,
} from './gradebook-grid';

describe('parsePasteBlock', () => {
  it('reads rows and tab-separated cells, without the trailing newline a spreadsheet adds', () => {
    expect(parsePasteBlock('12\t14\r\n8\tAB\r\n')).toEqual([
      ['12', '14'],
      ['8', 'AB'],
    ]);
  });
  it('keeps empty cells in their place', () => {
    expect(parsePasteBlock('\t5\n7\t')).toEqual([
      ['', '5'],
      ['7', ''],
    ]);
  });
  it('tells a block from a single value', () => {
    expect(isBlockPaste('12')).toBe(false);
    expect(isBlockPaste('12\n')).toBe(false);
    expect(isBlockPaste('12\t13')).toBe(true);
    expect(isBlockPaste('12\n13')).toBe(true);
  });
});

describe('pasteTargets', () => {
  it('fills from the focused cell and leaves out what falls outside the grid', () => {
    const targets = pasteTargets(
      [
        ['1', '2', '3'],
        ['4', '5', '6'],
      ],
      { row: 2, col: 1 },
      { rows: 3, cols: 3 },
    );
    expect(targets).toEqual([
      { row: 2, col: 1, text: '1' },
      { row: 2, col: 2, text: '2' },
    ]);
  });
});

describe('moveFrom', () => {
  const size = { rows: 3, cols: 4 };
  it('moves with the arrows and Enter, and stops at the edges', () => {
    expect(moveFrom({ row: 1, col: 1 }, 'ArrowDown', size)).toEqual({ row: 2, col: 1 });
    expect(moveFrom({ row: 1, col: 1 }, 'ArrowUp', size)).toEqual({ row: 0, col: 1 });
    expect(moveFrom({ row: 1, col: 1 }, 'Enter', size)).toEqual({ row: 2, col: 1 });
    expect(moveFrom({ row: 1, col: 1 }, 'Enter', size, { shift: true })).toEqual({ row: 0, col: 1 });
    expect(moveFrom({ row: 2, col: 1 }, 'ArrowDown', size)).toBeNull();
    expect(moveFrom({ row: 0, col: 3 }, 'ArrowRight', size)).toBeNull();
    expect(moveFrom({ row: 0, col: 0 }, 'a', size)).toBeNull();
  });
  it('leaves left and right to the text while the caret is inside it', () => {
    expect(moveFrom({ row: 0, col: 1 }, 'ArrowLeft', size, { caretAtStart: false })).toBeNull();
    expect(moveFrom({ row: 0, col: 1 }, 'ArrowRight', size, { caretAtEnd: false })).toBeNull();
    expect(moveFrom({ row: 0, col: 1 }, 'ArrowRight', size, { caretAtEnd: true })).toEqual({ row: 0, col: 2 });
  });
});

describe('mark display', () => {
  it('shows marks the South African way and the codes as they are', () => {
    expect(markText(12.5)).toBe('12,5');
    expect(markText(40)).toBe('40');
    expect(markText('AB')).toBe('AB');
    expect(markText(null)).toBe('');
  });
  it('shows a percentage with one decimal and a level with its description', () => {
    expect(percentText(67.5)).toBe('67,5%');
    expect(percentText(null)).toBe('–');
    expect(levelText(6)).toBe('6 (Meritorious achievement)');
    expect(levelText(null)).toBe('–');
  });
  it('reads a cell against the task total', () => {
    expect(readCell('12,5', 50)).toEqual({ value: 12.5 });
    expect(readCell('ab', 50)).toEqual({ value: 'AB' });
    expect(readCell('', 50)).toEqual({ value: null });
    expect(readCell('51', 50)).toEqual({ problem: 'Above the total of 50' });
    expect(readCell('x', 50)).toEqual({ problem: 'Enter a mark, AB or EX' });
  });
});
