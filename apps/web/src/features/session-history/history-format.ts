import { MeetingLink, formatInr, type AuditAction, type AuditEvent } from '@sukoon/shared';
import type { MessageKey } from '../../i18n/catalogue';
import type { Translate } from '../../i18n/i18n';
import { formatSessionStart } from '../../lib/dates';

/** One line of a session's history, as the psychologist reads it. */
export interface HistoryLine {
  id: string;
  /** 'Paid ₹900 by the patient' */
  text: string;
  /** Known details worth a second line ('Refund ₹900 · Cancellation fee ₹100'), or null. */
  detail: string | null;
  at: Date;
}

/**
 * Each action as one sentence with who did it (`by`: the patient, the psychologist, or the system).
 * The reader is the session's psychologist, so their own actions are 'by you'.
 */
const ACTION: Record<AuditAction, MessageKey> = {
  'booking.created': 'history.line.created',
  'booking.paid': 'history.line.paid',
  'booking.meeting_link_set': 'history.line.meetingLinkSet',
  'booking.attendance_marked': 'history.line.attendanceMarked',
  'booking.rescheduled': 'history.line.moved',
  'booking.move_kept': 'history.line.moveKept',
  'booking.move_declined': 'history.line.moveDeclined',
  'booking.canceled': 'history.line.canceled',
  'booking.refunded': 'history.line.refunded',
  'booking.penalty_refunded': 'history.line.penaltyRefunded',
  'auth.signed_in': 'history.line.signedIn',
  'auth.sign_in_failed': 'history.line.signInRefused',
  'auth.signed_out': 'history.line.signedOut',
  'auth.signed_out_everywhere': 'history.line.signedOutEverywhere',
  'auth.password_reset': 'history.line.passwordReset',
  'account.data_exported': 'history.line.dataDownloaded',
  'account.name_flagged': 'history.line.nameFlagged',
};

/** The same sentence with the amount in it, for the actions that move money. */
const WITH_AMOUNT: Partial<Record<AuditAction, MessageKey>> = {
  'booking.paid': 'history.line.paidAmount',
  'booking.refunded': 'history.line.refundedAmount',
  'booking.penalty_refunded': 'history.line.penaltyRefundedAmount',
};

/** A marked attendance by what it was marked as. */
const ATTENDANCE: Record<'attended' | 'canceled', MessageKey> = {
  attended: 'history.line.attendancePresent',
  canceled: 'history.line.attendanceAbsent',
};

const PAYMENT_METHODS: Record<'card' | 'upi' | 'netbanking' | 'wallet', MessageKey> = {
  card: 'history.method.card',
  upi: 'history.method.upi',
  netbanking: 'history.method.netbanking',
  wallet: 'history.method.wallet',
};

type Details = AuditEvent['details'];

/** An amount in paise, formatted; anything else (missing, text, negative) is left out. */
function amount(details: Details, key: string): string | null {
  const value = details[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? formatInr(value)
    : null;
}

function known<T extends string>(value: unknown, labels: Record<T, MessageKey>): MessageKey | null {
  return typeof value === 'string' && Object.hasOwn(labels, value) ? labels[value as T] : null;
}

const list = (...parts: Array<string | null>) => parts.filter(Boolean).join(' · ') || null;

/**
 * Turns an audit event into words, in the language of `t` (English without one). Only fields this
 * function knows are read, each checked and formatted (amounts in paise with formatInr, statuses and
 * methods through their labels); anything else the server may put in `details` is never shown.
 */
export function describeHistoryEvent(
  event: AuditEvent,
  timeZone: string,
  t: Translate,
): HistoryLine {
  const { details } = event;
  const by = event.actor;
  /** The action's sentence with who did it, and its amount where it has one. */
  const said = (key: MessageKey | null = null, amount: string | null = null) => {
    const withAmount = WITH_AMOUNT[event.action];
    if (amount && withAmount) return t(withAmount, { by, amount });
    return t(key ?? ACTION[event.action] ?? 'history.line.changed', { by });
  };
  const line = (text: string, detail: string | null = null): HistoryLine => ({
    id: event.id,
    text,
    detail,
    at: new Date(event.occurredAt),
  });

  switch (event.action) {
    case 'booking.created':
      return line(said(), details.status === 'held' ? t('history.slotHeld') : null);
    case 'booking.paid': {
      const method = known(details.method, PAYMENT_METHODS);
      return line(said(null, amount(details, 'amount_paise')), method && t(method));
    }
    case 'booking.meeting_link_set': {
      const link = MeetingLink.safeParse(details.meeting_link);
      return line(said(), link.success ? link.data : null);
    }
    case 'booking.attendance_marked': {
      // Back to scheduled is an undo, not a mark.
      const text =
        details.status === 'scheduled'
          ? said('history.line.attendanceReset')
          : said(known(details.status, ATTENDANCE));
      return line(text, details.notes === 'written' ? t('history.notesUpdated') : null);
    }
    case 'booking.canceled': {
      const refund = amount(details, 'refund_paise');
      const penalty = amount(details, 'penalty_paise');
      return line(
        said(),
        list(
          refund && t('history.refund', { amount: refund }),
          penalty && t('history.penalty', { amount: penalty }),
        ),
      );
    }
    case 'booking.rescheduled': {
      const when = (key: string) => {
        const value = details[key];
        const instant = typeof value === 'string' ? new Date(value) : null;
        return instant && !Number.isNaN(instant.getTime())
          ? formatSessionStart(instant, timeZone)
          : null;
      };
      const minutes = (key: string) =>
        details[key] === 20 || details[key] === 45 ? details[key] : null;
      const from = when('from');
      const to = when('to');
      const fromMinutes = minutes('from_minutes');
      const toMinutes = minutes('to_minutes');
      const paid = amount(details, 'paid_paise');
      const refund = amount(details, 'refund_paise');
      return line(
        said(fromMinutes && toMinutes ? 'history.line.changed' : null),
        list(
          from && to && from !== to ? t('history.fromTo', { from, to }) : null,
          fromMinutes && toMinutes
            ? t('history.lengthChange', { from: fromMinutes, to: toMinutes })
            : null,
          paid && t('history.paid', { amount: paid }),
          refund && t('history.refund', { amount: refund }),
        ),
      );
    }
    case 'booking.refunded':
    case 'booking.penalty_refunded':
      return line(said(null, amount(details, 'amount_paise')));
    default:
      return line(said());
  }
}
