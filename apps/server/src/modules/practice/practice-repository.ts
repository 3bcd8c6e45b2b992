import { sql, type SQL } from 'drizzle-orm';
import { PRACTICE_TIME_ZONE } from '@sukoon/shared';
import { queryRows, type Database } from '../../db/client';

/**
 * The Practice page's figures, each one statement aggregated in PostgreSQL. Sessions count by their
 * start, money by when it moved; weeks, weekdays and hours are in IST (PRACTICE_TIME_ZONE).
 */
export interface PracticeRange {
  psychologistId: string;
  from: Date;
  to: Date;
}

/**
 * A session of the practice: a patient's booking that was confirmed (booked, or canceled by one side
 * after it was). Holds let go or run out, and the psychologist's own events, are not sessions.
 */
const isSession = sql`b.patient_id is not null
  and (b.status = 'booked' or (b.status = 'canceled' and b.canceled_by is not null))`;

const outcome = sql`case
    when b.status = 'canceled' and b.canceled_by = 'patient' then 'canceled_by_patient'
    when b.status = 'canceled' then 'canceled_by_psychologist'
    when b.attendance_status = 'attended' then 'attended'
    when b.attendance_status = 'canceled' then 'absent'
    else 'not_marked' end`;

const istWeek = (column: SQL) =>
  sql`to_char(date_trunc('week', ${column} at time zone ${PRACTICE_TIME_ZONE}), 'YYYY-MM-DD')`;

/**
 * Every movement of the practice's money in the range, one row each: a captured payment for a
 * session (its booking or a longer length) or of the psychologist's cancellation penalty, and each
 * refund of one. Payments refused and refunded in full (amount mismatch, a hold that ran out) never
 * were the practice's money and are left out, with their refunds.
 */
function moneyMovements({ psychologistId, from, to }: PracticeRange) {
  const captured = sql`bookings b
    join payment_orders o
      on o.purpose in ('booking', 'length_change', 'penalty') and o.reference_id = b.id::text
    join payments p on p.order_id = o.id and p.status = 'captured'`;
  return sql`
    select 'payment' as kind, o.purpose, p.id as source_id, p.created_at as at, p.amount_paise,
           b.id as booking_id, p.provider_payment_id, null::text as refund_status
    from ${captured}
    where b.psychologist_id = ${psychologistId}
      and p.created_at >= ${from.toISOString()} and p.created_at < ${to.toISOString()}
    union all
    select 'refund', o.purpose, r.id, r.created_at, r.amount_paise,
           b.id, p.provider_payment_id, r.status
    from ${captured}
    join refunds r on r.payment_id = p.id
    where b.psychologist_id = ${psychologistId}
      and r.created_at >= ${from.toISOString()} and r.created_at < ${to.toISOString()}`;
}

export interface WeekOutcomeRow {
  week: string;
  attended: number;
  absent: number;
  canceled_by_patient: number;
  canceled_by_psychologist: number;
  not_marked: number;
}

export interface WeekMoneyRow {
  week: string;
  gross_paise: number;
  refunds_paise: number;
  penalties_paise: number;
}

export interface HeatRow {
  weekday: number;
  hour: number;
  minutes: number;
}

export interface SessionCsvRow {
  starts_at_ms: number;
  duration_minutes: number;
  patient: string | null;
  outcome: string;
  price_paise: number;
}

export interface MoneyCsvRow {
  kind: 'payment' | 'refund';
  purpose: 'booking' | 'length_change' | 'penalty';
  at_ms: number;
  amount_paise: number;
  session_starts_at_ms: number;
  patient: string | null;
  provider_payment_id: string;
  refund_status: 'pending' | 'processed' | null;
  /** The receipt of a payment, or the refund note of a refund (none for payments before receipts). */
  document_number: string | null;
}

