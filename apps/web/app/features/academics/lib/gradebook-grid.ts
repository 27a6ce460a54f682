import { ACHIEVEMENT_LEVELS, parseMarkText, type TMarkValue } from '@sekolo/shared/schemas/assessment';

/** A cell of the grid by its row (learner) and column (task), both counted from 0. */
export type TCellPos = { row: number; col: number };

/** The key the server uses for a cell in SAVED_MEANWHILE's `fields`: "learnerId:taskId". */
export function cellKey(learnerId: string, taskId: string): string {
  return `${learnerId}:${taskId}`;
}

/**
 * A block copied from a spreadsheet: rows on new lines, cells split by tabs. The newline a
 * spreadsheet adds after the last row is not a row of its own.
 */
export function parsePasteBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}

/** Whether a paste is more than one cell's text (a single value is typed into the cell as usual). */
export function isBlockPaste(text: string): boolean {
  const block = parsePasteBlock(text);
  return block.length > 1 || (block[0]?.length ?? 0) > 1;
}

/**
 * The cells a pasted block fills from `start`: what falls outside the grid (more rows than
 * learners, more columns than tasks) is left out.
 */
export function pasteTargets(
  block: string[][],
  start: TCellPos,
  size: { rows: number; cols: number },
): Array<TCellPos & { text: string }> {
  const targets: Array<TCellPos & { text: string }> = [];
  block.forEach((cells, r) => {
    cells.forEach((text, c) => {
      const row = start.row + r;
      const col = start.col + c;
      if (row < size.rows && col < size.cols) targets.push({ row, col, text: text.trim() });
    });
  });
  return targets;
}

/**
 * Where a key moves the focus in the grid, or null when the key is not a move (or would leave the
 * grid). Arrows move one cell; Enter moves down a row and Shift+Enter up, as in a spreadsheet. Left
 * and right move only when the caret is at the edge of the text, so a mark can still be edited.
 */
export function moveFrom(
  pos: TCellPos,
  key: string,
  size: { rows: number; cols: number },
  options: { shift?: boolean; caretAtStart?: boolean; caretAtEnd?: boolean } = {},
): TCellPos | null {
  const { shift = false, caretAtStart = true, caretAtEnd = true } = options;
  let { row, col } = pos;
  switch (key) {
    case 'ArrowUp':
      row -= 1;
      break;
    case 'ArrowDown':
      row += 1;
      break;
    case 'Enter':
      row += shift ? -1 : 1;
      break;
    case 'ArrowLeft':
      if (!caretAtStart) return null;
      col -= 1;
      break;
    case 'ArrowRight':
      if (!caretAtEnd) return null;
      col += 1;
      break;
    default:
      return null;
  }
  if (row < 0 || row >= size.rows || col < 0 || col >= size.cols) return null;
  return { row, col };
}

const MARK_FORMAT = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 2 });
const PERCENT_FORMAT = new Intl.NumberFormat('en-ZA', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A stored mark as the cell shows it: "12,5", "AB", "EX" or "" for none. */
export function markText(value: TMarkValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return MARK_FORMAT.format(value);
  return value;
}

/** A term or year mark: "67,5%", or "–" while nothing counts. */
export function percentText(percent: number | null): string {
  return percent === null ? '–' : `${PERCENT_FORMAT.format(percent)}%`;
}

/** A level of the 7-point scale with its description, e.g. "6 (Meritorious achievement)". */
export function levelText(level: number | null): string {
  if (level === null) return '–';
  const found = ACHIEVEMENT_LEVELS.find((l) => l.level === level);
  return found ? `${level} (${found.label})` : String(level);
}

/**
 * What a cell's text says, checked against the task's total: the value to save, or the problem
 * with it.
 */
export function readCell(text: string, maxMark: number): { value: TMarkValue } | { problem: string } {
  const value = parseMarkText(text);
  if (value === undefined) return { problem: 'Enter a mark, AB or EX' };
  if (typeof value === 'number' && value > maxMark) return { problem: `Above the total of ${maxMark}` };
  return { value };
}

/** Whether two stored values are the same mark. */
export function sameMark(a: TMarkValue, b: TMarkValue): boolean {
  return a === b;
}
