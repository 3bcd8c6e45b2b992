import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { integerInIndianWords, rupeesInWords } from './amount-in-words';

const UNITS: Record<string, number> = {
  Zero: 0,
  One: 1,
  Two: 2,
  Three: 3,
  Four: 4,
  Five: 5,
  Six: 6,
  Seven: 7,
  Eight: 8,
  Nine: 9,
  Ten: 10,
  Eleven: 11,
  Twelve: 12,
  Thirteen: 13,
  Fourteen: 14,
  Fifteen: 15,
  Sixteen: 16,
  Seventeen: 17,
  Eighteen: 18,
  Nineteen: 19,
  Twenty: 20,
  Thirty: 30,
  Forty: 40,
  Fifty: 50,
  Sixty: 60,
  Seventy: 70,
  Eighty: 80,
  Ninety: 90,
};
const SCALES: Record<string, number> = { Hundred: 100, Thousand: 1000, Lakh: 100_000 };

/** Reads the words back into a number, independently of how they were written. */
function parse(words: string): number {
  const crore = words.split(' Crore');
  if (crore.length > 1) {
    const tail = crore.slice(1).join(' Crore').trim();
    return parse(crore[0]!) * 10_000_000 + (tail ? parse(tail) : 0);
  }
  let total = 0;
  let group = 0;
  for (const word of words.split(' ')) {
    if (word in SCALES) {
      const scale = SCALES[word]!;
      if (scale === 100) group *= 100;
      else {
        total += group * scale;
        group = 0;
      }
    } else {
      group += word.split('-').reduce((sum, part) => {
        if (!(part in UNITS)) throw new Error(`not a number word: ${part}`);
        return sum + UNITS[part]!;
      }, 0);
    }
  }
  return total + group;
}

describe('amounts in words, Indian numbering', () => {
  it('writes the amounts receipts show', () => {
    expect(rupeesInWords(100)).toBe('Rupees One Only');
    expect(rupeesInWords(2_000)).toBe('Rupees Twenty Only');
    expect(rupeesInWords(10_000)).toBe('Rupees One Hundred Only');
    expect(rupeesInWords(90_000)).toBe('Rupees Nine Hundred Only');
    expect(rupeesInWords(99_900)).toBe('Rupees Nine Hundred Ninety-Nine Only');
    expect(rupeesInWords(10_000_000)).toBe('Rupees One Lakh Only');
    expect(rupeesInWords(123_456_700)).toBe(
      'Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven Only',
    );
    expect(rupeesInWords(45_050)).toBe('Rupees Four Hundred Fifty and Fifty Paise Only');
    expect(integerInIndianWords(1_00_00_000)).toBe('One Crore');
    expect(integerInIndianWords(0)).toBe('Zero');
  });

  it('refuses what is not a whole number of paise', () => {
    expect(() => rupeesInWords(-1)).toThrow(RangeError);
    expect(() => rupeesInWords(1.5)).toThrow(RangeError);
  });

  it('reads back as the same number, for any amount up to a thousand crore', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (n) => {
        expect(parse(integerInIndianWords(n))).toBe(n);
      }),
    );
  });

  it('never uses million or billion, never doubles a space, and always ends with Only', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000_000 }), (paise) => {
        const words = rupeesInWords(paise);
        expect(words).toMatch(/^Rupees [A-Z][A-Za-z -]* Only$/);
        expect(words).not.toMatch(/Million|Billion| {2}/);
      }),
    );
  });
});
