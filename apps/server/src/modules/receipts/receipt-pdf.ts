import PDFDocument from 'pdfkit';
import {
  BILL_OF_SUPPLY_STATEMENT,
  formatInr,
  formatSessionTime,
  rupeesInWords,
  type DocumentKind,
} from '@sukoon/shared';
import type { DocumentSnapshot } from '../../db/schema';
import { fontKey, receiptFont, type FontFace, type FontWeight } from './receipt-fonts';
import { layOutParagraph, type Line } from './receipt-lines';

/**
 * A receipt, Bill of Supply, refund note or fee receipt as an A4 PDF (pdfkit: text you can search and
 * copy, subsets of the Noto faces its names need embedded, every script shaped by fontkit). It is a
 * tagged PDF in English with a title, so a screen reader reads it in order: a heading, the issuer's
 * and payer's sections, the details as a table. A line whose glyphs do not spell its text in order
 * (Indic vowel signs and conjuncts, right-to-left names) carries its text as written, so it copies
 * and reads as written. Everything printed comes from the document's own row, as it was when it was
 * issued.
 */

export interface PrintableDocument {
  kind: DocumentKind;
  number: string;
  issuedAt: Date;
  amountPaise: number;
  snapshot: DocumentSnapshot;
}

const MARGIN = 56;
const INK = '#1f2937';
const MUTED = '#6b7280';
const LABEL_WIDTH = 150;

const ISSUE_DATE = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

const METHOD_LABELS: Record<string, string> = {
  card: 'Card',
  upi: 'UPI',
  netbanking: 'Net banking',
  wallet: 'Wallet',
  emi: 'EMI',
};

type Role = 'H1' | 'H2' | 'P' | 'TH' | 'TD';
type Structure = ReturnType<PDFKit.PDFDocument['struct']>;

/** Marks a line whose names hold letters no face has, written in Latin letters instead. */
const TRANSLITERATED_MARK = ' *';
const TRANSLITERATED_NOTE =
  '* Written in Latin letters: this document has no typeface for some letters of the name. A reader who copies the line or has it read aloud gets the name as it was given.';

