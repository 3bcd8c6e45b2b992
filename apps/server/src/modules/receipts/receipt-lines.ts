import anyAscii from 'any-ascii';
import bidiFactory from 'bidi-js';
import LineBreaker from 'linebreak';
import { faceFor, isPlainFace, receiptFont, type FontFace, type FontWeight } from './receipt-fonts';

/**
 * A paragraph of a receipt cut into the lines it is drawn on, each a row of pieces in one face, in
 * the order they are read, each placed where it is seen. pdfkit shapes a piece (fontkit: conjuncts, vowel
 * signs, joined Arabic letters) but lays a line out word by word from the left, so it would set an
 * Urdu name's words in reverse; and it wraps a run of one face at a time, so a line of several faces
 * could not be known. Here the Unicode line breaking algorithm (the one pdfkit uses) finds where a
 * line may end, and the Unicode bidirectional algorithm (bidi-js) which way each part reads.
 * Letters no face has are written in Latin letters (any-ascii) and say so.
 */

export interface Piece {
  face: FontFace;
  /** Where it starts, from the line's start. */
  offset: number;
  /** What pdfkit is given: the letters in the order fontkit needs to draw them where they belong. */
  text: string;
  width: number;
  /** Shaped as one run (a right-to-left run: fontkit then turns its words around with it). */
  wholeRun: boolean;
  /** Letters no face has, written in Latin letters. */
  transliterated: boolean;
  /**
   * The letters as written, for readers that copy the text or read it aloud (ActualText), when
   * the glyphs do not spell them in order: Indic vowel signs drawn before their consonant,
   * conjuncts and reph; Arabic letters joined, their dots drawn apart, and set right to left; a
   * transliteration. Null for Latin, Greek and Cyrillic read left to right, whose glyphs spell it.
   */
  actualText: string | null;
}

export interface Line {
  pieces: Piece[];
  ascent: number;
  /** Below the baseline, positive. */
  descent: number;
  gap: number;
}

/** The width of text in a face, at the paragraph's size and weight. */
export type Measure = (face: FontFace, text: string, wholeRun: boolean) => number;

interface Run {
  start: number;
  end: number;
  face: FontFace;
  level: number;
  /** Letters no face has, as given: the run holds their transliteration. */
  original: string | null;
}

/** Letters of the scripts written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko...). */
const RIGHT_TO_LEFT =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
/** Marks and joiners belong to the letter before them. */
const JOINS_BEFORE = /^(?:\p{M}|\u200c|\u200d)$/u;
/** fontkit sets a run right to left when its first letter of a script is of one of these. */
const FIRST_OF_A_SCRIPT = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
const FONTKIT_RIGHT_TO_LEFT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

let bidi: ReturnType<typeof bidiFactory> | null = null;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The paragraph as it is shown (letters no face has already in Latin letters, which then read left
 * to right whatever script they came from) and as runs of one face and one bidi level.
 */
function itemize(given: string, weight: FontWeight): { text: string; runs: Run[] } {
  const parts: { face: FontFace | null; letters: string }[] = [];
  let previous: FontFace | null = null;
  for (const char of given) {
    const last = parts.at(-1);
    const face: FontFace | null =
      last && last.face === null && JOINS_BEFORE.test(char)
        ? null
        : faceFor(char.codePointAt(0)!, weight, previous);
    if (last && last.face === face) last.letters += char;
    else parts.push({ face, letters: char });
    previous = face;
  }
  let text = '';
  const runs: Run[] = [];
  for (const { face, letters } of parts) {
    const shown = face ? letters : anyAscii(letters);
    runs.push({
      start: text.length,
      end: text.length + shown.length,
      face: face ?? 'latin',
      level: 0,
      original: face ? null : letters,
    });
    text += shown;
  }
  if (!RIGHT_TO_LEFT.test(text)) return { text, runs };
  const { levels } = (bidi ??= bidiFactory()).getEmbeddingLevels(text);
  const leveled: Run[] = [];
  for (const run of runs) {
    // A transliteration is Latin letters, one level throughout; it stays whole, with its original.
    if (run.original !== null) {
      leveled.push({ ...run, level: levels[run.start] ?? 0 });
      continue;
    }
    for (let index = run.start; index < run.end; index += 1) {
      const last = leveled.at(-1);
      if (
        last &&
        last.end === index &&
        last.face === run.face &&
        last.original === null &&
        last.level === levels[index]
      ) {
        last.end = index + 1;
      } else {
        leveled.push({ ...run, start: index, end: index + 1, level: levels[index]! });
      }
    }
  }
  return { text, runs: leveled };
}

function clip(runs: Run[], from: number, to: number): Run[] {
  return runs
    .filter((run) => run.end > from && run.start < to)
    .map((run) => {
      const start = Math.max(run.start, from);
      const end = Math.min(run.end, to);
      // A transliteration cut by a line keeps its original on neither part.
      const whole = start === run.start && end === run.end;
      return { ...run, start, end, original: whole ? run.original : null };
    });
}

function widthOf(text: string, runs: Run[], from: number, to: number, measure: Measure) {
  return clip(runs, from, to).reduce(
    (sum, run) => sum + measure(run.face, text.slice(run.start, run.end), false),
    0,
  );
}

