import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { woffToSfnt } from './woff-to-sfnt';

/**
 * The typefaces a receipt is drawn in: Noto, from the @fontsource npm packages (installed with the
 * app, never fetched at run time). Fontsource splits each family by script, so a face here is one
 * file: Noto Sans' Latin, Latin Extended, Greek, Cyrillic and Devanagari, and the script file of
 * Noto Sans Bengali, Gujarati, Gurmukhi, Kannada, Malayalam, Oriya, Tamil, Telugu, Ol Chiki and
 * Meetei Mayek, and of Noto Nastaliq Urdu: every script of India's scheduled languages. Each file
 * says which characters it was cut for (the package's unicode.json), which is how a letter finds
 * its face without opening every file. A face and weight is read the first time a document uses it
 * and kept for the process, so a receipt in Latin costs no more than before the other scripts came.
 * The packages ship WOFF (fontkit cannot subset their WOFF2); fontkit inflates a WOFF table in
 * JavaScript every time it reads it, so each file is unpacked once into a plain OpenType font.
 */

const require = createRequire(import.meta.url);

export type FontWeight = 400 | 700;

interface FaceFile {
  /** The @fontsource package. */
  family: string;
  /** The subset: the key of the package's unicode.json and part of its file names. */
  subset: string;
  /**
   * Letters drawn one glyph each, left to right, so a reader copies them as they are. Every other
   * face reorders, joins or splits letters as it draws them (vowel signs before their consonant,
   * conjuncts, right-to-left words), and its lines carry the text as written (ActualText).
   */
  plain?: true;
}

/**
 * In the order a letter looks for its face. Latin first, so the common case is found at once; the
 * faces that share characters (the danda, ZWJ and ZWNJ, ₹) give them to the first that has them,
 * unless the letter before was drawn in one that has them too.
 */
const FACES = {
  latin: { family: 'noto-sans', subset: 'latin', plain: true },
  'latin-ext': { family: 'noto-sans', subset: 'latin-ext', plain: true },
  vietnamese: { family: 'noto-sans', subset: 'vietnamese', plain: true },
  greek: { family: 'noto-sans', subset: 'greek', plain: true },
  'greek-ext': { family: 'noto-sans', subset: 'greek-ext', plain: true },
  cyrillic: { family: 'noto-sans', subset: 'cyrillic', plain: true },
  'cyrillic-ext': { family: 'noto-sans', subset: 'cyrillic-ext', plain: true },
  devanagari: { family: 'noto-sans', subset: 'devanagari' },
  bengali: { family: 'noto-sans-bengali', subset: 'bengali' },
  gujarati: { family: 'noto-sans-gujarati', subset: 'gujarati' },
  gurmukhi: { family: 'noto-sans-gurmukhi', subset: 'gurmukhi' },
  kannada: { family: 'noto-sans-kannada', subset: 'kannada' },
  malayalam: { family: 'noto-sans-malayalam', subset: 'malayalam' },
  oriya: { family: 'noto-sans-oriya', subset: 'oriya' },
  tamil: { family: 'noto-sans-tamil', subset: 'tamil' },
  telugu: { family: 'noto-sans-telugu', subset: 'telugu' },
  arabic: { family: 'noto-nastaliq-urdu', subset: 'arabic' },
  'ol-chiki': { family: 'noto-sans-ol-chiki', subset: 'ol-chiki' },
  'meetei-mayek': { family: 'noto-sans-meetei-mayek', subset: 'meetei-mayek' },
} satisfies Record<string, FaceFile>;

export type FontFace = keyof typeof FACES;
const FACE_NAMES = Object.keys(FACES) as FontFace[];

export function fontKey(face: FontFace, weight: FontWeight): string {
  return `${face}-${weight}`;
}

/** Whether the face draws its letters as they are written (see `plain`). */
export function isPlainFace(face: FontFace): boolean {
  return 'plain' in FACES[face];
}

type Ranges = [number, number][];
let ranges: Map<FontFace, Ranges> | null = null;

/** "U+0000-00FF,U+0131" as inclusive ranges. */
function parseUnicodeRange(text: string): Ranges {
  return text.split(',').map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-') as [string, string?];
    return [parseInt(from, 16), parseInt(to, 16)];
  });
}

