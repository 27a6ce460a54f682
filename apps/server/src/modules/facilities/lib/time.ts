import { addDays, dayOfWeek, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';

/**
 * South African time for bookings: UTC+2 all year (no daylight saving), so a date and a wall-clock
 * time name one instant without a time-zone database.
 */
const SAST_OFFSET_MS = 2 * 60 * 60 * 1000;

/** '2026-12-05' + '09:30' → the instant in South Africa. */
export function instantOf(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+02:00`);
}

/** The South African date and 'HH:MM' of an instant. */
export function wallClockOf(instant: Date): { date: string; time: string } {
  const shifted = new Date(instant.getTime() + SAST_OFFSET_MS).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const day = dayOfWeek(date);
  return day === 0 ? 7 : day;
}

export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

export function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export { addDays, todayInSouthAfrica };
