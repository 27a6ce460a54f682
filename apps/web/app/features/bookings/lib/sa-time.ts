/** Times of bookings, always shown in South African time (Africa/Johannesburg), en-ZA. */
const TZ = 'Africa/Johannesburg';

export function saTime(iso: string): string {
  return new Intl.DateTimeFormat('en-ZA', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(iso),
  );
}

export function saDay(iso: string): string {
  return new Intl.DateTimeFormat('en-ZA', { timeZone: TZ, weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(iso),
  );
}

export function saDateTime(iso: string): string {
  return `${saDay(iso)}, ${saTime(iso)}`;
}

/** The South African date (YYYY-MM-DD) of an instant. */
export function saDateKey(iso: string | Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
}

/** Groups items by their South African date, in order. */
export function byDay<T>(items: readonly T[], instantOf: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = saDateKey(instantOf(item));
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.entries()];
}
