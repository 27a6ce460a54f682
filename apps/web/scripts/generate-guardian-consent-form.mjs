#!/usr/bin/env node
/**
 * Writes public/documents/guardian-consent-form.pdf: the parent or guardian consent form a young
 * entrepreneur downloads in the registration wizard (spec 2.9, step 3), completes, has signed and
 * uploads in the document step. POPIA (Act 4 of 2013) s 35 lets a responsible party process a
 * child's personal information with the prior consent of a competent person; we treat everyone
 * under 18 as a child. The PDF has fillable fields (AcroForm) and lines for handwritten signatures.
 *
 * Run: npm run generate:consent-form -w @sekolo/web   (the output is committed; re-run after edits)
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

const OUTPUT = path.resolve(import.meta.dirname, '../public/documents/guardian-consent-form.pdf');
const PRIVACY_EMAIL = 'privacy@sekolo.co.za';

const A4 = [595.28, 841.89];
const MARGIN = 50;
const WIDTH = A4[0] - 2 * MARGIN;
const BRAND = rgb(0.05, 0.35, 0.3);
const INK = rgb(0.1, 0.12, 0.15);
const MUTED = rgb(0.35, 0.38, 0.42);

const doc = await PDFDocument.create();
doc.setTitle('Sekolo - Parent or Guardian Consent Form (Young Entrepreneur)');
doc.setAuthor('Sekolo');
doc.setSubject('Consent of a parent or legal guardian under POPIA section 35 for a young entrepreneur shop');
doc.setKeywords(['Sekolo', 'POPIA', 'consent', 'guardian', 'young entrepreneur']);
doc.setCreationDate(new Date('2026-11-01T00:00:00Z'));
doc.setModificationDate(new Date('2026-11-01T00:00:00Z'));
doc.setProducer('Sekolo');
doc.setCreator('apps/web/scripts/generate-guardian-consent-form.mjs');

const regular = await doc.embedFont(StandardFonts.Helvetica);
const bold = await doc.embedFont(StandardFonts.HelveticaBold);
const form = doc.getForm();

let page;
let y;
let pageNumber = 0;

function newPage() {
  page = doc.addPage(A4);
  pageNumber += 1;
  y = A4[1] - MARGIN;
  page.drawText('Sekolo', { x: MARGIN, y: y - 4, size: 16, font: bold, color: BRAND });
  page.drawText('Parent or Guardian Consent Form - Young Entrepreneur', {
    x: MARGIN + 70,
    y: y - 2,
    size: 10,
    font: regular,
    color: MUTED,
  });
  page.drawLine({ start: { x: MARGIN, y: y - 12 }, end: { x: A4[0] - MARGIN, y: y - 12 }, thickness: 1, color: BRAND });
  page.drawText(`Page ${pageNumber}`, { x: A4[0] - MARGIN - 40, y: MARGIN - 25, size: 8, font: regular, color: MUTED });
  page.drawText('Sekolo | privacy@sekolo.co.za | Keep a copy of this form for your records.', {
    x: MARGIN,
    y: MARGIN - 25,
    size: 8,
    font: regular,
    color: MUTED,
  });
  y -= 36;
}

function ensure(space) {
  if (y - space < MARGIN) newPage();
}

function wrap(text, font, size, width) {
  const lines = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) > width && line) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    lines.push(line);
  }
  return lines;
}

function paragraph(text, { size = 9.5, font = regular, color = INK, indent = 0, gap = 6 } = {}) {
  const lines = wrap(text, font, size, WIDTH - indent);
  for (const line of lines) {
    ensure(size + 4);
    page.drawText(line, { x: MARGIN + indent, y, size, font, color });
    y -= size + 3.5;
  }
  y -= gap;
}

function heading(text) {
  ensure(40);
  y -= 4;
  page.drawText(text, { x: MARGIN, y, size: 12, font: bold, color: BRAND });
  y -= 18;
}

let fieldCount = 0;
function textField(label, name, { width = WIDTH, multiline = false, height = 20 } = {}) {
  ensure(height + 22);
  page.drawText(label, { x: MARGIN, y, size: 8.5, font: bold, color: INK });
  y -= height + 4;
  const field = form.createTextField(name);
  if (multiline) field.enableMultiline();
  field.addToPage(page, { x: MARGIN, y, width, height, font: regular, borderColor: MUTED, borderWidth: 0.75 });
  field.setFontSize(multiline ? 9 : 10);
  fieldCount += 1;
  y -= 10;
}

function twoFields(left, right) {
  const half = (WIDTH - 12) / 2;
  ensure(44);
  const top = y;
  page.drawText(left[0], { x: MARGIN, y: top, size: 8.5, font: bold, color: INK });
  page.drawText(right[0], { x: MARGIN + half + 12, y: top, size: 8.5, font: bold, color: INK });
  const fieldY = top - 24;
  for (const [index, [, name]] of [left, right].entries()) {
    const field = form.createTextField(name);
    field.addToPage(page, {
      x: MARGIN + index * (half + 12),
      y: fieldY,
      width: half,
      height: 20,
      font: regular,
      borderColor: MUTED,
      borderWidth: 0.75,
    });
    field.setFontSize(10);
    fieldCount += 1;
  }
  y = fieldY - 10;
}

function checkbox(name, text) {
  const lines = wrap(text, regular, 9.5, WIDTH - 22);
  ensure(lines.length * 13 + 8);
  const box = form.createCheckBox(name);
  box.addToPage(page, { x: MARGIN, y: y - 3, width: 11, height: 11, borderColor: INK, borderWidth: 0.75 });
  fieldCount += 1;
  for (const line of lines) {
    page.drawText(line, { x: MARGIN + 20, y, size: 9.5, font: regular, color: INK });
    y -= 13;
  }
  y -= 5;
}

function signatureLine(label) {
  ensure(50);
  y -= 28;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + 260, y }, thickness: 0.75, color: INK });
  y -= 11;
  page.drawText(label, { x: MARGIN, y, size: 8.5, font: regular, color: MUTED });
  y -= 12;
}

// ---------------------------------------------------------------------------------------------

newPage();
page.drawText('Parent or Guardian Consent Form', { x: MARGIN, y, size: 18, font: bold, color: INK });
y -= 16;
page.drawText('for a young entrepreneur (a learner under 18) opening a shop on Sekolo', {
  x: MARGIN,
  y,
  size: 10.5,
  font: regular,
  color: MUTED,
});
y -= 22;

heading('1. Why we ask for this form');
paragraph(
  'The Protection of Personal Information Act 4 of 2013 (POPIA) treats everyone under 18 as a child. Section 35 of POPIA allows Sekolo to process ' +
    "a child's personal information only with the prior consent of a competent person: a parent or legal guardian. This form records that consent, " +
    'and your acceptance of responsibility for the shop the child runs on Sekolo.',
);
paragraph(
  'How to use it: fill in the fields (on screen or by hand), sign it by hand in section 5, then scan or photograph the whole form and upload it as ' +
    "'Signed Guardian Consent Form' in the Document Upload step of the application. We will also e-mail you a link to confirm your consent online.",
);

heading('2. The young entrepreneur (the child)');
twoFields(['First name(s)', 'child.firstNames'], ['Surname', 'child.surname']);
twoFields(['Date of birth (YYYY-MM-DD)', 'child.dateOfBirth'], ['Grade (1 to 12)', 'child.grade']);
twoFields(['School', 'child.school'], ['Name of the shop on Sekolo', 'child.shopName']);

heading('3. The parent or legal guardian (the competent person)');
twoFields(['First name(s)', 'guardian.firstNames'], ['Surname', 'guardian.surname']);
twoFields(
  ['Relation to the child (parent, legal guardian, grandparent, other)', 'guardian.relation'],
  ['South African ID or passport number', 'guardian.idNumber'],
);
textField('Residential address', 'guardian.address', { multiline: true, height: 34 });
twoFields(['E-mail address', 'guardian.email'], ['Phone number', 'guardian.phone']);
textField(
  'If you are not the parent: the court order, letter of guardianship or other document that makes you the legal guardian',
  'guardian.authority',
);

heading('4. Consent');
paragraph('Tick each statement you agree with. All statements must be ticked for the application to be accepted.', {
  color: MUTED,
});
checkbox(
  'consent.competentPerson',
  "I am the parent or legal guardian of the child named in section 2 and I am legally able to consent on the child's behalf.",
);
checkbox(
  'consent.shop',
  'I consent to the child opening and running a shop on Sekolo, selling goods or services to other users of the platform.',
);
checkbox(
  'consent.processing',
  "I consent to Sekolo processing the child's personal information: name, date of birth, school and grade, contact details, identity and " +
    'supporting documents, shop details, sales, payments, payouts and messages. The purposes are to assess the application, run the shop, ' +
    'process payments and payouts, keep the platform safe, and meet legal duties such as tax and financial record keeping.',
);
checkbox(
  'consent.responsibility',
  "I accept responsibility for the child's acts on Sekolo, including every sale, purchase, listing and message made through the shop, " +
    'and I will supervise the shop, its payments and its deliveries.',
);
checkbox(
  'consent.limits',
  "I understand that Sekolo will not sell the child's personal information, will not use it for direct marketing to the child, shares it only " +
    'with service providers who process it for the purposes above under written agreements (for example payment and storage providers), ' +
    'and keeps it only as long as the purposes or the law require.',
);
checkbox(
  'consent.rights',
  "I understand that I may ask to see, correct or delete the child's personal information, object to its processing, and withdraw this " +
    `consent at any time by e-mailing ${PRIVACY_EMAIL}. Withdrawing consent closes the shop; it does not affect processing that took place before.`,
);
paragraph(
  'If you are not satisfied with how we handle a request, you may complain to the Information Regulator (South Africa), ' +
    'www.inforegulator.org.za, e-mail enquiries@inforegulator.org.za.',
  { color: MUTED, size: 8.5 },
);

heading('5. Signatures');
paragraph('Signed by the parent or legal guardian:', { gap: 2 });
signatureLine('Signature of the parent or legal guardian');
twoFields(['Full name of the signatory', 'signature.guardianName'], ['Date (YYYY-MM-DD)', 'signature.date']);
textField('Signed at (place)', 'signature.place', { width: WIDTH / 2 - 6 });
paragraph('Acknowledged by the young entrepreneur (optional): I have read this form with my parent or guardian.', {
  gap: 2,
});
signatureLine('Signature of the young entrepreneur');

paragraph(
  'Sekolo is the responsible party for this personal information. Our Privacy Policy (www.sekolo.co.za/privacy-policy) explains how we handle ' +
    'personal information, including that of children.',
  { color: MUTED, size: 8.5 },
);

form.updateFieldAppearances(regular);
const bytes = await doc.save({ useObjectStreams: false });
await mkdir(path.dirname(OUTPUT), { recursive: true });
await writeFile(OUTPUT, bytes);
console.log(
  `Wrote ${path.relative(process.cwd(), OUTPUT)} (${pageNumber} pages, ${fieldCount} fields, ${bytes.length} bytes)`,
);
