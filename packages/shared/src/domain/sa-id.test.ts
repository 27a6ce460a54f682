import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { SA_ID_INVALID_MESSAGES, checkSouthAfricanId, isValidSouthAfricanId, luhnCheckDigit } from './sa-id.ts';

const TODAY = new Date(2025, 5, 15); // 15 June 2025, local time

/** Home Affairs' own description of the check digit, written independently of `luhnCheckDigit`. */
function homeAffairsCheckDigit(first12: string): number {
  const odd = [0, 2, 4, 6, 8, 10].reduce((sum, i) => sum + Number(first12[i]), 0);
  const even = String(Number([1, 3, 5, 7, 9, 11].map((i) => first12[i]).join('')) * 2);
  const evenSum = [...even].reduce((sum, c) => sum + Number(c), 0);
  return (10 - ((odd + evenSum) % 10)) % 10;
}

describe('luhnCheckDigit', () => {
  it('computes the check digit of known numbers', () => {
    expect(luhnCheckDigit('800101500908')).toBe(7);
    expect(luhnCheckDigit('7992739871')).toBe(3); // the classic Luhn example 79927398713
  });

  it('agrees with the Home Affairs description of the algorithm', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), (first12) => {
        expect(luhnCheckDigit(first12)).toBe(homeAffairsCheckDigit(first12));
      }),
    );
  });
});

describe('checkSouthAfricanId', () => {
  it('accepts 8001015009087: male citizen born 1 January 1980', () => {
    expect(checkSouthAfricanId('8001015009087', { today: TODAY })).toEqual({
      valid: true,
      idNumber: '8001015009087',
      dateOfBirth: '1980-01-01',
      gender: 'male',
      citizen: true,
      citizenship: 'citizen',
    });
  });

  it('ignores spaces', () => {
    const result = checkSouthAfricanId(' 800101 5009 087 ', { today: TODAY });
    expect(result.valid).toBe(true);
  });

  it('reads gender from the sequence number', () => {
    expect(checkSouthAfricanId('9001010000080', { today: TODAY })).toMatchObject({ valid: true, gender: 'female' });
    expect(checkSouthAfricanId('9912314999183', { today: TODAY })).toMatchObject({
      valid: true,
      gender: 'female',
      dateOfBirth: '1999-12-31',
      citizenship: 'permanent_resident',
      citizen: false,
    });
  });

  it('picks the century so the birth date is not in the future', () => {
    expect(checkSouthAfricanId('0506150123087', { today: TODAY })).toMatchObject({
      valid: true,
      dateOfBirth: '2005-06-15',
    });
    // Same ID checked the day before that birthday in 2005 would be a birth date in the future.
    expect(checkSouthAfricanId('0506150123087', { today: new Date(2005, 5, 14) })).toMatchObject({
      valid: true,
      dateOfBirth: '1905-06-15',
    });
  });

  it('handles 29 February by century', () => {
    // 2000 was a leap year, 1900 was not.
    expect(checkSouthAfricanId('0002295100081', { today: TODAY })).toMatchObject({
      valid: true,
      dateOfBirth: '2000-02-29',
    });
    expect(checkSouthAfricanId('0002295100081', { today: new Date(2000, 1, 28) })).toEqual({
      valid: false,
      reason: 'birth_date',
    });
  });

  it('rejects anything other than 13 digits', () => {
    for (const bad of ['', '800101500908', '80010150090877', '80010150090a7', '8001-01500-9087']) {
      expect(checkSouthAfricanId(bad, { today: TODAY })).toEqual({ valid: false, reason: 'format' });
    }
  });

  it('rejects impossible birth dates', () => {
    const withDate = (yymmdd: string) => {
      const first12 = `${yymmdd}500908`;
      return first12 + luhnCheckDigit(first12);
    };
    for (const date of ['801301', '800001', '800100', '800132', '800431', '810229']) {
      expect(checkSouthAfricanId(withDate(date), { today: TODAY })).toEqual({ valid: false, reason: 'birth_date' });
    }
    expect(checkSouthAfricanId(withDate('800229'), { today: TODAY }).valid).toBe(true); // 1980 leap year
  });

  it('rejects citizenship digits other than 0, 1, 2', () => {
    const first12 = '800101500938';
    expect(checkSouthAfricanId(first12 + luhnCheckDigit(first12), { today: TODAY })).toEqual({
      valid: false,
      reason: 'citizenship',
    });
    const refugee = '800101500928';
    expect(checkSouthAfricanId(refugee + luhnCheckDigit(refugee), { today: TODAY })).toMatchObject({
      valid: true,
      citizenship: 'refugee',
      citizen: false,
    });
  });

  it('rejects a wrong check digit', () => {
    expect(checkSouthAfricanId('8001015009086', { today: TODAY })).toEqual({ valid: false, reason: 'checksum' });
    expect(checkSouthAfricanId('8001015009088', { today: TODAY })).toEqual({ valid: false, reason: 'checksum' });
  });

  it('has a message for every reason', () => {
    expect(Object.keys(SA_ID_INVALID_MESSAGES).sort()).toEqual(['birth_date', 'checksum', 'citizenship', 'format']);
  });

  it('uses the current date by default', () => {
    expect(isValidSouthAfricanId('8001015009087')).toBe(true);
  });
});

describe('checkSouthAfricanId properties', () => {
  const validId = fc
    .record({
      date: fc.date({ min: new Date(1926, 0, 1), max: TODAY, noInvalidDate: true }),
      sequence: fc.integer({ min: 0, max: 9999 }),
      citizenship: fc.constantFrom('0', '1', '2'),
      a: fc.integer({ min: 0, max: 9 }),
    })
    .map(({ date, sequence, citizenship, a }) => {
      const yymmdd =
        String(date.getFullYear() % 100).padStart(2, '0') +
        String(date.getMonth() + 1).padStart(2, '0') +
        String(date.getDate()).padStart(2, '0');
      const first12 = `${yymmdd}${String(sequence).padStart(4, '0')}${citizenship}${a}`;
      return { id: first12 + luhnCheckDigit(first12), date, sequence, citizenship };
    });

  it('accepts every generated valid ID and reads its fields back', () => {
    fc.assert(
      fc.property(validId, ({ id, date, sequence, citizenship }) => {
        const result = checkSouthAfricanId(id, { today: TODAY });
        expect(result.valid).toBe(true);
        if (!result.valid) return;
        const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
        expect(result.dateOfBirth).toBe(iso);
        expect(result.gender).toBe(sequence < 5000 ? 'female' : 'male');
        expect(result.citizen).toBe(citizenship === '0');
      }),
      { numRuns: 500 },
    );
  });

  it('rejects any single-digit change of a valid ID', () => {
    fc.assert(
      fc.property(
        validId,
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        ({ id }, position, delta) => {
          const changed = (Number(id[position]) + delta) % 10;
          const mutated = id.slice(0, position) + changed + id.slice(position + 1);
          expect(checkSouthAfricanId(mutated, { today: TODAY }).valid).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
