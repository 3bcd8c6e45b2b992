import {
  documentNumber,
  documentTitle,
  financialYear,
  receiptNameOf,
  RECEIPT_LIST_LIMIT,
  type ReceiptSettings,
  type ReceiptSettingsData,
  type ReceiptSummary,
} from '@sukoon/shared';
import type { Database } from '../../db/client';
import type { DocumentSnapshot } from '../../db/schema';
import { AppError, localizedError } from '../../lib/errors';
import type { PaymentOrderRow, RefundRow } from '../payments/payments-repository';
import { renderDocumentPdf } from './receipt-pdf';
import { createReceiptsRepository, type PaymentDocumentRow } from './receipts-repository';

/**
 * Receipts and refund notes (issue 21): numbered in the transaction that settles a payment or records
 * a refund, each with a copy of what it prints. A psychologist issues the receipts of their sessions
 * (the patient's booking and a longer length's difference); the platform issues the receipt of the
 * cancellation fee a psychologist pays.
 */

/** The platform's own series, for the fee receipts; no psychologist is given it. */
export const PLATFORM_SERIES = 'SUKOON';
const PLATFORM_NAME = 'Sukoon';
/** Documents are dated and numbered in India's time, whatever the psychologist's zone. */
const DOCUMENT_TIME_ZONE = 'Asia/Kolkata';

const TITLES = /^(dr|mr|mrs|ms|miss|prof|professor|smt|shri|sri)\.?$/i;

/** "Dr. Āsha Rao" -> "ASHA": the first name in plain capitals, at most 8 letters; "PSY" if none. */
export function seriesBase(displayName: string): string {
  const words = displayName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/\s+/)
    .filter((word) => word && !TITLES.test(word));
  const letters = (words[0] ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  return letters.slice(0, 8) || 'PSY';
}

/** What a settled payment is, as the payments layer hands it over. */
export interface SettledPayment {
  /** The provider's payment id. */
  id: string;
  amountPaise: number;
  method: string | null;
}

const RECEIPTED_PURPOSES = ['booking', 'length_change', 'penalty'];

export function toReceiptSummary(row: PaymentDocumentRow): ReceiptSummary {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    booking_id: row.bookingId,
    amount_paise: row.amountPaise,
    issued_at: row.issuedAt.toISOString(),
  };
}

/**
 * The receipt of a payment, numbered now in `tx` if it has none yet (so calling it again, from the
 * purpose and from the settlement, or on a retried webhook, returns the same document). Null for a
 * payment that is not for a session (the sandbox's demo).
 */
export async function issueReceipt(
  tx: Database,
  order: PaymentOrderRow,
  payment: SettledPayment,
  now: Date,
): Promise<PaymentDocumentRow | null> {
  const repository = createReceiptsRepository(tx);
  const existing = await repository.findReceiptOfPayment(payment.id);
  if (existing) return existing;
  if (!RECEIPTED_PURPOSES.includes(order.purpose)) return null;
  const session = await repository.findSession(order.referenceId);
  if (!session) return null;
  const { booking, profile } = session;
  const year = financialYear(now);
  const sessionPart = {
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    durationMinutes: booking.durationMinutes,
    timeZone: DOCUMENT_TIME_ZONE,
  };
  const common = {
    providerPaymentId: payment.id,
    bookingId: booking.id,
    amountPaise: payment.amountPaise,
    financialYear: year,
    issuedAt: now,
  };

  if (order.purpose === 'penalty') {
    const psychologist = await repository.findUser(booking.psychologistId);
    if (!psychologist) return null;
    const sequence = await repository.nextNumber(PLATFORM_SERIES, year, 'penalty_receipt');
    return repository.insert({
      ...common,
      kind: 'penalty_receipt',
      series: PLATFORM_SERIES,
      sequence,
      number: documentNumber(PLATFORM_SERIES, year, 'penalty_receipt', sequence),
      issuerId: null,
      recipientId: booking.psychologistId,
      snapshot: {
        title: documentTitle('penalty_receipt', null),
        issuer: {
          name: PLATFORM_NAME,
          registrationNumber: null,
          address: null,
          gstStatus: null,
          gstin: null,
        },
        recipient: { name: profile.displayName, email: psychologist.email },
        session: sessionPart,
        feePaise: payment.amountPaise,
        method: payment.method,
        providerPaymentId: payment.id,
        receiptNumber: null,
        description: 'Fee for cancelling a booked session',
      },
    });
  }

  if (!booking.patientId) return null;
  const patient = await repository.findUser(booking.patientId);
  if (!patient) return null;
  const series = await repository.seriesOf(
    booking.psychologistId,
    seriesBase(profile.displayName),
    [PLATFORM_SERIES],
  );
  const sequence = await repository.nextNumber(series, year, 'receipt');
  const description =
    order.purpose === 'length_change'
      ? `Session made longer: ${order.notes.from_minutes ?? '?'} to ${order.notes.to_minutes ?? booking.durationMinutes} minutes (the difference)`
      : `${booking.durationMinutes}-minute therapy session`;
  return repository.insert({
    ...common,
    kind: 'receipt',
    series,
    sequence,
    number: documentNumber(series, year, 'receipt', sequence),
    issuerId: booking.psychologistId,
    recipientId: booking.patientId,
    snapshot: {
      title: documentTitle('receipt', profile.gstStatus),
      issuer: {
        name: profile.displayName,
        registrationNumber: profile.registrationNumber,
        address: profile.practiceAddress,
        gstStatus: profile.gstStatus,
        gstin: profile.gstin,
      },
      recipient: { name: receiptNameOf(patient), email: patient.email },
      session: sessionPart,
      feePaise: booking.pricePaise,
      method: payment.method,
      providerPaymentId: payment.id,
      receiptNumber: null,
      description,
    },
  });
}

