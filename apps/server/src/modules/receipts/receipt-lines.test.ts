import { describe, expect, it } from 'vitest';
import { receiptFont, type FontFace } from './receipt-fonts';
import { layOutParagraph, type Line } from './receipt-lines';

const SIZE = 10;
const measure = (face: FontFace, text: string) => {
  const font = receiptFont(face, 400);
  return (font.layout(text).advanceWidth * SIZE) / font.unitsPerEm;
};
const lay = (text: string, width = 1000): Line[] =>
  layOutParagraph(text, { weight: 400, size: SIZE, width }, measure);
/** The pieces from left to right, as a reader sees them. */
const seen = (line: Line) => [...line.pieces].sort((a, b) => a.offset - b.offset);

describe('a receipt line', () => {
  it('keeps a Latin line one piece in one face, as before', () => {
    const [line, ...rest] = lay('Issued through Sukoon on behalf of Dr. Meera Iyer');
    expect(rest).toEqual([]);
    expect(line!.pieces).toMatchObject([
      { face: 'latin', offset: 0, actualText: null, wholeRun: false, transliterated: false },
    ]);
  });

  it('shapes an Urdu name as one right-to-left run and copies it as written', () => {
    const [line] = lay('عائشہ صدیقی');
    expect(line!.pieces).toMatchObject([
      { face: 'arabic', text: 'عائشہ صدیقی', wholeRun: true, actualText: 'عائشہ صدیقی' },
    ]);
  });

  it('sets right-to-left words inside an English line from the right, in reading order', () => {
    const [line] = lay('Urdu: عائشہ / فیض احمد');
    const reading = line!.pieces.map((piece) => piece.actualText ?? piece.text);
    expect(reading.join('')).toBe('Urdu: عائشہ / فیض احمد');
    const first = line!.pieces.find((piece) => piece.actualText?.startsWith('عائشہ'))!;
    const last = line!.pieces.find((piece) => piece.actualText === 'فیض احمد')!;
    // The first word read is the rightmost.
    expect(first.offset).toBeGreaterThan(last.offset);
    expect(seen(line!)[0]!.text).toBe('Urdu: ');
  });

  it('reads digits left to right and turns brackets round inside an Urdu address', () => {
    const [line] = lay('گلی (۳۴) لاہور');
    const digits = line!.pieces.find((piece) => piece.actualText === '۳۴')!;
    // fontkit turns any Arabic-script run around, so the digits are handed over reversed.
    expect(digits).toMatchObject({ text: '۴۳', wholeRun: true });
    const opening = line!.pieces.find((piece) => piece.actualText?.startsWith('('))!;
    expect(opening.text.trim()).toBe(')');
    // Seen from the left: لاہور, then the bracket group, then گلی.
    const order = seen(line!).map((piece) => piece.actualText?.trim());
    expect(order.indexOf('لاہور')).toBeLessThan(order.indexOf('۳۴'));
    expect(order.indexOf('۳۴')).toBeLessThan(order.indexOf('گلی'));
  });

  it('gives Indic letters their own face and their text as written', () => {
    const [line] = lay('Dr. செல்வி முருகன் (₹900)');
    expect(line!.pieces.map((piece) => [piece.face, piece.actualText ?? piece.text])).toEqual([
      ['latin', 'Dr. '],
      ['tamil', 'செல்வி முருகன் '],
      ['latin', '('],
      ['latin-ext', '₹'],
      ['latin', '900)'],
    ]);
  });

  it('wraps between words across faces and cuts a word longer than the line', () => {
    const width = 120;
    const lines = lay('12 அண்ணா சாலை, சென்னை 600002, Tamil Nadu', width);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      const right = Math.max(...line.pieces.map((piece) => piece.offset + piece.width));
      expect(right).toBeLessThanOrEqual(width + 0.01);
    }
    const long = lay('a'.repeat(80), width);
    expect(long.length).toBeGreaterThan(1);
    expect(long.map((line) => line.pieces.map((piece) => piece.text).join('')).join('')).toBe(
      'a'.repeat(80),
    );
  });

  it('writes letters no face has in Latin letters, read left to right, keeping what was given', () => {
    const [line] = lay('דוד כהן');
    expect(line!.pieces.every((piece) => piece.face === 'latin')).toBe(true);
    expect(seen(line!).map((piece) => piece.text)).toEqual(['dvd', ' ', 'khhn']);
    expect(line!.pieces.find((piece) => piece.text === 'dvd')).toMatchObject({
      transliterated: true,
      actualText: 'דוד',
    });
  });

  it('shapes Gurmukhi, whose marks fontkit could not place before', () => {
    const [line] = lay('ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ');
    expect(line!.pieces).toMatchObject([{ face: 'gurmukhi', actualText: 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ' }]);
    expect(receiptFont('gurmukhi', 700).layout('ਪੰਜਾਬੀ').glyphs.length).toBeGreaterThan(0);
  });

  it('takes the tallest face of a line for its height', () => {
    const [latin] = lay('Priya');
    const [urdu] = lay('Priya عائشہ');
    expect(urdu!.ascent).toBeGreaterThan(latin!.ascent);
    const font = receiptFont('latin', 400);
    expect(latin!.ascent + latin!.descent).toBeCloseTo(
      ((font.ascent - font.descent) * SIZE) / font.unitsPerEm,
    );
  });
});
