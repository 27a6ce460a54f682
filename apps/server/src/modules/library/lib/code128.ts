import { rgb, type PDFPage } from 'pdf-lib';

/**
 * Code 128 (ISO/IEC 15417), code set B: every printable ASCII character, which covers the
 * library's barcodes ('LIB-000123'). A symbol is the start character, one character per letter,
 * a check character (the start's value plus each character's value times its position, modulo
 * 103) and the stop character; each is six elements (bar, space, bar, space, bar, space) of 1 to 4
 * modules summing to 11, the stop seven elements summing to 13.
 */

/** Element widths of each symbol value 0 to 105 and the stop (106), bar first. */
// prettier-ignore
export const CODE128_PATTERNS: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

export const START_B = 104;
export const STOP = 106;

/** The symbol values of `text` in code set B: start, characters, check, stop. */
export function code128Values(text: string): number[] {
  const values = [START_B];
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 32 || code > 126) throw new Error(`Code 128 B cannot encode ${JSON.stringify(char)}`);
    values.push(code - 32);
  }
  let sum = START_B;
  for (let i = 1; i < values.length; i++) sum += values[i]! * i;
  values.push(sum % 103, STOP);
  return values;
}

/** The element widths in modules, bar first, alternating bar and space (start to stop). */
export function code128Widths(text: string): number[] {
  return code128Values(text).flatMap((value) => [...CODE128_PATTERNS[value]!].map(Number));
}

/** How many modules wide the symbol of `text` is (without the quiet zones). */
export const code128Modules = (text: string) => 11 * (text.length + 3) + 2;

/**
 * Draws the bars of `text` on `page` with the lower left corner at (x, y), each module `module`
 * points wide. The caller leaves 10 modules of white on each side (the quiet zone).
 */
export function drawCode128(page: PDFPage, text: string, x: number, y: number, module: number, height: number): void {
  let at = x;
  code128Widths(text).forEach((width, index) => {
    if (index % 2 === 0) page.drawRectangle({ x: at, y, width: width * module, height, color: rgb(0, 0, 0) });
    at += width * module;
  });
}
