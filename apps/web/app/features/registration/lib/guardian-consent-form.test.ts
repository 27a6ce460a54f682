import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { GUARDIAN_CONSENT_FORM_PATH } from '@sekolo/shared/schemas/registration/young-entrepreneur';

const file = path.resolve(import.meta.dirname, '../../../../public', GUARDIAN_CONSENT_FORM_PATH.slice(1));

describe('guardian consent form PDF (spec 2.9 step 3; POPIA s 35, D15)', () => {
  it('is a real PDF at the static path the wizard links to, with fields to fill in and tick', async () => {
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toContain('Consent');
    const names = pdf
      .getForm()
      .getFields()
      .map((field) => field.getName());
    expect(names).toEqual(
      expect.arrayContaining([
        'child.firstNames',
        'child.dateOfBirth',
        'guardian.idNumber',
        'guardian.relation',
        'consent.processing',
        'consent.responsibility',
        'signature.guardianName',
        'signature.date',
      ]),
    );
  });
});
