import { describe, expect, it } from 'vitest';
import { retainedInPhase, suggestPromotion, type TYearMark } from './promotion-rules.ts';

const marks = (entries: Record<string, number | null>): TYearMark[] =>
  Object.entries(entries).map(([subject, mark]) => ({ subject, mark }));

const suggest = (
  phase: 'foundation' | 'intermediate' | 'senior' | 'fet',
  grade: number,
  entries: Record<string, number | null>,
  options: { homeLanguage?: string | null; keptBackInPhase?: boolean } = {},
) =>
  suggestPromotion({
    phase,
    grade,
    marks: marks(entries),
    homeLanguage: options.homeLanguage ?? null,
    keptBackInPhase: options.keptBackInPhase ?? false,
  });

describe('the year-end decision suggested by the phase’s promotion requirements', () => {
  it('Foundation: home language 50 %, first additional language 40 %, Mathematics 40 %', () => {
    expect(suggest('foundation', 2, { isizulu: 52, english: 40, mathematics: 41, life_skills: 10 })).toEqual({
      suggested: 'promoted',
      unmet: [],
    });
    // The recorded home language is the one that must reach 50 %, even when another language is better.
    expect(
      suggest('foundation', 2, { isizulu: 45, english: 70, mathematics: 60 }, { homeLanguage: 'isizulu' }),
    ).toEqual({ suggested: 'not_promoted', unmet: ['Home language (isiZulu): 45%, needs 50%'] });
    // Grade R learners move on to Grade 1.
    expect(suggest('foundation', 0, { english: null }).suggested).toBe('promoted');
  });

  it('Intermediate: also 40 % in two other subjects', () => {
    const base = { english: 60, afrikaans: 45, mathematics: 50 };
    expect(suggest('intermediate', 5, { ...base, life_skills: 40, social_sciences: 41 }).suggested).toBe('promoted');
    expect(suggest('intermediate', 5, { ...base, life_skills: 70, social_sciences: 20 })).toEqual({
      suggested: 'not_promoted',
      unmet: ['Another subject (Social Sciences): 20%, needs 40%'],
    });
  });

  it('Senior: home language 50 %, first additional language and Mathematics 40 %, 40 % in three other subjects and 30 % in two more', () => {
    // Adequate Achievement in the home language; Moderate Achievement in the first additional
    // language, in Mathematics and in any three other subjects; at least Elementary Achievement in
    // any two more.
    const senior = {
      english: 55,
      afrikaans: 41,
      mathematics: 40,
      natural_sciences: 40,
      social_sciences: 62,
      technology: 41,
      creative_arts: 30,
      life_orientation: 31,
      economic_management_sciences: 12,
    };
    // Eight of the nine subjects meet the requirements: promoted.
    expect(suggest('senior', 8, senior)).toEqual({ suggested: 'promoted', unmet: [] });
    // The best three others reach 40 %; the next two must reach 30 % (the ninth subject, here
    // Economic and Management Sciences at 12 %, need not).
    expect(suggest('senior', 8, { ...senior, life_orientation: 29 })).toEqual({
      suggested: 'condoned',
      unmet: ['Another subject (Life Orientation): 29%, needs 30%'],
    });
    // A subject without a mark counts as not met: with Creative Arts unmarked, Economic and
    // Management Sciences is among the eight and must reach 30 %.
    expect(suggest('senior', 8, { ...senior, creative_arts: null }).unmet).toEqual([
      'Another subject (Economic and Management Sciences): 12%, needs 30%',
    ]);
    // Only two other subjects at 40 %: the third best must reach 40 %.
    expect(suggest('senior', 8, { ...senior, technology: 35 }).unmet).toEqual([
      'Another subject (Technology): 35%, needs 40%',
    ]);
    // The home language still needs 50 %.
    expect(suggest('senior', 9, { ...senior, english: 45 }).unmet).toEqual(['Home language (English): 45%, needs 50%']);
  });

  it('Grades 10–11: 40 % in three subjects, one of them the home language, and 30 % in three more', () => {
    const fet = {
      english: 40,
      afrikaans: 30,
      mathematical_literacy: 42,
      life_orientation: 70,
      history: 31,
      geography: 30,
      tourism: 25,
    };
    expect(suggest('fet', 11, fet).suggested).toBe('promoted');
    expect(suggest('fet', 11, { ...fet, english: 35 }).unmet).toEqual(['Home language (English): 35%, needs 40%']);
    // Only two subjects at 40 % (the home language and one more): the third best must reach 40 %.
    expect(suggest('fet', 10, { ...fet, mathematical_literacy: 33 }).unmet).toEqual([
      'A third subject (Mathematical Literacy): 33%, needs 40%',
    ]);
    // Two subjects under 30 %: the sixth is short.
    expect(suggest('fet', 10, { ...fet, geography: 20, tourism: 20 }).unmet).toEqual([
      'A sixth subject (Geography): 20%, needs 30%',
    ]);
  });

  it('condones at most two marks short by at most 2 points; otherwise progresses a learner already kept back in the phase', () => {
    const shortBy = { english: 48, afrikaans: 39, mathematics: 45 };
    expect(suggest('foundation', 3, shortBy)).toEqual({
      suggested: 'condoned',
      unmet: ['Home language (English): 48%, needs 50%', 'First additional language (Afrikaans): 39%, needs 40%'],
    });
    // Three short marks, or one short by 3 points, are not condoned.
    expect(suggest('foundation', 3, { ...shortBy, mathematics: 38 }).suggested).toBe('not_promoted');
    expect(
      suggest('foundation', 3, { english: 47, afrikaans: 60, mathematics: 60 }, { homeLanguage: 'english' }).suggested,
    ).toBe('not_promoted');
    expect(
      suggest('foundation', 3, { english: 30, afrikaans: 60, mathematics: 60 }, { keptBackInPhase: true }).suggested,
    ).toBe('progressed');
  });

  it('a learner is retained at most once in a phase: kept back once already, they are progressed', () => {
    const short = { english: 30, afrikaans: 60, mathematics: 60 };
    expect(suggest('foundation', 2, short, { keptBackInPhase: true }).suggested).toBe('progressed');
    expect(
      suggest('intermediate', 6, { ...short, life_skills: 20, social_sciences: 20 }, { keptBackInPhase: true })
        .suggested,
    ).toBe('progressed');
    expect(suggest('fet', 11, { english: 20 }, { keptBackInPhase: true }).suggested).toBe('progressed');
    // Grade 12 ends in the National Senior Certificate: no progression.
    expect(suggest('fet', 12, { english: 20 }, { keptBackInPhase: true }).suggested).toBe('not_promoted');
  });

  it('counts the years retained in the same phase only, and not the Grade R year', () => {
    const phase = (grade: number) =>
      grade <= 3
        ? ('foundation' as const)
        : grade <= 6
          ? ('intermediate' as const)
          : grade <= 9
            ? ('senior' as const)
            : ('fet' as const);
    // Retained in Grade 2, now failing Grade 3: the Foundation phase's one retention is used.
    expect(retainedInPhase(phase, 3, [{ grade: 2, decision: 'not_promoted' }])).toBe(true);
    // Retained in Grade R: the Grade R year is not counted, so Grade 2 may still be repeated.
    expect(retainedInPhase(phase, 2, [{ grade: 0, decision: 'not_promoted' }])).toBe(false);
    // Retained in Grade 6, now in Grade 7: a new phase.
    expect(retainedInPhase(phase, 7, [{ grade: 6, decision: 'not_promoted' }])).toBe(false);
    // Progressed or promoted years are no retention.
    expect(
      retainedInPhase(phase, 9, [
        { grade: 7, decision: 'progressed' },
        { grade: 8, decision: 'promoted' },
      ]),
    ).toBe(false);
  });
});
