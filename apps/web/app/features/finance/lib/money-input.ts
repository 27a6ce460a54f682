/**
 * An amount typed in rand as South Africans write it, in whole cents, or null when it is not one:
 * "1068", "1 068,50", "R1 068,50", "1068.50" and "1,068.50" all read as written. A comma or a point
 * followed by one or two digits at the end is the decimal separator; spaces, and commas or points
 * between groups of three digits, separate thousands. Nothing negative, no third decimal.
 */
export function randToCents(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^R/i, '');
  if (compact === '') return null;
  const decimal = /^(.*?)[.,](\d{1,2})$/.exec(compact);
  const wholePart = decimal ? decimal[1]! : compact;
  const fraction = decimal ? decimal[2]!.padEnd(2, '0') : '00';
  if (!/^\d{1,3}([.,]?\d{3})*$/.test(wholePart) && !/^\d+$/.test(wholePart)) return null;
  const digits = wholePart.replace(/[.,]/g, '');
  if (digits === '') return null;
  const cents = Number(digits) * 100 + Number(fraction);
  // Too large an amount is still an amount: the form's schema says how large it may be.
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as a form shows them to edit: 106850 → "1068,50", 100000 → "1000". */
export function centsToRandInput(cents: number): string {
  const rand = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(rand) : `${rand},${String(rest).padStart(2, '0')}`;
}

/**
 * An amount for an axis or a tile where room is short: R950, R12k, R12,5k, R1,25m. Exact amounts
 * (formatZar) go everywhere a person reads a figure to act on it.
 */
export function formatZarCompact(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const rand = Math.abs(cents) / 100;
  const short = (value: number, digits: number) => Number(value.toFixed(digits)).toString().replace('.', ',');
  if (rand < 1000) return `${sign}R${Math.round(rand)}`;
  if (rand < 1_000_000) return `${sign}R${short(rand / 1000, rand < 100_000 ? 1 : 0)}k`;
  return `${sign}R${short(rand / 1_000_000, 2)}m`;
}

/**
 * A percentage typed as "6,5", "6.5" or "6,5 %" in basis points (650); blank is 0. What is no
 * percentage with at most two decimals is NaN, for the form's schema to refuse with its message.
 */
export function percentToBps(text: string): number {
  const value = text.trim().replace(/\s*%$/, '').replace(',', '.');
  if (value === '') return 0;
  return /^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : Number.NaN;
}

/** "7, 30, 60" → [7, 30, 60]; what is not a whole number stays NaN for the schema to refuse. */
export function reminderDaysOf(text: string): number[] {
  return text
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
}
