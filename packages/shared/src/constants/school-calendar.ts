/**
 * The South African public school calendar (Department of Basic Education): four terms a year.
 * A school starts from these dates and its admin may change them (modules/timetable).
 */

export type TSchoolTerm = { term: 1 | 2 | 3 | 4; startsOn: string; endsOn: string };
export type TSchoolYearCalendar = { year: number; provisional: boolean; terms: readonly TSchoolTerm[] };

export const SA_SCHOOL_CALENDARS: readonly TSchoolYearCalendar[] = [
  {
    year: 2026,
    provisional: false,
    terms: [
      { term: 1, startsOn: '2026-01-14', endsOn: '2026-03-27' },
      { term: 2, startsOn: '2026-04-08', endsOn: '2026-06-26' },
      { term: 3, startsOn: '2026-07-21', endsOn: '2026-09-23' },
      { term: 4, startsOn: '2026-10-06', endsOn: '2026-12-09' },
    ],
  },
  {
    // Provisional: our estimate following the 2026 pattern until the DBE's gazetted 2027 dates are entered.
    year: 2027,
    provisional: true,
    terms: [
      { term: 1, startsOn: '2027-01-13', endsOn: '2027-03-25' },
      { term: 2, startsOn: '2027-04-06', endsOn: '2027-06-25' },
      { term: 3, startsOn: '2027-07-20', endsOn: '2027-09-23' },
      { term: 4, startsOn: '2027-10-05', endsOn: '2027-12-08' },
    ],
  },
];

/** The default calendar of a year, or undefined when we hold none for it. */
export function defaultSchoolCalendar(year: number): TSchoolYearCalendar | undefined {
  return SA_SCHOOL_CALENDARS.find((calendar) => calendar.year === year);
}
