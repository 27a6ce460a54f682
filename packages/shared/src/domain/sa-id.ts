/**
 * South African ID numbers: YYMMDD SSSS C A Z.
 * - YYMMDD birth date; the ID has no century, so we take the latest century that does not put
 *   the birth date in the future.
 * - SSSS sequence: 0000–4999 female, 5000–9999 male.
 * - C: 0 citizen, 1 permanent resident, 2 refugee. Other values are not issued.
 * - A: formerly race, now usually 8; not checked because older IDs carry other values.
 * - Z: Luhn check digit over the first 12 digits.
 */

export type TSaIdGender = 'female' | 'male';
export type TSaIdCitizenship = 'citizen' | 'permanent_resident' | 'refugee';
export type TSaIdInvalidReason = 'format' | 'birth_date' | 'citizenship' | 'checksum';

export type TSaIdCheck =
  | {
      valid: true;
      /** The 13 digits with any spaces removed. */
      idNumber: string;
      /** ISO date 'YYYY-MM-DD'; a string so no time zone can shift it by a day. */
      dateOfBirth: string;
      gender: TSaIdGender;
      citizen: boolean;
      citizenship: TSaIdCitizenship;
    }
  | { valid: false; reason: TSaIdInvalidReason };

/** Messages for forms, one per reason. */
export const SA_ID_INVALID_MESSAGES = {
  format: 'ID number must be 13 digits',
  birth_date: 'ID number does not contain a valid date of birth',
  citizenship: 'ID number has an invalid citizenship digit',
  checksum: 'ID number is not valid (check digit does not match)',
} as const satisfies Record<TSaIdInvalidReason, string>;

const CITIZENSHIP_BY_DIGIT: Readonly<Record<string, TSaIdCitizenship>> = {
  '0': 'citizen',
  '1': 'permanent_resident',
  '2': 'refugee',
};

/** Luhn check digit for a string of digits (the digit that would be appended). */
export function luhnCheckDigit(digits: string): number {
  if (!/^\d*$/.test(digits)) throw new RangeError('luhnCheckDigit expects digits only');
  let sum = 0;
  // Walking from the right, the digit next to the (future) check digit is doubled first.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/**
 * Checks a South African ID number. Spaces are ignored ("800101 5009 087").
 * `today` (default: now, in the runtime's local time zone) decides the century.
 */
export function checkSouthAfricanId(id: string, { today = new Date() }: { today?: Date } = {}): TSaIdCheck {
  const idNumber = id.replace(/\s+/g, '');
  if (!/^\d{13}$/.test(idNumber)) return { valid: false, reason: 'format' };

  const yy = Number(idNumber.slice(0, 2));
  const month = Number(idNumber.slice(2, 4));
  const day = Number(idNumber.slice(4, 6));
  if (month < 1 || month > 12 || day < 1) return { valid: false, reason: 'birth_date' };

  const todayKey = today.getFullYear() * 10_000 + (today.getMonth() + 1) * 100 + today.getDate();
  const centuryNow = Math.floor(today.getFullYear() / 100) * 100;
  let year = centuryNow + yy;
  if (year * 10_000 + month * 100 + day > todayKey) year -= 100;
  if (day > daysInMonth(year, month)) return { valid: false, reason: 'birth_date' };

  const citizenship = CITIZENSHIP_BY_DIGIT[idNumber.charAt(10)];
  if (!citizenship) return { valid: false, reason: 'citizenship' };

  if (luhnCheckDigit(idNumber.slice(0, 12)) !== Number(idNumber.charAt(12))) {
    return { valid: false, reason: 'checksum' };
  }

  return {
    valid: true,
    idNumber,
    dateOfBirth: `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`,
    gender: Number(idNumber.slice(6, 10)) < 5000 ? 'female' : 'male',
    citizen: citizenship === 'citizen',
    citizenship,
  };
}

export function isValidSouthAfricanId(id: string, options?: { today?: Date }): boolean {
  return checkSouthAfricanId(id, options).valid;
}