export function renderDocumentPdf(document: PrintableDocument): Promise<Buffer> {
  const { snapshot } = document;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // No default font: pdfkit would otherwise parse Helvetica's metrics file for every document (a
    // twentieth of a receipt's CPU) that no receipt uses. Every piece of text sets its own face
    // (`useFont`), and the first must come before any moveDown(), which measures with the current font.
    font: '',
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: `${snapshot.title} ${document.number}`,
      Author: snapshot.issuer.name,
      Creator: 'Sukoon',
      // The issue date rather than now, so every drawing of a document (a download, the email's
      // attachment) is the same file, byte for byte.
      CreationDate: document.issuedAt,
    },
  });
  // Only the faces a document uses are parsed and embedded (most need Latin alone).
  const registered = new Set<string>();
  function useFont(face: FontFace, weight: FontWeight) {
    const key = fontKey(face, weight);
    // pdfkit embeds a parsed fontkit font as it does a file; its types only name files.
    if (!registered.has(key)) pdf.registerFont(key, receiptFont(face, weight) as unknown as Buffer);
    registered.add(key);
    pdf.font(key);
  }
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const root = pdf.struct('Document');
  pdf.addStructure(root);
  let transliterated = false;

  /** Ends a span whose ActualText belongs to the piece just drawn. */
  function endActualText(size: number) {
    // A reader that puts the ActualText where the span's glyphs were (poppler) measures it with
    // the coordinate system and font in force where the span ends. pdfkit draws a piece in a
    // system of its own (flipped back to the page's) and sets its font inside it, both undone
    // after the piece, so the span ends in that system with the piece's font set again; else the
    // text is found far down the page, with no height, out of its place in the reading order.
    const fontId = (pdf as unknown as { _font: { id: string } })._font.id;
    pdf.save().transform(1, 0, 0, -1, 0, pdf.page.height);
    pdf.addContent(`BT /${fontId} ${size} Tf <> Tj ET`);
    pdf.endMarkedContent();
    pdf.restore();
  }

  function drawLine(line: Line, x: number, weight: FontWeight, size: number) {
    const top = pdf.y;
    const baseline = top + line.ascent;
    let end = x;
    for (const piece of line.pieces) {
      if (piece.actualText !== null) pdf.markContent('Span', { actual: piece.actualText });
      useFont(piece.face, weight);
      pdf.fontSize(size).text(piece.text, x + piece.offset, baseline, {
        lineBreak: false,
        baseline: 'alphabetic',
        // Features make pdfkit shape the piece as one run rather than word by word.
        ...(piece.wholeRun ? { features: [] } : {}),
      });
      if (piece.actualText !== null) endActualText(size);
      end = Math.max(end, x + piece.offset + piece.width);
    }
    if (line.pieces.some((piece) => piece.transliterated)) {
      transliterated = true;
      useFont('latin', weight);
      pdf.fontSize(size).text(TRANSLITERATED_MARK, end, baseline, {
        lineBreak: false,
        baseline: 'alphabetic',
      });
    }
    pdf.y = top + line.ascent + line.descent + line.gap;
  }

  /** One paragraph or more (line feeds), as one element of the document's structure. */
  function write(
    text: string,
    options: {
      size?: number;
      weight?: FontWeight;
      color?: string;
      x?: number;
      width?: number;
      role?: Role;
      parent?: Structure;
    } = {},
  ) {
    const { size = 10.5, weight = 400, role = 'P' } = options;
    const x = options.x ?? MARGIN;
    const width = options.width ?? pdf.page.width - x - MARGIN;
    const element = pdf.struct(role);
    (options.parent ?? root).add(element);
    const content = pdf.markStructureContent(role);
    pdf.fillColor(options.color ?? INK);
    const measure = (face: FontFace, letters: string, wholeRun: boolean) => {
      useFont(face, weight);
      return pdf.fontSize(size).widthOfString(letters, wholeRun ? { features: [] } : {});
    };
    for (const paragraph of text.split('\n')) {
      for (const line of layOutParagraph(paragraph, { weight, size, width }, measure)) {
        drawLine(line, x, weight, size);
      }
    }
    pdf.endMarkedContent();
    element.add(content);
    element.end();
  }

  let table: Structure | null = null;
  function row(label: string, value: string) {
    if (!table) {
      table = pdf.struct('Table');
      root.add(table);
    }
    const tableRow = pdf.struct('TR');
    table.add(tableRow);
    const top = pdf.y;
    write(label, { color: MUTED, width: LABEL_WIDTH - 10, role: 'TH', parent: tableRow });
    const labelBottom = pdf.y;
    pdf.y = top;
    write(value, { x: MARGIN + LABEL_WIDTH, role: 'TD', parent: tableRow });
    tableRow.end();
    pdf.y = Math.max(pdf.y, labelBottom) + 4;
  }

  function rule() {
    table?.end();
    table = null;
    pdf.moveDown(0.6);
    pdf.markContent('Artifact', { type: 'Layout' });
    pdf
      .moveTo(MARGIN, pdf.y)
      .lineTo(pdf.page.width - MARGIN, pdf.y)
      .lineWidth(0.5)
      .strokeColor('#d1d5db')
      .stroke();
    pdf.endMarkedContent();
    pdf.moveDown(0.8);
  }

  write(snapshot.title, { size: 22, weight: 700, role: 'H1' });
  pdf.moveDown(0.2);
  write(`No. ${document.number}`, { size: 12, weight: 700 });
  write(`Date of issue: ${ISSUE_DATE.format(document.issuedAt)}`, { color: MUTED });
  rule();

  const { issuer, recipient } = snapshot;
  write('Issued by', { color: MUTED, role: 'H2' });
  write(issuer.name, { size: 12, weight: 700 });
  if (issuer.registrationNumber) write(`Registration no. ${issuer.registrationNumber}`);
  if (issuer.address) write(issuer.address);
  if (issuer.gstStatus === 'registered' && issuer.gstin) write(`GSTIN ${issuer.gstin}`);
  pdf.moveDown(0.8);
  write(document.kind === 'refund_note' ? 'Refunded to' : 'Received from', {
    color: MUTED,
    role: 'H2',
  });
  write(recipient.name, { size: 12, weight: 700 });
  write(recipient.email);
  rule();

  row('For', snapshot.description);
  if (snapshot.session) {
    const { session } = snapshot;
    row(
      'Session',
      formatSessionTime(new Date(session.startsAt), new Date(session.endsAt), session.timeZone),
    );
    row('Duration', `${session.durationMinutes} minutes`);
  }
  row(document.kind === 'penalty_receipt' ? 'Fee' : 'Session fee', formatInr(snapshot.feePaise));
  if (snapshot.receiptNumber) row('Against receipt', snapshot.receiptNumber);
  row('Payment method', METHOD_LABELS[snapshot.method ?? ''] ?? snapshot.method ?? 'Online');
  row('Payment id', snapshot.providerPaymentId);
  rule();

  write(document.kind === 'refund_note' ? 'Amount refunded' : 'Amount received', {
    color: MUTED,
    role: 'H2',
  });
  write(formatInr(document.amountPaise), { size: 18, weight: 700 });
  write(rupeesInWords(document.amountPaise));
  // Not registered for GST: a plain receipt, no tax line.
  if (document.kind !== 'penalty_receipt' && issuer.gstStatus === 'registered') {
    pdf.moveDown(0.8);
    write(BILL_OF_SUPPLY_STATEMENT, { weight: 700 });
  }
  pdf.moveDown(2);
  write(
    document.kind === 'penalty_receipt'
      ? 'The fee a psychologist pays Sukoon to cancel a booked session. Issued by Sukoon.'
      : 'Issued through Sukoon on behalf of the psychologist named above. This document is generated electronically and needs no signature.',
    { size: 9, color: MUTED },
  );
  if (transliterated) {
    pdf.moveDown(0.6);
    write(TRANSLITERATED_NOTE, { size: 9, color: MUTED });
  }
  root.end();
  pdf.end();
  return done;
}
