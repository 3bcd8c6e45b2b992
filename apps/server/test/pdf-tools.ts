import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A PDF as tools nobody on the project wrote read it: poppler's pdftotext and pdffonts and qpdf,
 * from Debian (`apt-get install -y poppler-utils qpdf`). Tests that use them skip, saying so, where
 * the tools are missing, and fail under CI=true.
 */

const run = promisify(execFile);
const TOOLS = { pdftotext: '-v', pdffonts: '-v', qpdf: '--version' } as const;

/** The tools this machine lacks. */
export function missingPdfTools(): string[] {
  return Object.entries(TOOLS)
    .filter(([tool, flag]) => spawnSync(tool, [flag]).error)
    .map(([tool]) => tool);
}

export const PDF_TOOLS_HELP =
  'Install them with "sudo apt-get install -y poppler-utils qpdf" (Debian); CI installs them.';

export interface PdfReading {
  /** pdftotext's text, one line of the page a line, blank lines dropped. */
  lines: string[];
  /**
   * The words pdftotext found, each with the text it read there before turning right-to-left
   * lines around for display (-bbox): where a span says what its glyphs spell (ActualText), that
   * text as written.
   */
  words: string[];
  /** pdffonts: each font's name and whether it is embedded. */
  fonts: { name: string; embedded: boolean }[];
  /** How often glyph 0 (.notdef, drawn as an empty box) is shown in the pages' content (qpdf). */
  notdefGlyphs: number;
  /** qpdf --check's verdict. */
  checkOutput: string;
  /** The catalog and document information, as qpdf's JSON gives them. */
  lang: string | null;
  title: string | null;
  marked: boolean;
  structureKids: number;
}

type JsonObjects = Record<string, { value?: unknown; stream?: { dict: unknown } }>;

function decodeEntities(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

/** Text-showing operators' glyph ids (Identity-H: four hex digits a glyph). */
function glyphIds(content: string): string[] {
  const ids: string[] = [];
  for (const [, shown] of content.matchAll(/(\[[^\]]*\]\s*TJ|<[0-9a-fA-F]*>\s*Tj)/g)) {
    for (const [, hex] of shown!.matchAll(/<([0-9a-fA-F]*)>/g)) {
      ids.push(...(hex!.match(/.{4}/g) ?? []));
    }
  }
  return ids;
}

export async function readPdf(pdf: Buffer): Promise<PdfReading> {
  const dir = await mkdtemp(join(tmpdir(), 'sukoon-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const text = (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
    const bbox = (await run('pdftotext', ['-enc', 'UTF-8', '-bbox', file, '-'])).stdout;
    const fonts = (await run('pdffonts', [file])).stdout
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => {
        const columns = line.trim().split(/\s+/);
        return { name: columns[0]!, embedded: columns.at(-5) === 'yes' };
      });
    const check = await run('qpdf', ['--check', file]).then(
      ({ stdout }) => stdout,
      (error: { stdout?: string; message: string }) => error.stdout ?? error.message,
    );
    const json = JSON.parse(
      (await run('qpdf', ['--json=2', '--json-key=qpdf', '--json-key=pages', file])).stdout,
    ) as { qpdf: [unknown, JsonObjects]; pages: { contents: string[] }[] };
    let notdefGlyphs = 0;
    for (const stream of json.pages.flatMap((page) => page.contents)) {
      const content = await run(
        'qpdf',
        [`--show-object=${stream}`, '--filtered-stream-data', file],
        { encoding: 'latin1', maxBuffer: 64 * 1024 * 1024 },
      );
      notdefGlyphs += glyphIds(content.stdout).filter((id) => id === '0000').length;
    }
    const objects = json.qpdf[1];
    const resolve = (value: unknown): unknown =>
      typeof value === 'string' && / 0 R$/.test(value) ? objects[`obj:${value}`]?.value : value;
    const trailer = objects.trailer!.value as Record<string, unknown>;
    const catalog = resolve(trailer['/Root']) as Record<string, unknown>;
    const info = resolve(trailer['/Info']) as Record<string, unknown>;
    const text16 = (value: unknown) =>
      typeof value === 'string' ? value.replace(/^u:/, '') : null;
    const markInfo = resolve(catalog['/MarkInfo']) as Record<string, unknown> | undefined;
    const structure = resolve(catalog['/StructTreeRoot']) as Record<string, unknown> | undefined;
    const kids = resolve(structure?.['/K']);
    return {
      lines: text.split('\n').filter((line) => line.trim() !== ''),
      words: [...bbox.matchAll(/<word [^>]*>([^<]*)<\/word>/g)].map(([, word]) =>
        decodeEntities(word!).trim(),
      ),
      fonts,
      notdefGlyphs,
      checkOutput: check,
      lang: text16(resolve(catalog['/Lang'])),
      title: text16(resolve(info['/Title'])),
      marked: markInfo?.['/Marked'] === true,
      structureKids: Array.isArray(kids) ? kids.length : kids ? 1 : 0,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
