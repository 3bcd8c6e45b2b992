import {
  ATTENDANCE_LABELS,
  AUDIT_ACTION_LABELS,
  MeetingLink,
  formatInr,
  formatSessionStart,
  type AttendanceStatus,
  type AuditEvent,
} from '@sukoon/shared';

/** One line of a session's history, as the psychologist reads it. */
export interface HistoryLine {
  id: string;
  /** 'Paid ₹900 by the patient' */
  text: string;
  /** Known details worth a second line ('Refund ₹900 · Cancellation fee ₹100'), or null. */
  detail: string | null;
  at: Date;
}

/** The reader is the session's psychologist, so their own actions are 'by you'. */
const BY: Record<AuditEvent['actor'], string> = {
  patient: 'by the patient',
  psychologist: 'by you',
  system: '',
};

const PAYMENT_METHODS: Record<string, string> = {
  card: 'Card',
  upi: 'UPI',
  netbanking: 'Net banking',
  wallet: 'Wallet',
};

type Details = AuditEvent['details'];

/** An amount in paise, formatted; anything else (missing, text, negative) is left out. */
function amount(details: Details, key: string): string | null {
  const value = details[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? formatInr(value)
    : null;
}

function known<T extends string>(value: unknown, labels: Record<T, string>): string | null {
  return typeof value === 'string' && Object.hasOwn(labels, value) ? labels[value as T] : null;
}

const join = (...parts: Array<string | null>) => parts.filter(Boolean).join(' ');
const list = (...parts: Array<string | null>) => parts.filter(Boolean).join(' · ') || null;

/**
 * Turns an audit event into words. Only fields this function knows are read, each checked and
 * formatted (amounts in paise with formatInr, statuses and methods through their labels); anything
 * else the server may put in `details` is never shown.
 */
export function describeHistoryEvent(event: AuditEvent, timeZone: string): HistoryLine {
  const { details } = event;
  const label = AUDIT_ACTION_LABELS[event.action] ?? 'Changed';
  const by = BY[event.actor];
  const line = (text: string, detail: string | null = null): HistoryLine => ({
    id: event.id,
    text,
    detail,
    at: new Date(event.occurredAt),
  });

  switch (event.action) {
    case 'booking.created':
      return line(
        join(label, by),
        details.status === 'held' ? 'Slot held while the patient paid' : null,
      );
    case 'booking.paid':
      return line(
        join(label, amount(details, 'amount_paise'), by),
        list(known(details.method, PAYMENT_METHODS)),
      );
    case 'booking.meeting_link_set': {
      const link = MeetingLink.safeParse(details.meeting_link);
      return line(join(label, by), link.success ? link.data : null);
    }
    case 'booking.attendance_marked': {
      // Back to scheduled is an undo, not a mark.
      const text =
        details.status === 'scheduled'
          ? join('Attendance reset', by)
          : join(label, known<AttendanceStatus>(details.status, ATTENDANCE_LABELS), by);
      return line(text, details.notes === 'written' ? 'Notes updated' : null);
    }
    case 'booking.canceled': {
      const refund = amount(details, 'refund_paise');
      const penalty = amount(details, 'penalty_paise');
      return line(
        join(label, by),
        list(refund && `Refund ${refund}`, penalty && `Cancellation fee ${penalty}`),
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
        details[key] === 20 || details[key] === 45 ? `${details[key]} min` : null;
      const from = when('from');
      const to = when('to');
      const fromMinutes = minutes('from_minutes');
      const toMinutes = minutes('to_minutes');
      const paid = amount(details, 'paid_paise');
      const refund = amount(details, 'refund_paise');
      return line(
        join(fromMinutes && toMinutes ? 'Changed' : label, by),
        list(
          from && to && from !== to ? `From ${from} to ${to}` : null,
          fromMinutes && toMinutes && `${fromMinutes} → ${toMinutes}`,
          paid && `Paid ${paid}`,
          refund && `Refund ${refund}`,
        ),
      );
    }
    case 'booking.refunded':
    case 'booking.penalty_refunded':
      return line(join(label, amount(details, 'amount_paise'), by));
    default:
      return line(join(label, by));
  }
}
