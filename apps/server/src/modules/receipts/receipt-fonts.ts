import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

/**
 * Noto Sans from the @fontsource/noto-sans npm package (installed with the app, never fetched at run
 * time), read once per process. The package splits the family by script, so a line of text is cut into
 * runs, each set in the file that has its letters: Latin, Latin Extended (with ₹), Devanagari (with ₹
 * and the conjuncts fontkit shapes). The parsed fonts are kept and handed to every document (pdfkit
 * takes a fontkit font as well as a file). The package ships WOFF; fontkit inflates a WOFF table in
 * JavaScript every time it reads it, so each file is unpacked once, here, into a plain OpenType font:
 * a receipt then renders in milliseconds instead of a quarter of a second.
 */

const require = createRequire(import.meta.url);

export type FontFace = 'latin' | 'latin-ext' | 'devanagari';
export type FontWeight = 400 | 700;

let loaded: Map<string, fontkit.Font> | null = null;

export function fontKey(face: FontFace, weight: FontWeight): string {
  return `${face}-${weight}`;
}

/** Every face and weight a document uses, by `fontKey`. */
export function receiptFonts(): Map<string, fontkit.Font> {
  if (!loaded) {
    loaded = new Map();
    for (const face of ['latin', 'latin-ext', 'devanagari'] as const) {
      for (const weight of [400, 700] as const) {
        const file = require.resolve(
          `@fontsource/noto-sans/files/noto-sans-${face}-${weight}-normal.woff`,
        );
        const font = fontkit.create(woffToSfnt(readFileSync(file)));
        loaded.set(fontKey(face, weight), font as fontkit.Font);
      }
    }
  }
  return loaded;
}

/** A WOFF 1.0 file as the OpenType font it wraps (tables inflated, same order, 4-byte aligned). */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF 1.0 font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  const headerLength = 12 + 16 * numTables;
  const padded = (length: number) => (length + 3) & ~3;
  const total = tables.reduce((sum, table) => sum + padded(table.data.length), headerLength);
  const sfnt = Buffer.alloc(total);
  const searchRange = 2 ** Math.floor(Math.log2(numTables)) * 16;
  sfnt.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavor: TrueType or CFF
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(searchRange, 6);
  sfnt.writeUInt16BE(Math.floor(Math.log2(numTables)), 8);
  sfnt.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerLength;
  tables.forEach((table, index) => {
    const entry = 12 + index * 16;
    sfnt.writeUInt32BE(table.tag, entry);
    sfnt.writeUInt32BE(table.checksum, entry + 4);
    sfnt.writeUInt32BE(offset, entry + 8);
    sfnt.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}

/** Code point ranges, inclusive: Devanagari and its extensions (Vedic, Extended). */
const DEVANAGARI: [number, number][] = [
  [0x0900, 0x097f],
  [0x1cd0, 0x1cff],
  [0xa8e0, 0xa8ff],
];
/** Basic Latin, Latin-1 and general punctuation (dashes, quotes): the Latin file. */
const LATIN: [number, number][] = [
  [0x0000, 0x00ff],
  [0x2000, 0x206f],
];

const within = (ranges: [number, number][], code: number) =>
  ranges.some(([from, to]) => code >= from && code <= to);

function faceOf(char: string): FontFace {
  const code = char.codePointAt(0)!;
  if (within(DEVANAGARI, code)) return 'devanagari';
  return within(LATIN, code) ? 'latin' : 'latin-ext';
}

/** Spaces and joiners (ZWNJ, ZWJ) belong to the run around them, so a name is shaped as one run. */
function isNeutral(char: string): boolean {
  return /\s/u.test(char) || char === '\u200c' || char === '\u200d';
}

/** A line cut into runs of one face each. */
export function fontRuns(text: string): { face: FontFace; text: string }[] {
  const runs: { face: FontFace; text: string }[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    if (last && (isNeutral(char) || faceOf(char) === last.face)) {
      last.text += char;
    } else {
      runs.push({ face: isNeutral(char) ? 'latin' : faceOf(char), text: char });
    }
  }
  return runs;
}
