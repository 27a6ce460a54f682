import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { LIBRARY_MESSAGES as M } from '@sekolo/shared/schemas/library';
import type { DbExecutor } from '../../platform/db/client.ts';
import { libraryCopies, libraryTitles } from '../../platform/db/schema/index.ts';
import { clip, latin } from '../../platform/lib/pdf-writer.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';
import { code128Modules, drawCode128 } from './lib/code128.ts';

/** A4 in points, and the common 3 × 8 sheet of 70 × 37 mm labels. */
const PAGE = { width: 595.28, height: 841.89 };
const COLUMNS = 3;
const ROWS = 8;
const LABEL = { width: PAGE.width / COLUMNS, height: PAGE.height / ROWS };
/** Width of one module of the barcode: 0.35 mm, within what every handheld scanner reads. */
export const LABEL_MODULE = 1;
const BAR_HEIGHT = 34;

/**
 * The printable sheet of barcode labels for a title's copies (or every copy that can be lent):
 * the school's name, the book's title, the Code 128 barcode and the code in plain digits, 24 to a
 * page, in barcode order.
 */
export async function labelSheet(db: DbExecutor, ctx: TSchoolContext, titleId?: string): Promise<Uint8Array> {
  const filters: (SQL | undefined)[] = [
    eq(libraryCopies.organizationId, ctx.organizationId),
    inArray(libraryCopies.status, ['available', 'on_loan', 'held']),
  ];
  if (titleId) {
    const [title] = await db
      .select({ id: libraryTitles.id })
      .from(libraryTitles)
      .where(and(eq(libraryTitles.organizationId, ctx.organizationId), eq(libraryTitles.id, titleId)));
    if (!title) throw notFound(M.titleNotFound);
    filters.push(eq(libraryCopies.titleId, titleId));
  }
  const copies = await db
    .select({ barcode: libraryCopies.barcode, title: libraryTitles.title })
    .from(libraryCopies)
    .innerJoin(libraryTitles, eq(libraryTitles.id, libraryCopies.titleId))
    .where(and(...filters))
    .orderBy(asc(libraryCopies.barcode));

  const doc = await PDFDocument.create();
  doc.setTitle(`${ctx.schoolName} library labels`);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.1);
  const school = clip(latin(ctx.schoolName), 40);
  let page = doc.addPage([PAGE.width, PAGE.height]);
  if (copies.length === 0) {
    page.drawText('No copies to label yet.', { x: 40, y: PAGE.height - 60, size: 12, font: regular, color: ink });
  }
  copies.forEach((copy, index) => {
    const slot = index % (COLUMNS * ROWS);
    if (index > 0 && slot === 0) page = doc.addPage([PAGE.width, PAGE.height]);
    const x = (slot % COLUMNS) * LABEL.width;
    const y = PAGE.height - (Math.floor(slot / COLUMNS) + 1) * LABEL.height;
    const centre = (text: string, size: number, font: typeof regular, at: number) =>
      page.drawText(text, {
        x: x + (LABEL.width - font.widthOfTextAtSize(text, size)) / 2,
        y: at,
        size,
        font,
        color: ink,
      });
    centre(school, 7, bold, y + LABEL.height - 16);
    centre(clip(latin(copy.title), 44), 7, regular, y + LABEL.height - 26);
    const barsWidth = code128Modules(copy.barcode) * LABEL_MODULE;
    drawCode128(page, copy.barcode, x + (LABEL.width - barsWidth) / 2, y + 24, LABEL_MODULE, BAR_HEIGHT);
    centre(copy.barcode, 9, regular, y + 12);
  });
  return doc.save();
}
