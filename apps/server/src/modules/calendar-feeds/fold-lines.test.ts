import fc from 'fast-check';
import { foldLines as libraryFoldLines } from 'ical-generator';
import { describe, expect, it } from 'vitest';
import { foldLines } from './fold-lines';

describe('folding iCalendar lines', () => {
  it('folds exactly as ical-generator does, whatever the text', () => {
    const line = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 400 }),
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.string({ unit: fc.constantFrom('a', 'é', 'क', '🧠', '\ud800', '\udc00'), maxLength: 300 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        const text = lines.join('\r\n');
        expect(foldLines(text)).toBe(libraryFoldLines(text));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps every line within 75 octets and unfolds to the text', () => {
    const text = `SUMMARY:${'डॉ. रवि 🧠 '.repeat(20)}\r\nDESCRIPTION:${'x'.repeat(300)}`;
    const folded = foldLines(text);
    for (const line of folded.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
    expect(folded.replaceAll('\r\n ', '')).toBe(text);
  });
});
