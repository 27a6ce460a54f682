/** A date in South Africa as YYYY-MM-DD. */
export function saDate(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(date);
}

/** The periods the dashboard offers, each ending today: 30 days, 90 days, this year, 12 months. */
export function periodFor(id: string, today = new Date()): { from: string; to: string } {
  const to = saDate(today);
  const daysBack = (n: number) => saDate(new Date(today.getTime() - n * 86_400_000));
  switch (id) {
    case '90d':
      return { from: daysBack(89), to };
    case 'year':
      return { from: `${to.slice(0, 4)}-01-01`, to };
    case '12m':
      return { from: daysBack(364), to };
    case 'month':
      return { from: `${to.slice(0, 7)}-01`, to };
    default:
      return { from: daysBack(29), to };
  }
}

export const PERIODS = [
  { id: '30d', label: 'Last 30 days' },
  { id: 'month', label: 'This month' },
  { id: '90d', label: 'Last 90 days' },
  { id: 'year', label: 'This year' },
  { id: '12m', label: 'Last 12 months' },
] as const;

/** Rand for a chart's axis: R950, R12k, R1,2m. */
export function formatRandCompact(cents: number): string {
  const rand = cents / 100;
  if (Math.abs(rand) >= 1_000_000) return `R${(rand / 1_000_000).toFixed(1).replace('.', ',')}m`;
  if (Math.abs(rand) >= 1_000) return `R${Math.round(rand / 1_000)}k`;
  return `R${Math.round(rand)}`;
}
