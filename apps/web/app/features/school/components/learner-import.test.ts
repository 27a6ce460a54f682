import { describe, expect, it } from 'vitest';
import { SCHOOL_MESSAGES, type TLearnerImportReport } from '@sekolo/shared/schemas/school';
import { importAdvice } from './learner-import';

const report = (over: Partial<TLearnerImportReport>): TLearnerImportReport => ({
  totalRows: 3,
  validRows: 0,
  invalidRows: 0,
  imported: 0,
  errors: [],
  fileError: null,
  ...over,
});

describe('importAdvice: what the check of a file tells the admin to do', () => {
  it('offers the valid rows only when there are some', () => {
    expect(importAdvice(report({ validRows: 2, invalidRows: 1 }))).toBe(SCHOOL_MESSAGES.csvHasErrors);
    expect(importAdvice(report({ validRows: 0, invalidRows: 3 }))).toBe(SCHOOL_MESSAGES.csvNoValidRows);
    expect(SCHOOL_MESSAGES.csvNoValidRows).not.toContain('valid rows');
  });

  it('says nothing over a clean file or an import that went through', () => {
    expect(importAdvice(report({ validRows: 3 }))).toBeNull();
    expect(importAdvice(report({ validRows: 2, invalidRows: 1, imported: 2 }))).toBeNull();
  });
});
