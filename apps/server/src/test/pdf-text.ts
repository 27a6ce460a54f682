import { inflateSync } from 'node:zlib';

/**
 * The text a pdf-lib document draws with its standard fonts, one string per drawText call, in
 * drawing order: the content streams inflated and their hex-encoded `Tj` strings decoded (WinAnsi,
 * which is Latin-1 for the characters invoices use). Enough for tests to read what a PDF says.
 */
export function pdfTexts(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes);
  const texts: string[] = [];
  let from = 0;
  for (;;) {
    const start = raw.indexOf('stream\n', from, 'latin1');
    if (start < 0) break;
    const end = raw.indexOf('\nendstream', start, 'latin1');
    if (end < 0) break;
    const header = raw.subarray(Math.max(0, start - 200), start).toString('latin1');
    let body = raw.subarray(start + 'stream\n'.length, end);
    if (header.includes('/FlateDecode')) {
      try {
        body = inflateSync(body);
      } catch {
        body = Buffer.alloc(0);
      }
    }
    for (const match of body.toString('latin1').matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      texts.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
    }
    // Past the whole 'endstream' keyword: its own 'stream' is no start of another stream.
    from = end + '\nendstream'.length;
  }
  return texts;
}
