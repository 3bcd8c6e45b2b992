// The Unicode line breaking algorithm pdfkit wraps text with; the package ships no types.
declare module 'linebreak' {
  export default class LineBreaker {
    constructor(text: string);
    /** The next place a line may (or, after a line feed, must) end, as an index into the text. */
    nextBreak(): { position: number; required: boolean } | null;
  }
}
