/** South African time for events: UTC+2 all year (no daylight saving). */
const SAST_OFFSET_MS = 2 * 60 * 60 * 1000;

/** '2026-09-24' + '18:00' → the instant in South Africa. */
export function instantOf(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+02:00`);
}

/** The South African date and 'HH:MM' of an instant. */
export function wallClockOf(instant: Date): { date: string; time: string } {
  const shifted = new Date(instant.getTime() + SAST_OFFSET_MS).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}
