import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DisplayName,
  hasForbiddenNameCharacter,
  nameForHeaders,
  nameLikenessKey,
  namesTooClose,
  normalizeName,
} from './names';

const REAL_NAMES = [
  'Dr. A. K. Sharma',
  "Anita D'Souza",
  'प्रिया शर्मा',
  'क्षितिज त्रिपाठी',
  'அருண் குமார்',
  'অর্পিতা সেন',
  'فاطمہ خان',
  'Ravi Kumar (Clinical Psychologist)',
  'Meera Iyer-Nair',
  'ശ്രീ‌ലക്ഷ്മി',
];

describe('display names', () => {
  it('accepts real names in the scripts of India, unchanged but for spacing', () => {
    for (const name of REAL_NAMES) {
      const parsed = DisplayName.safeParse(`  ${name.replace(' ', '   ')} `);
      expect(parsed.success, name).toBe(true);
      expect(parsed.data).toBe(name.normalize('NFC'));
    }
  });

  it('refuses line breaks, bidi overrides, invisible characters, markup and quotes', () => {
    for (const hostile of [
      'Asha\r\nBcc: all@example.com',
      'Asha\u202Egnp.exe',
      'As\u200Bha',
      '<img src=x onerror=alert(1)>',
      'Dr. "Asha"',
      'Asha\tRao',
    ]) {
      expect(DisplayName.safeParse(hostile).success, JSON.stringify(hostile)).toBe(false);
    }
  });

  it('normalises to one spelling: NFC and single spaces, idempotently', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (raw) => {
        const once = normalizeName(raw);
        expect(normalizeName(once)).toBe(once);
        expect(once).toBe(once.normalize('NFC'));
        expect(once).not.toMatch(/^\s|\s$|\p{Zs}\p{Zs}/u);
      }),
    );
  });

  it('removes a character that only NFC turns into a forbidden one (found by the property below)', () => {
    // U+1FEF GREEK VARIA is a backtick once normalised.
    expect(nameForHeaders('Asha\u1FEFRao')).toBe('Asha Rao');
    expect(hasForbiddenNameCharacter(nameForHeaders('\u1FEF'))).toBe(false);
  });

  it('makes any stored name safe for a header or an invitation parameter', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (stored) => {
        const safe = nameForHeaders(stored);
        expect(hasForbiddenNameCharacter(safe)).toBe(false);
        expect(safe).not.toMatch(/[\r\n"]/);
      }),
    );
  });
});

describe('names too close to another psychologist’s', () => {
  it('catches copies that differ in title, case, accents, spacing, punctuation, order or a typo', () => {
    for (const copy of [
      'Dr. Asha Rao',
      'asha rao',
      'Dr Asha  Rao',
      'DR. ÁSHA RAO',
      'Rao, Asha',
      'Dr. Asha Rau',
      'Ｄｒ. Ａｓｈａ Ｒａｏ',
    ]) {
      expect(namesTooClose('Dr. Asha Rao', copy), copy).toBe(true);
    }
    expect(namesTooClose('डॉ. आशा राव', 'डॉ. आशा राव')).toBe(true);
  });

  it('lets different people’s names through', () => {
    for (const other of ['Dr. Asha Menon', 'Dr. Ravi Rao', 'Dr. Meera Iyer', 'Dr. Anil']) {
      expect(namesTooClose('Dr. Asha Rao', other), other).toBe(false);
    }
    // Short names differ by one letter all the time: Ravi and Ravu are not flagged.
    expect(namesTooClose('Ravi', 'Ravu')).toBe(false);
    // Indic vowel signs change the name.
    expect(namesTooClose('आशा', 'आशी')).toBe(false);
  });

  it('is symmetric, and every name is too close to itself', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.string({ maxLength: 40 }),
        (a, b) => {
          expect(namesTooClose(a, b)).toBe(namesTooClose(b, a));
          if (nameLikenessKey(a) !== '') expect(namesTooClose(a, a)).toBe(true);
        },
      ),
    );
  });
});
