import PDFDocument from 'pdfkit';
import {
  BILL_OF_SUPPLY_STATEMENT,
  formatInr,
  formatSessionTime,
  rupeesInWords,
  type DocumentKind,
} from '@sukoon/shared';
import type { DocumentSnapshot } from '../../db/schema';
import { fontKey, fontRuns, receiptFonts, type FontWeight } from './receipt-fonts';

/**
 * A receipt, Bill of Supply, refund note or fee receipt as an A4 PDF (pdfkit: text you can search and
 * copy, the Noto Sans subsets embedded, Devanagari shaped by fontkit). Everything printed comes from
 * the document's own row, as it was when it was issued.
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

export function renderDocumentPdf(document: PrintableDocument): Promise<Buffer> {
  const { snapshot } = document;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // No default font: pdfkit would otherwise parse Helvetica's metrics file for every document (a
    // twentieth of a receipt's CPU) that no receipt uses. Every line sets its own face (`useFont`),
    // and the first must come before any moveDown(), which measures with the current font.
    font: '',
    info: {
      Title: `${snapshot.title} ${document.number}`,
      Author: snapshot.issuer.name,
      Creator: 'Sukoon',
      // The issue date rather than now, so every drawing of a document (a download, the email's
      // attachment) is the same file, byte for byte.
      CreationDate: document.issuedAt,
    },
  });
  // Only the faces a document uses are parsed and embedded (most need no Devanagari).
  const registered = new Set<string>();
  function useFont(key: string) {
    // pdfkit embeds a parsed fontkit font as it does a file; its types only name files.
    if (!registered.has(key)) pdf.registerFont(key, receiptFonts().get(key)! as unknown as Buffer);
    registered.add(key);
    pdf.font(key);
  }
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  /** One line (or paragraph) in the faces its letters need. */
  function write(
    text: string,
    options: {
      size?: number;
      weight?: FontWeight;
      color?: string;
      x?: number;
      width?: number;
    } = {},
  ) {
    const runs = fontRuns(text);
    const x = options.x ?? MARGIN;
    const width = options.width ?? pdf.page.width - x - MARGIN;
    pdf.fillColor(options.color ?? INK).fontSize(options.size ?? 10.5);
    runs.forEach((run, index) => {
      useFont(fontKey(run.face, options.weight ?? 400));
      const continued = index < runs.length - 1;
      if (index === 0) pdf.text(run.text, x, pdf.y, { width, continued });
      else pdf.text(run.text, { continued });
    });
  }

  function row(label: string, value: string) {
    const top = pdf.y;
    write(label, { color: MUTED, width: LABEL_WIDTH - 10 });
    const labelBottom = pdf.y;
    pdf.y = top;
    write(value, { x: MARGIN + LABEL_WIDTH });
    pdf.y = Math.max(pdf.y, labelBottom) + 4;
  }

  function rule() {
    pdf.moveDown(0.6);
    pdf
      .moveTo(MARGIN, pdf.y)
      .lineTo(pdf.page.width - MARGIN, pdf.y)
      .lineWidth(0.5)
      .strokeColor('#d1d5db')
      .stroke();
    pdf.moveDown(0.8);
  }

  write(snapshot.title, { size: 22, weight: 700 });
  pdf.moveDown(0.2);
  write(`No. ${document.number}`, { size: 12, weight: 700 });
  write(`Date of issue: ${ISSUE_DATE.format(document.issuedAt)}`, { color: MUTED });
  rule();

  const { issuer, recipient } = snapshot;
  write('Issued by', { color: MUTED });
  write(issuer.name, { size: 12, weight: 700 });
  if (issuer.registrationNumber) write(`Registration no. ${issuer.registrationNumber}`);
  if (issuer.address) write(issuer.address);
  if (issuer.gstStatus === 'registered' && issuer.gstin) write(`GSTIN ${issuer.gstin}`);
  pdf.moveDown(0.8);
  write(document.kind === 'refund_note' ? 'Refunded to' : 'Received from', { color: MUTED });
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
  pdf.end();
  return done;
}
