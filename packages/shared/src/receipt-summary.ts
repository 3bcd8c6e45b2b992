import { z } from 'zod';
import { nameFromUsername } from './profile';

/**
 * A receipt or refund note as the app lists it. Apart from the tax rules (./receipts), so the lazily
 * loaded receipt links read it without the GSTIN and address schemas.
 */

export const DOCUMENT_KINDS = ['receipt', 'refund_note', 'penalty_receipt'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * The name a patient's receipt is made out to: the full name they gave, else one made from their
 * username ("meera_k" -> "Meera K"). Shown before they pay; printed on the receipt.
 */
export function receiptNameOf(person: { fullName: string | null; username: string }): string {
  return person.fullName ?? nameFromUsername(person.username);
}

export const ReceiptSummary = z.object({
  id: z.uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string(),
  booking_id: z.uuid().nullable(),
  amount_paise: z.number().int(),
  issued_at: z.string(),
});
export type ReceiptSummary = z.infer<typeof ReceiptSummary>;

/** `GET /api/receipts/{id}.pdf`: the one address of every document's PDF. */
export function receiptPath(id: string): string {
  return `/api/receipts/${id}.pdf`;
}
