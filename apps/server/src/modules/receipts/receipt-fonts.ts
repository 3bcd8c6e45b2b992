import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { woffToSfnt } from './woff-to-sfnt';

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
