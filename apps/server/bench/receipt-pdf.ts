/**
 * `npm run bench:receipts`: the CPU one receipt's PDF costs, by the scripts it is written in. Each
 * receipt is drawn BENCH_RECEIPTS times in a row (default 300) in this process after a warm-up, as
 * the mail worker and the download route draw them in a long-running server; the cases take turns
 * for BENCH_ROUNDS rounds (default 3) and the median round is reported, each beside the Latin
 * receipt of the same run. Each receipt has a payer, payment id and number of its own, as a real one
 * does. No database: the PDF is drawn from a document's row alone.
 */
import { cpus, loadavg } from 'node:os';
import { renderDocumentPdf, type PrintableDocument } from '../src/modules/receipts/receipt-pdf';
import { namesIn } from '../test/script-names';

const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function receipt(issuer: string, payer: string, address: string | null = null): PrintableDocument {
  return {
    kind: 'receipt',
    number: 'SK/PSY/2026-27/000042',
    issuedAt: new Date('2026-11-29T10:00:00Z'),
    amountPaise: 90_000,
    snapshot: {
      title: 'Receipt',
      issuer: {
        name: issuer,
        registrationNumber: 'CRR A12345',
        address,
        gstStatus: 'not_registered',
        gstin: null,
      },
      recipient: { name: payer, email: 'payer@example.com' },
      session: {
        startsAt: '2026-12-01T04:30:00Z',
        endsAt: '2026-12-01T05:15:00Z',
        durationMinutes: 45,
        timeZone: 'Asia/Kolkata',
      },
      feePaise: 90_000,
      method: 'upi',
      providerPaymentId: 'pay_bench000000001',
      receiptNumber: null,
      description: 'A 45-minute session',
    },
  };
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/**
 * The document with a payer's first name, payment id and number of its own (the receipt's draw
 * keeps words it has shaped; a real receipt's names and numbers are new to it): a word made of the
 * name's own letters, picked by the digits of `index`.
 */
function uniqueNames(document: PrintableDocument, index: number): PrintableDocument {
  const [first = '', ...rest] = document.snapshot.recipient.name.split(' ');
  const letters = [...graphemes.segment(first)].map(({ segment }) => segment);
  let word = '';
  for (let rest = index + letters.length; rest > 0; rest = Math.floor(rest / letters.length)) {
    word += letters[rest % letters.length];
  }
  return {
    ...document,
    number: `SK/PSY/2026-27/${String(index).padStart(6, '0')}`,
    snapshot: {
      ...document.snapshot,
      recipient: { ...document.snapshot.recipient, name: [word, ...rest].join(' ') },
      providerPaymentId: `pay_bench${String(index).padStart(9, '0')}`,
    },
  };
}

const latin = namesIn('Latin');
const CASES: { name: string; document: PrintableDocument }[] = [
  { name: 'Latin', document: receipt(latin.issuer, latin.payer, '12 MG Road\nBengaluru 560001') },
  {
    name: 'Latin and Devanagari',
    document: receipt(latin.issuer, namesIn('Devanagari').payer, '12 MG Road\nBengaluru 560001'),
  },
  {
    name: 'Tamil and Urdu',
    document: receipt(namesIn('Tamil').issuer, namesIn('Urdu').payer, '12 அண்ணா சாலை\nசென்னை 600002'),
  },
  {
    name: 'six scripts',
    document: receipt(
      namesIn('Telugu').issuer,
      namesIn('Bengali').payer,
      [namesIn('Kannada').payer, namesIn('Malayalam').payer, namesIn('Odia').payer].join('\n'),
    ),
  },
];

let drawn = 0;
async function cpuPerReceipt(document: PrintableDocument) {
  const documents = Array.from({ length: RECEIPTS }, () => uniqueNames(document, (drawn += 1)));
  const start = process.cpuUsage();
  let bytes = 0;
  for (const each of documents) bytes = (await renderDocumentPdf(each)).length;
  const used = process.cpuUsage(start);
  return { ms: (used.user + used.system) / 1000 / RECEIPTS, bytes };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const { document } of CASES)
  for (let index = 0; index < 20; index += 1) await renderDocumentPdf(document);
const rounds = new Map<string, number[]>(CASES.map(({ name }) => [name, []]));
const sizes = new Map<string, number>();
for (let round = 0; round < ROUNDS; round += 1) {
  for (const { name, document } of CASES) {
    const { ms, bytes } = await cpuPerReceipt(document);
    rounds.get(name)!.push(ms);
    sizes.set(name, bytes);
  }
}
const baseline = median(rounds.get('Latin')!);
console.info(
  `${RECEIPTS} receipts a case, ${ROUNDS} rounds, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`,
);
// A table is the clearest way to read these figures side by side in a terminal.
// eslint-disable-next-line no-console
console.table(
  CASES.map(({ name }) => {
    const ms = median(rounds.get(name)!);
    return {
      receipt: name,
      'CPU ms each': Number(ms.toFixed(2)),
      'vs Latin': Number((ms / baseline).toFixed(2)),
      bytes: sizes.get(name),
    };
  }),
);