/**
 * The refund note of a refund just recorded in `tx`, against its payment's receipt, in the issuer's
 * own refund-note series. Never more than what is left of the receipt. A payment that has no receipt
 * (refused, or taken before receipts existed) gets no note.
 */
export async function issueRefundNote(
  tx: Database,
  refund: RefundRow,
  providerPaymentId: string,
  now: Date,
): Promise<PaymentDocumentRow | null> {
  const repository = createReceiptsRepository(tx);
  const existing = await repository.findNoteOfRefund(refund.id);
  if (existing) return existing;
  const receipt = await repository.findReceiptOfPayment(providerPaymentId);
  if (!receipt) return null;
  if ((await repository.refundedOn(receipt.id)) + refund.amountPaise > receipt.amountPaise) {
    throw new AppError('REFUND_EXCEEDS_PAYMENT');
  }
  const year = financialYear(now);
  const sequence = await repository.nextNumber(receipt.series, year, 'refund_note');
  const snapshot: DocumentSnapshot = {
    ...receipt.snapshot,
    title: documentTitle('refund_note', receipt.snapshot.issuer.gstStatus),
    receiptNumber: receipt.number,
    description: `Refund: ${refund.reason}`.slice(0, 200),
  };
  return repository.insert({
    kind: 'refund_note',
    number: documentNumber(receipt.series, year, 'refund_note', sequence),
    series: receipt.series,
    financialYear: year,
    sequence,
    providerPaymentId,
    refundId: refund.id,
    receiptId: receipt.id,
    bookingId: receipt.bookingId,
    issuerId: receipt.issuerId,
    recipientId: receipt.recipientId,
    amountPaise: refund.amountPaise,
    snapshot,
    issuedAt: now,
  });
}

/** The file name a document is downloaded and attached as: "receipt-SK-ASHA-2026-27-000042.pdf". */
export function documentFileName(row: Pick<PaymentDocumentRow, 'kind' | 'number'>): string {
  const kind = row.kind === 'refund_note' ? 'refund-note' : 'receipt';
  return `${kind}-${row.number.replaceAll('/', '-')}.pdf`;
}

export function documentPdf(row: PaymentDocumentRow): Promise<Buffer> {
  return renderDocumentPdf({
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt,
    amountPaise: row.amountPaise,
    snapshot: row.snapshot,
  });
}

/**
 * A document's PDF by its id, as `GET /api/receipts/{id}.pdf` sends it (the mail worker attaches
 * receipts with this); null when there is no such document.
 */
export async function documentPdfById(db: Database, id: string): Promise<Buffer | null> {
  const row = await createReceiptsRepository(db).findById(id);
  return row ? documentPdf(row) : null;
}

export function createReceiptsService(db: Database) {
  const repository = createReceiptsRepository(db);

  /** A document its issuer or recipient asks for; anyone else is told it does not exist. */
  async function readable(userId: string, id: string) {
    const row = await repository.findById(id);
    if (!row || (row.issuerId !== userId && row.recipientId !== userId)) {
      throw localizedError('NOT_FOUND', 'error.receipt.notFound');
    }
    return row;
  }

  return {
    async pdf(userId: string, id: string) {
      const row = await readable(userId, id);
      return { fileName: documentFileName(row), pdf: await documentPdf(row) };
    },

    /** The caller's documents: of one session, or their newest. */
    async list(userId: string, bookingId?: string): Promise<ReceiptSummary[]> {
      const rows = bookingId
        ? await repository.listForBooking(bookingId, userId)
        : await repository.listForUser(userId, RECEIPT_LIST_LIMIT);
      return rows.map(toReceiptSummary);
    },

    async settings(psychologistId: string): Promise<ReceiptSettingsData> {
      const row = await repository.findSettings(psychologistId);
      if (!row) throw new AppError('PSYCHOLOGIST_NOT_FOUND');
      return row;
    },

    /** Receipts already issued keep the copy they were issued with. */
    async updateSettings(psychologistId: string, settings: ReceiptSettings) {
      await repository.updateSettings(psychologistId, settings);
      return this.settings(psychologistId);
    },
  };
}
