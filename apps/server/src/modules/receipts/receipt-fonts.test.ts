import { describe, expect, it } from 'vitest';
import { faceFor, receiptFont } from './receipt-fonts';

describe('receipt faces', () => {
  it('finds each letter its face, keeping spaces and the danda with the name around them', () => {
    expect(faceFor('A'.codePointAt(0)!, 400, null)).toBe('latin');
    expect(faceFor('₹'.codePointAt(0)!, 400, 'latin')).toBe('latin-ext');
    expect(faceFor('த'.codePointAt(0)!, 400, 'latin')).toBe('tamil');
    expect(faceFor(' '.codePointAt(0)!, 400, 'tamil')).toBe('tamil');
    expect(faceFor('।'.codePointAt(0)!, 400, 'bengali')).toBe('bengali');
    expect(faceFor('ع'.codePointAt(0)!, 700, null)).toBe('arabic');
    expect(faceFor('李'.codePointAt(0)!, 400, null)).toBeNull();
  });

  it('hands out a word it shaped before as new positions, which pdfkit may scale', () => {
    const font = receiptFont('devanagari', 400);
    const first = font.layout('प्रिया');
    const expected = first.positions.map((position) => ({ ...position }));
    const width = first.advanceWidth;
    for (const position of first.positions) position.xAdvance *= 2;
    const again = font.layout('प्रिया');
    expect(again.positions).toEqual(expected);
    expect(again.advanceWidth).toBe(width);
    expect(again.glyphs.map((glyph) => glyph.id)).toEqual(first.glyphs.map((glyph) => glyph.id));
    // Features make a word of their own.
    expect(font.layout('प्रिया', []).positions).toEqual(expected);
  });
});
