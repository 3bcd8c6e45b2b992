import {
  attendanceRate,
  parsePeriodKey,
  periodBounds,
  periodKey,
  periodLabel,
  periodWeeks,
  type PracticeMoney,
  type PracticeOutcomes,
  type PracticePeriod,
  type PracticeSummary,
} from '@sukoon/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { csvDate, csvRupees, csvTime, toCsv } from './csv';
import {
  createPracticeRepository,
  type MoneyCsvRow,
  type PracticeRange,
  type WeekMoneyRow,
  type WeekOutcomeRow,
} from './practice-repository';

const NO_OUTCOMES: PracticeOutcomes = {
  attended: 0,
  absent: 0,
  canceledByPatient: 0,
  canceledByPsychologist: 0,
  notMarked: 0,
};

function outcomesOf(row: WeekOutcomeRow | undefined): PracticeOutcomes {
  if (!row) return NO_OUTCOMES;
  return {
    attended: row.attended,
    absent: row.absent,
    canceledByPatient: row.canceled_by_patient,
    canceledByPsychologist: row.canceled_by_psychologist,
    notMarked: row.not_marked,
  };
}

function moneyOf(row: WeekMoneyRow | undefined): PracticeMoney {
  const gross = row?.gross_paise ?? 0;
  const refunds = row?.refunds_paise ?? 0;
  const penalties = row?.penalties_paise ?? 0;
  return {
    grossPaise: gross,
    refundsPaise: refunds,
    penaltiesPaise: penalties,
    netPaise: gross - refunds - penalties,
  };
}

function addUp<T extends Record<string, number>>(items: T[], zero: T): T {
  const total = { ...zero };
  for (const item of items) {
    for (const key of Object.keys(total) as Array<keyof T>) {
      (total[key] as number) += item[key] as number;
    }
  }
  return total;
}

/** The top three of a tally (ties by the smaller key), leaving out empty ones. */
function busiest<K extends string>(tally: Map<number, number>, key: K) {
  return [...tally]
    .filter(([, minutes]) => minutes > 0)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, 3)
    .map(
      ([value, minutes]) => ({ [key]: value, minutes }) as Record<K, number> & { minutes: number },
    );
}

const SESSION_OUTCOME_TEXT: Record<string, string> = {
  attended: 'Attended',
  absent: 'Absent',
  canceled_by_patient: 'Canceled by patient',
  canceled_by_psychologist: 'Canceled by psychologist',
  not_marked: 'Not marked',
};

function moneyRowType(row: MoneyCsvRow): string {
  const what = {
    booking: 'Session fee',
    length_change: 'Longer session fee',
    penalty: 'Cancellation penalty',
  }[row.purpose];
  return row.kind === 'payment' ? what : `Refund of ${what.toLowerCase()}`;
}

/** Which way a movement goes for the psychologist: fees in; refunds of them and penalties out. */
function isMoneyIn(row: MoneyCsvRow): boolean {
  return (row.purpose === 'penalty') === (row.kind === 'refund');
}

/** The psychologist's practice over a month, quarter or financial year (IST). */
export function createPracticeService(db: Database) {
  const repository = createPracticeRepository(db);

  function rangeOf(
    psychologistId: string,
    key: string,
  ): PracticeRange & { period: PracticePeriod } {
    const period = parsePeriodKey(key);
    if (!period) throw new AppError('VALIDATION_FAILED');
    return { psychologistId, period, ...periodBounds(period) };
  }

  return {
    async summary(psychologistId: string, key: string): Promise<PracticeSummary> {
      const range = rangeOf(psychologistId, key);
      const [outcomeRows, moneyRows, heatMap, patients] = await Promise.all([
        repository.outcomesByWeek(range),
        repository.moneyByWeek(range),
        repository.bookedMinutesByHour(range),
        repository.patients(range),
      ]);
      const weeks = periodWeeks(range.period).map((weekStart) => ({
        weekStart,
        outcomes: outcomesOf(outcomeRows.find((row) => row.week === weekStart)),
        money: moneyOf(moneyRows.find((row) => row.week === weekStart)),
      }));
      const outcomes = addUp(
        weeks.map((week) => week.outcomes),
        NO_OUTCOMES,
      );
      const money = addUp(
        weeks.map((week) => week.money),
        moneyOf(undefined),
      );
      const byDay = new Map<number, number>();
      const byHour = new Map<number, number>();
      for (const cell of heatMap) {
        byDay.set(cell.weekday, (byDay.get(cell.weekday) ?? 0) + cell.minutes);
        byHour.set(cell.hour, (byHour.get(cell.hour) ?? 0) + cell.minutes);
      }
      return {
        period: {
          key: periodKey(range.period),
          kind: range.period.kind,
          label: periodLabel(range.period),
          from: range.from.toISOString(),
          to: range.to.toISOString(),
        },
        booked: Object.values(outcomes).reduce((sum, count) => sum + count, 0),
        outcomes,
        attendanceRate: attendanceRate(outcomes.attended, outcomes.absent),
        money,
        weeks,
        heatMap,
        busiestDays: busiest(byDay, 'weekday'),
        busiestHours: busiest(byHour, 'hour'),
        patients: {
          total: patients.total,
          new: patients.new,
          returning: patients.total - patients.new,
        },
      };
    },

    /** The period's sessions as CSV, by start. */
    async sessionsCsv(psychologistId: string, key: string): Promise<string> {
      const rows = await repository.sessionRows(rangeOf(psychologistId, key));
      return toCsv(
        ['Date', 'Start (IST)', 'Minutes', 'Patient', 'Outcome', 'Fee (INR)'],
        rows.map((row) => {
          const start = new Date(row.starts_at_ms);
          return [
            csvDate(start),
            csvTime(start),
            { number: String(row.duration_minutes) },
            row.patient,
            SESSION_OUTCOME_TEXT[row.outcome] ?? row.outcome,
            csvRupees(row.price_paise),
          ];
        }),
      );
    },

    /** The period's money: one row per captured payment and per refund, by when it moved. */
    async moneyCsv(psychologistId: string, key: string): Promise<string> {
      const rows = await repository.moneyRows(rangeOf(psychologistId, key));
      return toCsv(
        [
          'Date',
          'Time (IST)',
          'Type',
          'Patient',
          'Session date',
          'Money in (INR)',
          'Money out (INR)',
          'Payment reference',
          'Refund status',
          'Receipt / refund note',
        ],
        rows.map((row) => {
          const at = new Date(row.at_ms);
          const amount = csvRupees(row.amount_paise);
          return [
            csvDate(at),
            csvTime(at),
            moneyRowType(row),
            row.patient,
            csvDate(new Date(row.session_starts_at_ms)),
            isMoneyIn(row) ? amount : null,
            isMoneyIn(row) ? null : amount,
            row.provider_payment_id,
            row.refund_status === null
              ? null
              : row.refund_status === 'processed'
                ? 'Refunded'
                : 'Being refunded',
            row.document_number,
          ];
        }),
      );
    },
  };
}
