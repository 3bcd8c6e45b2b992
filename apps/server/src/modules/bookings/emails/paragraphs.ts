import {
  cancellationFacts,
  readPolicy,
  rescheduleFacts,
  type PracticePolicy,
} from '@sukoon/shared';
import type { MessageKey } from '../../../i18n/translate';
import type { BookingRow, Reader } from './session-people';

/** The paragraphs session emails share, each worded in its reader's language. */

/** Whole sentences, each one message of the catalogue, written one after the other. */
export const sentences = (...parts: string[]) => parts.filter(Boolean).join(' ');

/** "45-minute session with Dr. Rao: Tuesday, 12 March 2030, 10:00 AM – 10:45 AM IST." */
export function sessionSummary({ t }: Reader, booking: BookingRow, name: string, time: string) {
  return t('mail.session.summary', { minutes: booking.durationMinutes, name, time });
}

/**
 * A paragraph that hands its reader an address: a meeting room, a page of the app, a one-time link.
 * Every address in a session email is written through here, so how a link is shown is decided in
 * one place.
 */
export function linkParagraph(
  reader: Reader,
  key: MessageKey,
  values: Record<string, string>,
): string {
  return reader.t(key, values);
}

/** An address of the app with these query parameters: where a link in an email lands. */
export function appLink(publicUrl: string, query: Record<string, string>): string {
  const url = new URL(publicUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/** Where the patient opens the psychologist's calendar (they sign in if needed). */
export const calendarLink = (publicUrl: string, booking: BookingRow) =>
  appLink(publicUrl, { psychologistId: booking.psychologistId });

/**
 * The terms of the session, as the confirmation repeats them: cancellation, moves, a missed
 * session (the shared rules' `cancellationFacts` and `rescheduleFacts`, in the reader's language).
 */
export function termsParagraph(booking: BookingRow, reader: Reader): string {
  const { t } = reader;
  const policy = readPolicy(booking.policy);
  return sentences(
    cancellationTerms(booking, reader, policy),
    movesTerms(booking, reader, policy),
    t('mail.terms.noShowNoRefund'),
  );
}

function cancellationTerms(
  booking: BookingRow,
  { t, start }: Reader,
  policy: PracticePolicy,
): string {
  const terms = cancellationFacts(booking.startsAt, policy);
  if (terms.kind === 'freeUntilStart') return t('mail.terms.freeUntilStart');
  if (terms.kind === 'freeUntilThenNothing') {
    return t('mail.terms.freeUntilThenNothing', { until: start(terms.until) });
  }
  return t('mail.terms.freeUntilThenPart', { until: start(terms.until), percent: terms.percent });
}

function movesTerms(booking: BookingRow, { t, start }: Reader, policy: PracticePolicy): string {
  const moves = rescheduleFacts(booking.startsAt, policy);
  if (moves.kind !== 'until') return t('mail.terms.noMoves');
  return t('mail.terms.moves', { times: moves.times, deadline: start(moves.deadline) });
}
