import { describe, expect, it } from 'vitest';
import type { TMarkValue } from '@sekolo/shared/schemas/assessment';
import { DEFAULT_PROGRAMMES } from './caps-defaults.ts';
import { termMark, yearMark, type TMarkTask } from './marks.ts';

const withIds = (phase: keyof typeof DEFAULT_PROGRAMMES): TMarkTask[] =>
  DEFAULT_PROGRAMMES[phase].map((task, i) => ({ ...task, id: `t${i}` }));
const values = (entries: Record<string, TMarkValue>) => new Map(Object.entries(entries));

describe('term and year marks (worked examples per phase)', () => {
  it('Foundation Phase: the year mark is all tasks (no examination weight); EX re-weights the term', () => {
    const tasks = withIds('foundation');
    // Term 1: 15/20 = 75 % and 24/30 = 80 %, equal weights: 77.5 %, level 6.
    const v = values({ t0: 15, t1: 24, t2: 'EX', t3: 21, t4: 10, t5: 15, t6: 20, t7: 30 });
    expect(termMark(tasks, 1, v)).toEqual({ mark: 77.5, level: 6 });
    // Term 2: the oral task is exempt, so the written task alone: 21/30 = 70 %.
    expect(termMark(tasks, 2, v)).toEqual({ mark: 70, level: 6 });
    // Year: 75, 80, 70, 50, 50, 100, 100 with weights 50 each: 525/7 = 75 %.
    expect(yearMark(tasks, 'foundation', v)).toEqual({ mark: 75, level: 6 });
  });

  it('Intermediate Phase: SBA 75 % and the November examination 25 %', () => {
    const tasks = withIds('intermediate');
    // SBA tasks and weights: t0 50 (30/40 = 75), t1 50 (40/50 = 80), t2 40 (25/50 = 50),
    // t3 60 (60/80 = 75), t4 50 (20/40 = 50), t5 50 (35/50 = 70), t6 100 (45/50 = 90).
    // SBA = (3750 + 4000 + 2000 + 4500 + 2500 + 3500 + 9000) / 400 = 29250 / 400 = 73.125.
    // Examination 62/100 = 62. Year = 0.75 × 73.125 + 0.25 × 62 = 54.84375 + 15.5 = 70.34375.
    const v = values({ t0: 30, t1: 40, t2: 25, t3: 60, t4: 20, t5: 35, t6: 45, t7: 62 });
    expect(yearMark(tasks, 'intermediate', v)).toEqual({ mark: 70.3, level: 6 });
    // Through term 3 the year mark is the SBA so far: 20250 / 300 = 67.5.
    expect(yearMark(tasks, 'intermediate', v, 3)).toEqual({ mark: 67.5, level: 5 });
    // Term 4's own mark weighs its test and its examination equally: (90 + 62) / 2 = 76.
    expect(termMark(tasks, 4, v)).toEqual({ mark: 76, level: 6 });
  });

  it('Senior Phase: SBA 40 % and the examination 60 %; an absent task counts 0', () => {
    const tasks = withIds('senior');
    // t0 AB (0, weight 40), t1 30/50 = 60 (60); term 1 = (0 + 3600) / 100 = 36 → level 2.
    const v = values({ t0: 'AB', t1: 30, t2: 48, t3: 70, t4: 40, t5: 60, t6: 35, t7: 90 });
    expect(termMark(tasks, 1, v)).toEqual({ mark: 36, level: 2 });
    // SBA: 0×40 + 60×60 + 80×40 + 70×60 + 80×40 + 80×60 + 70×100 = 0 + 3600 + 3200 + 4200 + 3200 + 4800 + 7000
    // = 26000 / 400 = 65. Examination 90/150 = 60. Year = 0.4 × 65 + 0.6 × 60 = 26 + 36 = 62.
    expect(yearMark(tasks, 'senior', v)).toEqual({ mark: 62, level: 5 });
    // Marked exempt instead, the first task leaves the SBA: 26000 / 360 = 72.2; year = 28.89 + 36 = 64.9.
    expect(yearMark(tasks, 'senior', new Map([...v, ['t0', 'EX']]))).toEqual({ mark: 64.9, level: 5 });
  });

  it('FET: SBA 25 % and the examination 75 %', () => {
    const tasks = withIds('fet');
    // SBA: 40×80 (40/50) + 60×55 (55/100) + 40×60 + 60×50 (75/150) + 40×70 + 60×45
    // = 3200 + 3300 + 2400 + 3000 + 2800 + 2700 = 17400 / 300 = 58. Examination 117/300 = 39.
    // Year = 0.25 × 58 + 0.75 × 39 = 14.5 + 29.25 = 43.75 → 43.8, level 3.
    const v = values({ t0: 40, t1: 55, t2: 60, t3: 75, t4: 70, t5: 45, t6: 117 });
    expect(yearMark(tasks, 'fet', v)).toEqual({ mark: 43.8, level: 3 });
  });

  it('answers no mark while nothing counts (all empty or exempt), and caps a mark at the task’s total', () => {
    const tasks = withIds('fet');
    expect(termMark(tasks, 1, values({ t0: 'EX' }))).toEqual({ mark: null, level: null });
    expect(yearMark(tasks, 'fet', values({}))).toEqual({ mark: null, level: null });
    expect(termMark(tasks, 1, values({ t0: 80, t1: 100 }))).toEqual({ mark: 100, level: 7 });
  });

  it('places the level boundaries of the 7-point scale on the rounded mark', () => {
    const tasks: TMarkTask[] = [{ id: 'a', term: 1, type: 'test', weight: 1, maxMark: 1000 }];
    const level = (mark: number) => termMark(tasks, 1, values({ a: mark * 10 })).level;
    expect([79.4, 79.5, 49.9, 50, 39.4, 30, 29.4].map(level)).toEqual([6, 7, 4, 4, 2, 2, 1]);
  });
});
