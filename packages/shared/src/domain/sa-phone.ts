/**
 * South African phone numbers as people write them: `082 123 4567`, `0821234567`, `+27 82 123 4567`,
 * `+27 (0)82 123-4567`, `27821234567`. A national number is 0 plus nine digits; the first digit after
 * the 0 is never 0. We keep the check to that shape: the numbering plan changes, the shape does not.
 */

const SEPARATORS = /[\s\-().]/g;

/** The number in E.164 form (`+27821234567`), or `null` when it is not a South African number. */
export function normalizeSaPhone(input: string): string | null {
  let digits = input.trim().replace(SEPARATORS, '');
  if (digits.startsWith('+27')) digits = digits.slice(3);
  else if (digits.startsWith('0027')) digits = digits.slice(4);
  else if (digits.startsWith('27') && digits.length === 11) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = digits.slice(1);
  else return null;
  // "+27 (0)82 ..." leaves the trunk 0 behind the country code.
  if (digits.length === 10 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[1-9]\d{8}$/.test(digits) ? `+27${digits}` : null;
}

export function isSaPhone(input: string): boolean {
  return normalizeSaPhone(input) !== null;
}

/** `+27821234567` → `082 123 4567`, the way South Africans write it; other input is returned as is. */
export function formatSaPhone(input: string): string {
  const e164 = normalizeSaPhone(input);
  if (!e164) return input;
  const national = `0${e164.slice(3)}`;
  return `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}
