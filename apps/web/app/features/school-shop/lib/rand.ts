/** A rand amount as typed ('450', '189,50', 'R 695') → cents; NaN when it is not an amount, null when empty. */
export function randInputToCents(value: string): number | null {
  const cleaned = value.replace(/[\sR]/g, '').replace(',', '.');
  if (!cleaned) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Math.round(Number(cleaned) * 100);
}

export const centsToRandInput = (cents: number) => String(cents / 100).replace('.', ',');

/** An instant as a parent reads it in South Africa: 3 December 2026, 14:05. */
export const dateTimeOf = (iso: string) =>
  new Date(iso).toLocaleString('en-ZA', { timeZone: 'Africa/Johannesburg', dateStyle: 'long', timeStyle: 'short' });
