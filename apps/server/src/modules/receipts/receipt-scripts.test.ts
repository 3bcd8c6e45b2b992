import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FullName } from '@sukoon/shared';
import { paymentDocuments } from '../../db/schema';
import { createPatient, createPsychologist } from '../../db/factories';
import { createSessionsService } from '../auth/sessions-service';
import { bookAndPay, istSlot } from '../../../test/booking';
import { PDF_TOOLS_HELP, missingPdfTools, readPdf } from '../../../test/pdf-tools';
import { SCRIPT_NAMES, namesIn } from '../../../test/script-names';
import { useTestApp } from '../../../test/test-app';
import { renderDocumentPdf, type PrintableDocument } from './receipt-pdf';

/**
 * Receipts read by tools nobody on the project wrote (poppler, qpdf): every glyph drawn is one the
 * font has (no .notdef boxes), the names copy out as they were given, and the document is tagged,
 * titled and in a language, for screen readers.
 */

const missing = missingPdfTools();
const ci = process.env.CI === 'true';
if (missing.length > 0 && !ci) {
  console.warn(`Skipping the receipts' script tests: no ${missing.join(', ')}. ${PDF_TOOLS_HELP}`);
}

function receipt(issuer: string, payer: string, address: string | null): PrintableDocument {
  return {
    kind: 'receipt',
    number: 'SK/PSY/2026-27/000007',
    issuedAt: new Date('2026-11-29T10:00:00Z'),
    amountPaise: 90_000,
    snapshot: {
      title: 'Receipt',
      issuer: { name: issuer, registrationNumber: null, address, gstStatus: null, gstin: null },
      recipient: { name: payer, email: 'payer@example.com' },
      session: null,
      feePaise: 90_000,
      method: 'upi',
      providerPaymentId: 'pay_scripts0000001',
      receiptNumber: null,
      description: 'A 45-minute session',
    },
  };
}

/** A right-to-left name is found as the words poppler read (see `PdfReading.words`). */
const isRightToLeft = (name: string) => /[\u0600-\u06ff]/.test(name);

function expectNamesReadable(reading: Awaited<ReturnType<typeof readPdf>>, names: string[]) {
  expect(reading.notdefGlyphs, 'glyphs drawn as .notdef boxes').toBe(0);
  expect(reading.fonts.length).toBeGreaterThan(0);
  expect(reading.fonts.filter((font) => !font.embedded)).toEqual([]);
  for (const name of names) {
    if (isRightToLeft(name)) expect(reading.words).toContain(name);
    else expect(reading.lines).toContain(name);
  }
}

