import { z } from 'zod';
import { ReceiptSummary, type DocumentKind } from './receipt-summary';

/**
 * Receipts and refund notes (issue 21): the psychologist's tax position, the GSTIN's format, the
 * financial year and the numbers. What each document says about tax is what the psychologist chose in
 * Profile; Sukoon gives no tax advice.
 */

export const GST_STATUSES = ['not_registered', 'registered'] as const;
export const GstStatus = z.enum(GST_STATUSES, {
  error: 'Choose whether you are registered for GST',
});
export type GstStatus = z.infer<typeof GstStatus>;

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (5 letters, 4 digits, a letter), entity number, Z, check character. */
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The GSTIN's check character (GSTN's mod-36 scheme over the first 14 characters). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (const [index, char] of [...first14].entries()) {
    const product = GSTIN_CHARS.indexOf(char) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

export const Gstin = z
  .string()
  .transform((raw) => raw.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .regex(GSTIN_SHAPE, 'A GSTIN has 15 characters, like 27AAPFU0939F1ZV')
      // Only a well-shaped GSTIN's check character is read: "ABC" is told its shape, not this.
      .refine(
        (gstin) =>
          !GSTIN_SHAPE.test(gstin) || gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14],
        {
          message: 'This GSTIN’s last character does not match: check it for a typing mistake',
          params: { check: 'gstinCheckCharacter' },
        },
      ),
  );

export const PRACTICE_ADDRESS_MAX_LENGTH = 200;
/** The most lines an address is printed on. */
export const PRACTICE_ADDRESS_MAX_LINES = 4;

/** The address printed on receipts: up to four lines; empty means none. */
export const PracticeAddress = z
  .string()
  .transform((raw) =>
    raw
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('\n'),
  )
  .pipe(
    z
      .string()
      .max(
        PRACTICE_ADDRESS_MAX_LENGTH,
        `Keep the address to ${PRACTICE_ADDRESS_MAX_LENGTH} characters or fewer`,
      )
      .refine((address) => address.split('\n').length <= PRACTICE_ADDRESS_MAX_LINES, {
        message: `Write the address in ${PRACTICE_ADDRESS_MAX_LINES} lines or fewer`,
        params: { check: 'addressLines' },
      })
      .refine((address) => !/\p{Cc}/u.test(address.replace(/\n/g, '')), {
        message: 'The address holds an invisible control character',
        params: { check: 'addressControlCharacter' },
      }),
  )
  .transform((value) => (value === '' ? null : value));

/** What the psychologist's receipts print: address, and GST status with the GSTIN when registered. */
export const ReceiptSettings = z
  .object({
    address: PracticeAddress.nullable(),
    gstStatus: GstStatus,
    gstin: Gstin.nullable(),
  })
  .superRefine((settings, context) => {
    if (settings.gstStatus === 'registered' && !settings.gstin) {
      context.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: 'Enter your GSTIN, or choose “Not registered for GST”',
        params: { check: 'gstinMissing' },
      });
    }
  })
  // A GSTIN is kept only while registered, so a receipt never shows one the psychologist gave up.
  .transform((settings) => ({
    ...settings,
    gstin: settings.gstStatus === 'registered' ? settings.gstin : null,
  }));
export type ReceiptSettings = z.infer<typeof ReceiptSettings>;

/** The title a document carries: a GST-registered psychologist's receipt is a Bill of Supply. */
export function documentTitle(kind: DocumentKind, gstStatus: GstStatus | null): string {
  if (kind === 'refund_note') return 'Refund Note';
  return kind === 'receipt' && gstStatus === 'registered' ? 'Bill of Supply' : 'Receipt';
}

/** Printed on a Bill of Supply: the position the psychologist chose, not advice. */
export const BILL_OF_SUPPLY_STATEMENT =
  'Health care services by a clinical psychologist are exempt from GST. SAC 9993.';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** India's financial year (1 April to 31 March, in IST) of an instant: "2026-27". */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** "SK/ASHA/2026-27/000042"; refund notes "SK/ASHA/2026-27/RN/000003". */
export function documentNumber(
  series: string,
  year: string,
  kind: DocumentKind,
  sequence: number,
): string {
  const digits = String(sequence).padStart(6, '0');
  return kind === 'refund_note'
    ? `SK/${series}/${year}/RN/${digits}`
    : `SK/${series}/${year}/${digits}`;
}

/** `GET /api/receipts/{id}.pdf`: the one address of every document's PDF. */
export const ReceiptFileParams = z.object({
  id: z.uuid('Ask for a receipt by its id: /api/receipts/<id>.pdf'),
});

/** `GET /api/receipts`: the caller's documents, newest first (of one session with `booking_id`). */
export const ReceiptList = z.array(ReceiptSummary);

export const ReceiptListQuery = z.object({
  booking_id: z.uuid('booking_id must be the id of one of your sessions').optional(),
});
export type ReceiptListQuery = z.infer<typeof ReceiptListQuery>;

/** How many of the caller's newest documents `GET /api/receipts` answers without `booking_id`. */
export const RECEIPT_LIST_LIMIT = 200;

/** `GET /api/receipts/settings`: what the psychologist's next receipts will print. */
export const ReceiptSettingsData = z.object({
  address: z.string().nullable(),
  gstStatus: GstStatus,
  gstin: z.string().nullable(),
});
export type ReceiptSettingsData = z.infer<typeof ReceiptSettingsData>;

/** Downloads per signed-in account and per client address in each rate-limit window. */
export const RECEIPT_LIMITS = { perUser: 60, perIp: 120 };
