import { schoolToday } from '@sekolo/shared/schemas/attendance';

/** The school year and the term a day falls in (terms by quarter: January to March is term 1). */
export function currentYearTerm(today: string = schoolToday()): { year: number; term: number } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return { year, term: Math.min(4, Math.floor((month - 1) / 3) + 1) };
}