/** Each face's characters, from its package's unicode.json (read once, a few kB). */
function faceRanges(): Map<FontFace, Ranges> {
  if (!ranges) {
    const byFamily = new Map<string, Record<string, string>>();
    ranges = new Map();
    for (const face of FACE_NAMES) {
      const { family, subset } = FACES[face];
      if (!byFamily.has(family)) {
        const file = require.resolve(`@fontsource/${family}/unicode.json`);
        byFamily.set(family, JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
      }
      ranges.set(face, parseUnicodeRange(byFamily.get(family)![subset]!));
    }
  }
  return ranges;
}

const loaded = new Map<string, fontkit.Font>();

/** The face in one weight, read and parsed the first time it is asked for. */
export function receiptFont(face: FontFace, weight: FontWeight): fontkit.Font {
  const key = fontKey(face, weight);
  let font = loaded.get(key);
  if (!font) {
    const { family, subset } = FACES[face];
    const file = require.resolve(
      `@fontsource/${family}/files/${family}-${subset}-${weight}-normal.woff`,
    );
    font = fontkit.create(woffToSfnt(readFileSync(file))) as fontkit.Font;
    skipEmptyAnchors(font);
    keepShapedWords(font);
    loaded.set(key, font);
  }
  return font;
}

/** The faces and weights this process has read so far (the benchmark and tests look). */
export function loadedFontKeys(): string[] {
  return [...loaded.keys()];
}

/** How many shaped words a face keeps: a receipt has about a hundred, most of them the same. */
const SHAPED_WORDS = 1000;

type Shaped = Pick<fontkit.GlyphRun, 'glyphs' | 'positions'>;

/** A shaped word as pdfkit reads it: glyphs, positions and their total advance. */
class ShapedWord {
  constructor(
    readonly glyphs: fontkit.Glyph[],
    readonly positions: fontkit.GlyphPosition[],
  ) {}
  get advanceWidth() {
    return this.positions.reduce((sum, position) => sum + position.xAdvance, 0);
  }
}

/**
 * Shaping is most of a receipt's CPU, and every receipt shapes the same labels, dates and amounts
 * again (pdfkit keeps what it shaped for one document only). Each face keeps the words it shaped
 * last and hands out fresh positions each time, as pdfkit scales them in place.
 */
function keepShapedWords(font: fontkit.Font) {
  const layout = font.layout.bind(font);
  const shaped = new Map<string, Shaped>();
  font.layout = (text: string, features?: string[] | Record<string, boolean>) => {
    // fontkit rewrites the features it is given, so the key is made before.
    const key = features === undefined ? text : `${JSON.stringify(features)}\u0000${text}`;
    let run = shaped.get(key);
    if (run) {
      shaped.delete(key);
    } else {
      const fresh = layout(text, features);
      run = {
        glyphs: fresh.glyphs,
        positions: fresh.positions.map((position) => ({ ...position })),
      };
      if (shaped.size >= SHAPED_WORDS) shaped.delete(shaped.keys().next().value!);
    }
    shaped.set(key, run);
    return new ShapedWord(
      run.glyphs,
      run.positions.map((position) => ({ ...position })),
    ) as unknown as fontkit.GlyphRun;
  };
}

interface AnchorProcessor {
  applyAnchor(markRecord: { markAnchor: unknown }, baseAnchor: unknown, baseIndex: number): void;
}

/**
 * OpenType lets a mark-positioning table leave an anchor empty (this mark has no place on that
 * base) and HarfBuzz then leaves the mark where it is; fontkit 2.0.4 reads the empty anchor and
 * throws, and Noto Sans Gurmukhi has such anchors, so most Gurmukhi names could not be drawn. This
 * skips them on the font's own positioning processor, as fontkit's pending fix does.
 */
function skipEmptyAnchors(font: fontkit.Font) {
  const processor = (
    font as unknown as { _layoutEngine?: { engine?: { GPOSProcessor?: AnchorProcessor } } }
  )._layoutEngine?.engine?.GPOSProcessor;
  if (!processor) return;
  const applyAnchor = processor.applyAnchor.bind(processor);
  processor.applyAnchor = (markRecord, baseAnchor, baseIndex) => {
    if (baseAnchor && markRecord.markAnchor) applyAnchor(markRecord, baseAnchor, baseIndex);
  };
}

const within = (list: Ranges, code: number) =>
  list.some(([from, to]) => code >= from && code <= to);

/**
 * The face a character is drawn in: the one the character before it was drawn in, when that face
 * has it (spaces, digits and punctuation stay with the name around them, so a name is shaped as
 * one run), else the first face cut for it that has a glyph for it. Null when no face has it.
 */
export function faceFor(
  code: number,
  weight: FontWeight,
  previous: FontFace | null,
): FontFace | null {
  if (previous && receiptFont(previous, weight).hasGlyphForCodePoint(code)) return previous;
  for (const [face, list] of faceRanges()) {
    if (
      face !== previous &&
      within(list, code) &&
      receiptFont(face, weight).hasGlyphForCodePoint(code)
    ) {
      return face;
    }
  }
  return null;
}
