import { schoolToday } from '@sekolo/shared/schemas/attendance';

/** The school year and the term a day falls in (terms by quarter: January to March is term 1). */
export function currentYearTerm(today: string = schoolToday()): { year: number; term: number } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return { year, term: Math.min(4, Math.floor((month - 1) / 3) + 1) };
}

export const TERMS = [1, 2, 3, 4] as const;

/**
 * The year and term a page keeps in its address (`?year=&term=`): this year or last, and a term of
 * the four; anything else (absent, mistyped, an old bookmark) falls back to today's year and term.
 */
export function yearTermOf(params: URLSearchParams, now = currentYearTerm()): { year: number; term: number } {
  const year = Number(params.get('year'));
  const term = Number(params.get('term'));
  return {
    year: year >= now.year - 1 && year <= now.year ? year : now.year,
    term: TERMS.includes(term as 1) ? term : now.term,
  };
}
