import { describe, expect, it } from 'vitest';
import {
  defaultDueDates,
  instalmentCount,
  splitInstalments,
  ZFeeStructureSchema,
  ZRecordPaymentSchema,
} from './finance.ts';

describe('fee structures', () => {
  it('splits a year into equal instalments, the odd cents on the first', () => {
    expect(splitInstalments(21_500_00, 10)).toEqual(Array(10).fill(2_150_00));
    expect(splitInstalments(1_000_01, 4)).toEqual([250_01, 250_00, 250_00, 250_00]);
    expect(splitInstalments(100_00, 3).reduce((a, b) => a + b, 0)).toBe(100_00);
  });

  it('starts each plan from its due dates: once, the four terms, the first of each month', () => {
    expect(defaultDueDates(2027, 'once')).toEqual(['2027-01-15']);
    expect(defaultDueDates(2027, 'termly')).toHaveLength(instalmentCount('termly'));
    expect(defaultDueDates(2027, 'monthly_11').at(-1)).toBe('2027-11-01');
    expect(defaultDueDates(2027, 'monthly_12')).toHaveLength(12);
  });

  it('refuses due dates that do not match the plan or the year, and a payment without a reference', () => {
    const item = { name: 'Tuition', kind: 'tuition', amountCents: 100_00, plan: 'termly' } as const;
    expect(
      ZFeeStructureSchema.safeParse({ year: 2027, grade: '5', items: [{ ...item, dueDates: ['2027-01-15'] }] }).success,
    ).toBe(false);
    expect(
      ZFeeStructureSchema.safeParse({
        year: 2027,
        grade: '5',
        items: [{ ...item, dueDates: ['2026-01-15', '2027-04-08', '2027-07-21', '2027-10-06'] }],
      }).success,
    ).toBe(false);
    expect(ZFeeStructureSchema.safeParse({ year: 2027, grade: '5', items: [item] }).success).toBe(true);
    expect(ZFeeStructureSchema.safeParse({ year: 2027, grade: '5', items: [] }).success).toBe(false);
    const payment = {
      accountId: '6f1c1f0e-8a43-4b1e-9a39-0d8f1b2a3c4d',
      method: 'eft',
      amountCents: 1_00,
      receivedOn: '2027-02-30',
    };
    const parsed = ZRecordPaymentSchema.safeParse({ ...payment, reference: ' ' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path[0]).sort()).toEqual(['receivedOn', 'reference']);
  });
});