describe.skipIf(missing.length > 0 && !ci)('receipts in the scripts of India', () => {
  beforeAll(() => {
    if (missing.length > 0)
      throw new Error(`CI=true and no ${missing.join(', ')}. ${PDF_TOOLS_HELP}`);
  });

  it('a receipt in Latin and Devanagari reads only the faces it draws', async () => {
    vi.resetModules();
    const fonts = await import('./receipt-fonts');
    const { renderDocumentPdf: render } = await import('./receipt-pdf');
    const { issuer } = namesIn('Latin');
    await render(receipt(issuer, namesIn('Devanagari').payer, '12 MG Road\nBengaluru 560001'));
    expect(fonts.loadedFontKeys().sort()).toEqual([
      'devanagari-700',
      'latin-400',
      'latin-700',
      'latin-ext-400',
      'latin-ext-700',
    ]);
  });

  it.each(SCRIPT_NAMES)(
    'a payer and an issuer named in $script: every glyph drawn, the names copied as given',
    async ({ payer, issuer }) => {
      // Registration accepts them as they are.
      expect(FullName.parse(payer)).toBe(payer);
      expect(FullName.parse(issuer)).toBe(issuer);
      const address = `${payer}\n12, ${issuer}`;
      const reading = await readPdf(await renderDocumentPdf(receipt(issuer, payer, address)));
      expectNamesReadable(reading, [payer, issuer]);
      if (!isRightToLeft(payer)) expect(reading.lines).toContain(`12, ${issuer}`);
    },
  );

  it('is a tagged PDF in English with its title, which qpdf finds sound', async () => {
    const { issuer, payer } = namesIn('Tamil');
    const reading = await readPdf(await renderDocumentPdf(receipt(issuer, payer, null)));
    expect(reading.lang).toBe('en-IN');
    expect(reading.title).toBe('Receipt SK/PSY/2026-27/000007');
    expect(reading.marked).toBe(true);
    expect(reading.structureKids).toBeGreaterThan(0);
    expect(reading.checkOutput).toContain('No syntax or stream encoding errors found');
  });

  it('a name in a script it has no typeface for is written in Latin letters, and says so', async () => {
    const reading = await readPdf(
      await renderDocumentPdf(receipt('李小龍 Bruce Lee', namesIn('Latin').payer, null)),
    );
    expect(reading.notdefGlyphs).toBe(0);
    // Seen in Latin letters, marked; copied as given.
    expect(reading.lines).toContain('李小龍 Bruce Lee *');
    expect(reading.lines.join(' ')).toContain('Written in Latin letters');
  });

  describe('from the app', () => {
    const context = useTestApp();
    const db = () => context.database.db;

    it('a Bill of Supply and a refund note from a Tamil psychologist to an Urdu-speaking patient', async () => {
      const tamil = namesIn('Tamil');
      const urdu = namesIn('Urdu');
      const psychologist = await createPsychologist(db(), { displayName: tamil.issuer });
      const patient = await createPatient(db(), { fullName: urdu.payer });
      const sessions = createSessionsService(db());
      const signIn = async <T extends { id: string }>(user: T) => {
        const { token } = await sessions.issue(user.id);
        return { user, token, headers: { authorization: `Bearer ${token}` } };
      };
      const patientCaller = await signIn(patient);
      const psychologistHeaders = (await signIn(psychologist)).headers;
      const address = `${namesIn('Telugu').payer}, 12 ${namesIn('Kannada').payer}\nلاہور ۱۲`;
      const settings = await context.app.inject({
        method: 'PUT',
        url: '/api/receipts/settings',
        headers: psychologistHeaders,
        payload: { address, gstStatus: 'registered', gstin: '27AAPFU0939F1ZV' },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const { bookingId } = await bookAndPay(
        context.app,
        patientCaller,
        psychologist.id,
        istSlot(5, 10 * 60),
      );
      const canceled = await context.app.inject({
        method: 'PATCH',
        url: `/api/bookings/cancel-user/${bookingId}`,
        headers: patientCaller.headers,
      });
      expect(canceled.statusCode, canceled.body).toBe(200);
      const documents = await db()
        .select()
        .from(paymentDocuments)
        .where(eq(paymentDocuments.bookingId, bookingId))
        .orderBy(asc(paymentDocuments.issuedAt), asc(paymentDocuments.sequence));
      expect(documents.map((document) => document.kind)).toEqual(['receipt', 'refund_note']);
      for (const [document, title] of [
        [documents[0]!, 'Bill of Supply'],
        [documents[1]!, 'Refund Note'],
      ] as const) {
        const response = await context.app.inject({
          url: `/api/receipts/${document.id}.pdf`,
          headers: patientCaller.headers,
        });
        expect(response.statusCode).toBe(200);
        const reading = await readPdf(response.rawPayload);
        expectNamesReadable(reading, [tamil.issuer, urdu.payer, 'لاہور']);
        expect(reading.lines).toContain(title);
        expect(reading.lines).toContain(
          `${namesIn('Telugu').payer}, 12 ${namesIn('Kannada').payer}`,
        );
        expect(reading.title).toBe(`${title} ${document.number}`);
      }
    });
  });
});