/** The statements, apart from running them, so the bench can EXPLAIN each. */
export const practiceStatements = {
  /** Sessions by outcome in each IST week, by their start. */
  outcomesByWeek({ psychologistId, from, to }: PracticeRange) {
    return sql`select ${istWeek(sql`b.starts_at`)} as week,
            count(*) filter (where ${outcome} = 'attended')::int as attended,
            count(*) filter (where ${outcome} = 'absent')::int as absent,
            count(*) filter (where ${outcome} = 'canceled_by_patient')::int as canceled_by_patient,
            count(*) filter (where ${outcome} = 'canceled_by_psychologist')::int as canceled_by_psychologist,
            count(*) filter (where ${outcome} = 'not_marked')::int as not_marked
          from bookings b
          where b.psychologist_id = ${psychologistId}
            and b.starts_at >= ${from.toISOString()} and b.starts_at < ${to.toISOString()}
            and ${isSession}
          group by 1`;
  },

  /** Fees received, refunded and penalties paid (less any refunded) in each IST week. */
  moneyByWeek(range: PracticeRange) {
    return sql`select ${istWeek(sql`m.at`)} as week,
            coalesce(sum(m.amount_paise) filter (where m.purpose <> 'penalty' and m.kind = 'payment'), 0)::int as gross_paise,
            coalesce(sum(m.amount_paise) filter (where m.purpose <> 'penalty' and m.kind = 'refund'), 0)::int as refunds_paise,
            coalesce(sum(case when m.kind = 'payment' then m.amount_paise else -m.amount_paise end)
              filter (where m.purpose = 'penalty'), 0)::int as penalties_paise
          from (${moneyMovements(range)}) m
          group by 1`;
  },

  /** Minutes of booked (not canceled) sessions in each weekday's hour, IST, split across hours. */
  bookedMinutesByHour({ psychologistId, from, to }: PracticeRange) {
    return sql`select extract(isodow from h)::int as weekday, extract(hour from h)::int as hour,
            sum(extract(epoch from least(s.ends, h + interval '1 hour') - greatest(s.starts, h)) / 60)::int as minutes
          from (
            select b.starts_at at time zone ${PRACTICE_TIME_ZONE} as starts,
                   b.ends_at at time zone ${PRACTICE_TIME_ZONE} as ends
            from bookings b
            where b.psychologist_id = ${psychologistId}
              and b.starts_at >= ${from.toISOString()} and b.starts_at < ${to.toISOString()}
              and b.patient_id is not null and b.status = 'booked'
          ) s
          cross join lateral generate_series(date_trunc('hour', s.starts), s.ends - interval '1 second', interval '1 hour') h
          group by 1, 2`;
  },

  /** Patients with a booked session in the range, and how many of them had none before it. */
  patients({ psychologistId, from, to }: PracticeRange) {
    return sql`select count(*)::int as total, count(*) filter (where t.first_start >= ${from.toISOString()})::int as new
          from (
            select b.patient_id, min(b.starts_at) as first_start,
                   bool_or(b.starts_at >= ${from.toISOString()}) as in_range
            from bookings b
            where b.psychologist_id = ${psychologistId} and b.starts_at < ${to.toISOString()}
              and b.patient_id is not null and b.status = 'booked'
            group by b.patient_id
          ) t
          where t.in_range`;
  },

  /** The range's sessions, by start, for the CSV. */
  sessionRows({ psychologistId, from, to }: PracticeRange) {
    return sql`select (extract(epoch from b.starts_at) * 1000)::float8 as starts_at_ms,
            b.duration_minutes, u.username as patient, ${outcome} as outcome, b.price_paise
          from bookings b
          left join users u on u.id = b.patient_id
          where b.psychologist_id = ${psychologistId}
            and b.starts_at >= ${from.toISOString()} and b.starts_at < ${to.toISOString()}
            and ${isSession}
          order by b.starts_at, b.id`;
  },

  /** The range's money movements, by when they happened, for the CSV. */
  moneyRows(range: PracticeRange) {
    return sql`select m.kind, m.purpose, (extract(epoch from m.at) * 1000)::float8 as at_ms,
            m.amount_paise, (extract(epoch from b.starts_at) * 1000)::float8 as session_starts_at_ms,
            u.username as patient, m.provider_payment_id, m.refund_status,
            coalesce(receipt.number, note.number) as document_number
          from (${moneyMovements(range)}) m
          join bookings b on b.id = m.booking_id
          left join users u on u.id = b.patient_id
          left join payment_documents receipt on m.kind = 'payment'
            and receipt.provider_payment_id = m.provider_payment_id and receipt.kind <> 'refund_note'
          left join payment_documents note on m.kind = 'refund' and note.refund_id = m.source_id
          order by m.at, m.kind, m.source_id`;
  },
};

export function createPracticeRepository(db: Database) {
  return {
    outcomesByWeek: (range: PracticeRange) =>
      queryRows<WeekOutcomeRow>(db, practiceStatements.outcomesByWeek(range)),
    moneyByWeek: (range: PracticeRange) =>
      queryRows<WeekMoneyRow>(db, practiceStatements.moneyByWeek(range)),
    bookedMinutesByHour: (range: PracticeRange) =>
      queryRows<HeatRow>(db, practiceStatements.bookedMinutesByHour(range)),
    async patients(range: PracticeRange) {
      const rows = await queryRows<{ total: number; new: number }>(
        db,
        practiceStatements.patients(range),
      );
      return rows[0] ?? { total: 0, new: 0 };
    },
    sessionRows: (range: PracticeRange) =>
      queryRows<SessionCsvRow>(db, practiceStatements.sessionRows(range)),
    moneyRows: (range: PracticeRange) =>
      queryRows<MoneyCsvRow>(db, practiceStatements.moneyRows(range)),
  };
}