const trimmedEnd = (text: string, from: number, to: number) =>
  from + text.slice(from, to).replace(/\s+$/u, '').length;

/** Where each line starts and ends: as many whole words as fit, a word too long cut between letters. */
function lineRanges(
  text: string,
  runs: Run[],
  width: number,
  measure: Measure,
): [number, number][] {
  // Each word is measured once with the spaces after it, as pdfkit shapes and keeps it, and the
  // spaces alone; a word measured without them would be shaped a second time.
  const words: { from: number; to: number; full: number; visible: number }[] = [];
  const add = (from: number, to: number) => {
    const full = widthOf(text, runs, from, to, measure);
    const end = trimmedEnd(text, from, to);
    const visible = end === to ? full : full - widthOf(text, runs, end, to, measure);
    words.push({ from, to, full, visible });
    return visible;
  };
  const breaker = new LineBreaker(text);
  let last = 0;
  for (let next = breaker.nextBreak(); next; next = breaker.nextBreak()) {
    const end = next.position;
    if (add(last, end) > width) {
      words.pop();
      for (const { index, segment } of graphemes.segment(text.slice(last, end))) {
        add(last + index, last + index + segment.length);
      }
    }
    last = end;
  }
  const lines: [number, number][] = [];
  let start = 0;
  let used = 0;
  for (const { from, full, visible } of words) {
    if (used > 0 && used + visible > width) {
      lines.push([start, from]);
      start = from;
      used = 0;
    }
    used += full;
  }
  lines.push([start, text.length]);
  return lines;
}

/** Rule L2 of the bidirectional algorithm, on runs: from the highest level down to the lowest odd one, turn around every stretch at that level or above. */
function visualOrder(runs: Run[]): Run[] {
  const order = [...runs];
  const levels = order.map((run) => run.level);
  const lowestOdd = Math.min(...levels) | 1;
  for (let level = Math.max(...levels); level >= lowestOdd; level -= 1) {
    for (let index = 0; index < order.length;) {
      if (order[index]!.level < level) {
        index += 1;
        continue;
      }
      let end = index;
      while (end < order.length && order[end]!.level >= level) end += 1;
      order.splice(index, end - index, ...order.slice(index, end).reverse());
      index = end;
    }
  }
  return order;
}

function piece(text: string, run: Run, measure: Measure): Omit<Piece, 'offset'> {
  const letters = text.slice(run.start, run.end);
  const backwards = run.level % 2 === 1;
  if (run.original !== null || (isPlainFace(run.face) && !backwards)) {
    return {
      face: run.face,
      text: letters,
      width: measure(run.face, letters, false),
      wholeRun: false,
      transliterated: run.original !== null,
      actualText: run.original,
    };
  }
  // Brackets and the like read the other way round in a right-to-left stretch.
  const mirrored = backwards
    ? [...letters].map((char) => bidi!.getMirroredCharacter(char) ?? char).join('')
    : letters;
  // fontkit turns a run around by its first letter's script; where that is not the way this run
  // reads (Arabic digits in a right-to-left name read left to right), it is given the run reversed.
  const first = FIRST_OF_A_SCRIPT.exec(letters)?.[0];
  const fontkitBackwards = first !== undefined && FONTKIT_RIGHT_TO_LEFT.test(first);
  const given = fontkitBackwards === backwards ? mirrored : [...mirrored].reverse().join('');
  return {
    face: run.face,
    text: given,
    width: measure(run.face, given, fontkitBackwards),
    wholeRun: fontkitBackwards,
    transliterated: false,
    actualText: letters,
  };
}

/** One paragraph (no line feeds) as the lines it takes at this width. */
export function layOutParagraph(
  text: string,
  options: { weight: FontWeight; size: number; width: number },
  measure: Measure,
): Line[] {
  const { text: shown, runs } = itemize(text, options.weight);
  return lineRanges(shown, runs, options.width, measure).map(([from, to]) => {
    const lineRuns = clip(runs, from, trimmedEnd(shown, from, to));
    const seen = lineRuns.some((run) => run.level > 0) ? visualOrder(lineRuns) : lineRuns;
    // Placed as seen, from the left; kept in the order they are read (the content's order is
    // what a screen reader follows).
    let offset = 0;
    const placed = seen.map((run) => {
      const drawn = { ...piece(shown, run, measure), offset, start: run.start };
      offset += drawn.width;
      return drawn;
    });
    const pieces = placed.sort((a, b) => a.start - b.start).map(({ start: _, ...rest }) => rest);
    const metrics = (pieces.length ? pieces : [{ face: 'latin' as const }]).map(({ face }) => {
      const font = receiptFont(face, options.weight);
      const scale = options.size / font.unitsPerEm;
      return {
        ascent: font.ascent * scale,
        descent: -font.descent * scale,
        gap: font.lineGap * scale,
      };
    });
    return {
      pieces,
      ascent: Math.max(...metrics.map((metric) => metric.ascent)),
      descent: Math.max(...metrics.map((metric) => metric.descent)),
      gap: Math.max(...metrics.map((metric) => metric.gap)),
    };
  });
}
