/**
 * Money is always integer cents in ZAR. Formatting follows how South Africans write
 * amounts: R1 068,00. The thousands separator is a plain ASCII space (not U+00A0 or U+202F as
 * Intl would give) so that text in tests, e-mails, PDFs and screens is byte-for-byte the same.
 */

export const BPS_PER_WHOLE = 10_000;

function assertCents(cents: number): void {
  // Fractions of a cent mean a calculation skipped `percentOf`; fail loudly instead of showing it.
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Amount must be an integer number of cents, got ${cents}`);
  }
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** 106800 → 'R1 068,00'; -5000 → '-R50,00'. */
export function formatZar(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const rand = Math.trunc(abs / 100);
  const rest = abs % 100;
  return `${sign}R${groupThousands(String(rand))},${String(rest).padStart(2, '0')}`;
}

/**
 * 106800 → 'R1 068', for marketing copy such as the pricing cards.
 * An amount with cents falls back to `formatZar` so a price is never silently rounded on screen.
 */
export function formatZarWhole(cents: number): string {
  assertCents(cents);
  if (cents % 100 !== 0) return formatZar(cents);
  const sign = cents < 0 ? '-' : '';
  return `${sign}R${groupThousands(String(Math.abs(cents) / 100))}`;
}

/**
 * `bps` basis points of `cents` (500 bps = 5%).
 *
 * Rounding rule (the only one used for fees and commissions): round half away from zero to the
 * nearest cent. So 0.5 c → 1 c and -0.5 c → -1 c; a refund therefore mirrors its charge exactly.
 * Integer arithmetic only, so no floating-point drift (e.g. 6.8% of R1 000 is exactly R68).
 */
export function percentOf(cents: number, bps: number): number {
  assertCents(cents);
  if (!Number.isSafeInteger(bps)) {
    throw new RangeError(`Basis points must be an integer, got ${bps}`);
  }
  const product = cents * bps;
  if (!Number.isSafeInteger(product)) {
    throw new RangeError(`Amount too large for exact calculation: ${cents} × ${bps} bps`);
  }
  const sign = product < 0 ? -1 : 1;
  const abs = Math.abs(product);
  const whole = Math.trunc(abs / BPS_PER_WHOLE);
  const remainder = abs - whole * BPS_PER_WHOLE;
  const rounded = remainder * 2 >= BPS_PER_WHOLE ? whole + 1 : whole;
  // `+ 0` turns -0 into 0 so results compare cleanly with toBe(0).
  return sign * rounded + 0;
}
