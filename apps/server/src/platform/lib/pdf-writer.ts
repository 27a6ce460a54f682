import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * A plain A4 document in Helvetica, written top to bottom: the school's statements, receipts and
 * reports. `text` writes at the current line, `down` moves to the next (a new page at the foot).
 */

/** Helvetica writes Latin-1 only: other letters lose their accents, anything else goes. */
export const latin = (text: string) =>
  text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '');

export class Writer {
  page: PDFPage;
  y = 800;
  constructor(
    private doc: PDFDocument,
    private regular: PDFFont,
    private bold: PDFFont,
  ) {
    this.page = doc.addPage([595, 842]);
  }
  text(text: string, x: number, options: { size?: number; bold?: boolean; right?: boolean } = {}) {
    const size = options.size ?? 9;
    const font = options.bold ? this.bold : this.regular;
    const clean = latin(text);
    const width = font.widthOfTextAtSize(clean, size);
    this.page.drawText(clean, { x: options.right ? x - width : x, y: this.y, size, font, color: rgb(0.1, 0.1, 0.1) });
  }
  down(by = 14) {
    this.y -= by;
    if (this.y < 50) {
      this.page = this.doc.addPage([595, 842]);
      this.y = 800;
    }
  }
  rule() {
    this.page.drawLine({
      start: { x: 40, y: this.y + 10 },
      end: { x: 555, y: this.y + 10 },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
  }
}

export async function writer() {
  const doc = await PDFDocument.create();
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  return { doc, w };
}

export const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 3)}...` : text);
