import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, as a reader's copy and search see it (Mozilla's pdf.js). */
export async function pdfText(data: Buffer): Promise<{ text: string; pages: number }> {
  const document = await getDocument({
    data: new Uint8Array(data),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const parts: string[] = [];
  for (let index = 1; index <= document.numPages; index += 1) {
    const content = await (await document.getPage(index)).getTextContent();
    for (const item of content.items) {
      if ('str' in item) parts.push(item.str, item.hasEOL ? '\n' : '');
    }
  }
  const pages = document.numPages;
  await document.destroy();
  return { text: parts.join(''), pages };
}
