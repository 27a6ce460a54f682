import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LEARNER_CSV_COLUMNS,
  learnerAgeForGradeProblem,
  SCHOOL_MESSAGES,
  type TLearnerImportReport,
} from '@sekolo/shared/schemas/school';
import { importAdvice, importProgressText, learnerCsvTemplate, progressQuarter } from './learner-import';

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

describe('learnerCsvTemplate: the template to download', () => {
  afterEach(() => vi.useRealTimers());

  it('holds an example learner of the grade’s age in any year, on 1 January too', () => {
    for (const now of ['2026-11-29T10:00:00Z', '2031-01-01T00:30:00Z', '2040-06-01T10:00:00Z']) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(now));
      const [header, example] = learnerCsvTemplate().trim().split('\r\n');
      expect(header).toBe(LEARNER_CSV_COLUMNS.join(','));
      const cells = example!.split(',');
      const cell = (column: string) => cells[LEARNER_CSV_COLUMNS.indexOf(column as never)]!;
      expect(learnerAgeForGradeProblem({ dateOfBirth: cell('date_of_birth'), grade: cell('grade') }), now).toBeNull();
      vi.useRealTimers();
    }
  });
});

describe('importProgressText and progressQuarter: what the progress of a long check says', () => {
  it('counts rows as the school reads them, then learners imported', () => {
    expect(importProgressText({ phase: 'check', done: 2400, total: 5000 })).toBe(
      'Checked 2\u00a0400 of 5\u00a0000 rows',
    );
    expect(importProgressText({ phase: 'import', done: 0, total: 1 })).toBe('Imported 0 of 1 learner');
    expect(importProgressText({ phase: 'import', done: 200, total: 4898 })).toBe('Imported 200 of 4\u00a0898 learners');
  });

  it('announces a quarter at a time, not every line', () => {
    const quarters = [0, 200, 1200, 1250, 2400, 2500, 3749, 3750, 4999, 5000].map((done) =>
      progressQuarter({ phase: 'check', done, total: 5000 }),
    );
    expect(quarters).toEqual([0, 0, 0, 1, 1, 2, 2, 3, 3, 4]);
    expect(progressQuarter({ phase: 'check', done: 0, total: 0 })).toBe(0);
  });
});
