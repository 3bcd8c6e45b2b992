import { z } from 'zod';
import { AuditEvent } from './audit';
import { LOCALES } from './locales';
import { BookingListItem } from './availability';
import { PaymentOrderData } from './payments';
import { ReceiptSummary } from './receipt-summary';

/**
 * Privacy: the notice shown at registration, the data download and account deletion. India's Digital
 * Personal Data Protection Act 2023 asks for a plain notice, consent and a way to withdraw it; the
 * Mental Healthcare Act 2017 (s.23) keeps what a patient tells their psychologist confidential.
 */

/** Changes when the notice's substance changes; stored with each user's consent. */
export const PRIVACY_NOTICE_VERSION = '2026-11-26';

/** The notice, in plain words: what is collected, why, who sees it, how long, and the user's rights. */
export const PRIVACY_NOTICE = {
  title: 'How Sukoon uses your information',
  points: [
    'We collect your username, email and password (stored only as a one-way hash), and the full name you give for your receipts. Patients: the sessions you book, what you write under "Problems Facing", and payment records (amount, method, status; card and UPI details stay with Razorpay). Psychologists: your profile, fees, availability, meeting links, and the attendance and notes you record.',
    'We use it only to book, hold and pay for sessions, to email you about them (codes, confirmations, reminders, cancellations) and to keep the payment records the law requires.',
    'Your psychologist sees your sessions and what you wrote for them. Attendance notes are seen by the psychologist alone, never by the patient or anyone else. Payments are processed by Razorpay.',
    'We keep your account until you delete it. Sessions, payments and receipts are kept as the practice’s and the accounting records (a receipt keeps the names printed on it, also after you delete your account); emails we sent are deleted after 30 days, and the record of your sign-ins after a year.',
    'You can download your data at any time, and withdraw your consent by deleting your account: your upcoming sessions are canceled and refunded, and your past records are anonymised.',
  ],
} as const;

/** DELETE /api/users/me: the password again, so a borrowed device cannot delete an account. */
export const DeleteAccountBody = z.object({
  password: z.string().min(1, 'Enter your password to confirm'),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const DeleteAccountData = z.object({
  deleted: z.literal(true),
  /** Upcoming sessions canceled (and refunded in full when paid). */
  canceled_sessions: z.number().int().nonnegative(),
});
export type DeleteAccountData = z.infer<typeof DeleteAccountData>;

/** GET /api/users/me/export: everything Sukoon holds about the signed-in user, as JSON. */
export const AccountExport = z.object({
  exported_at: z.iso.datetime(),
  privacy_notice_version: z.string(),
  account: z.object({
    id: z.uuid(),
    email: z.string(),
    username: z.string(),
    role: z.enum(['patient', 'psychologist']),
    /** The name printed on this person's receipts, when they gave one. */
    full_name: z.string().nullable(),
    /** The language the app and its emails speak to this person (issue 22). */
    locale: z.enum(LOCALES),
    created_at: z.iso.datetime(),
    email_verified_at: z.iso.datetime().nullable(),
    consented_at: z.iso.datetime().nullable(),
    consent_version: z.string().nullable(),
  }),
  psychologist_profile: z
    .object({
      display_name: z.string(),
      time_zone: z.string(),
      session_20_minute_rate: z.number(),
      session_45_minute_rate: z.number(),
      specializations: z.array(z.string()),
      languages: z.array(z.string()),
      bio: z.string(),
      years_of_practice: z.number().nullable(),
      registration_number: z.string().nullable(),
    })
    .nullable(),
  /** As the bookings list shows them to this user (attendance notes only to the psychologist). */
  bookings: z.array(BookingListItem),
  /** Orders this user paid or tried to pay, with their payments and refunds. */
  payments: z.array(PaymentOrderData),
  /** Receipts and refund notes issued to or by this user; each one's PDF is at /api/receipts/{id}.pdf. */
  receipts: z.array(ReceiptSummary),
  /** Sign-ins, refused sign-ins, sign-outs and password resets of this account. */
  account_events: z.array(AuditEvent),
  /** Emails sent to this user (their subjects and when). */
  emails: z.array(
    z.object({ subject: z.string(), status: z.string(), sent_at: z.iso.datetime().nullable() }),
  ),
});
export type AccountExport = z.infer<typeof AccountExport>;
