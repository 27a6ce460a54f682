import { describe, expect, it } from 'vitest';
import { numberInWords, randInWords } from './amount-in-words.ts';

describe('amounts in words on s18A receipts', () => {
  it('writes rand and cents as a receipt does', () => {
    expect(randInWords(4_750_050)).toBe('Forty-seven thousand five hundred rand and fifty cents');
    expect(randInWords(10_000)).toBe('One hundred rand');
    expect(randInWords(12_000_000)).toBe('One hundred and twenty thousand rand');
    expect(randInWords(101)).toBe('One rand and one cent');
    expect(numberInWords(1_005)).toBe('one thousand and five');
    expect(numberInWords(2_350_119)).toBe('two million three hundred and fifty thousand one hundred and nineteen');
  });
});
