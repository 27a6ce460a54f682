import type { TLearnerOverview } from '@sekolo/shared/schemas/family';
import type { TLesson, TPeriod } from '@sekolo/shared/schemas/timetable';

/** A class's week as the family dashboards show it (pure helpers, tested in school-week.test.ts). */
export type TWeek = TLearnerOverview['timetable'];

/** 1 (Monday) to 5 (Friday) for a school day, 0 on a weekend (YYYY-MM-DD, the school's calendar). */
export function schoolWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day >= 1 && day <= 5 ? day : 0;
}

export function hasLessons(week: TWeek): boolean {
  return week.periods.length > 0 && week.lessons.length > 0;
}

/** The lessons of one day in bell order, each with its period. */
export function lessonsOn(week: TWeek, day: number): { lesson: TLesson; period: TPeriod }[] {
  return week.periods.flatMap((period) =>
    week.lessons.filter((l) => l.day === day && l.periodId === period.id).map((lesson) => ({ lesson, period })),
  );
}

export function lessonDetails(lesson: TLesson): string {
  return [lesson.teacherName, lesson.roomName].filter(Boolean).join(' · ');
}
