import { describe, expect, it } from 'vitest';
import type { TInvoiceRun } from '@sekolo/shared/schemas/finance';
import { runScope, runStatusText } from './invoice-run-text';

const run = (patch: Partial<TInvoiceRun>): TInvoiceRun => ({
  id: 'r1',
  year: 2026,
  term: null,
  grade: null,
  status: 'done',
  learnersTotal: 30,
  learnersDone: 30,
  invoicesCreated: 300,
  amountCents: 45_000_000,
  skipped: [],
  createdAt: '2026-01-10T08:00:00Z',
  finishedAt: '2026-01-10T08:00:05Z',
  ...patch,
});

describe('what an invoice run says', () => {
  it('names its period and grades', () => {
    expect(runScope(run({}))).toBe('2026, the whole year, every grade');
    expect(runScope(run({ term: 2, grade: '8' }))).toBe('2026, term 2, Grade 8');
  });

  it('counts while it runs and sums up when done', () => {
    expect(runStatusText(run({ status: 'queued', learnersDone: 0 }))).toBe('Waiting to start...');
    expect(runStatusText(run({ status: 'running', learnersDone: 12 }))).toBe('Invoicing: 12 of 30 learners done.');
    expect(runStatusText(run({}))).toBe('Done. 300 invoices created for 30 learners, R450 000,00 in all.');
  });

  it('says a rerun of the same period added nothing', () => {
    expect(runStatusText(run({ invoicesCreated: 0, amountCents: 0 }))).toBe(
      'Done. No new invoices: every learner (30) was already invoiced for this period.',
    );
  });
});
