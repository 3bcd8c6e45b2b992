import { WEEKDAY_NAMES, type PracticeSummary } from '@sukoon/shared';
import { hourRange, rupees } from './practice-format';

const CARD = 'rounded-2xl border border-slate-200 bg-white p-4 sm:p-5';

function Line({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="flex justify-between gap-3 py-0.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** The period's figures at a glance: sessions, attendance, money and patients. */
export function PracticeFigures({ summary }: { summary: PracticeSummary }) {
  const { outcomes, money, patients } = summary;
  const rate = summary.attendanceRate;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <section className={CARD} aria-labelledby="practice-sessions">
        <h3 id="practice-sessions" className="text-sm font-medium text-slate-600">
          Sessions booked
        </h3>
        <p className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums">{summary.booked}</p>
        <dl className="mt-3 text-sm">
          <Line label="Attended" value={outcomes.attended} />
          <Line label="Absent" value={outcomes.absent} />
          <Line label="Canceled by patient" value={outcomes.canceledByPatient} />
          <Line label="Canceled by you" value={outcomes.canceledByPsychologist} />
          <Line label="Not marked yet" value={outcomes.notMarked} />
        </dl>
      </section>
      <section className={CARD} aria-labelledby="practice-net">
        <h3 id="practice-net" className="text-sm font-medium text-slate-600">
          Net earnings
        </h3>
        <p className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums">
          {rupees(money.netPaise)}
        </p>
        <dl className="mt-3 text-sm">
          <Line label="Fees received" value={rupees(money.grossPaise)} />
          <Line label="Refunded" value={`− ${rupees(money.refundsPaise)}`} />
          <Line label="Penalties paid" value={`− ${rupees(money.penaltiesPaise)}`} />
        </dl>
      </section>
      <section className={CARD} aria-labelledby="practice-attendance">
        <h3 id="practice-attendance" className="text-sm font-medium text-slate-600">
          Attendance rate
        </h3>
        <p className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums">
          {rate === null ? '—' : `${Math.round(rate * 100)}%`}
        </p>
        <p className="mt-3 text-sm text-slate-600">
          {rate === null
            ? 'No session marked attended or absent yet.'
            : `${outcomes.attended} attended of ${outcomes.attended + outcomes.absent} marked.`}
        </p>
        <dl className="mt-3 text-sm">
          <Line
            label="Busiest day"
            value={
              summary.busiestDays[0] ? WEEKDAY_NAMES[summary.busiestDays[0].weekday - 1]! : '—'
            }
          />
          <Line
            label="Busiest hour"
            value={summary.busiestHours[0] ? hourRange(summary.busiestHours[0].hour) : '—'}
          />
        </dl>
      </section>
      <section className={CARD} aria-labelledby="practice-patients">
        <h3 id="practice-patients" className="text-sm font-medium text-slate-600">
          Patients seen
        </h3>
        <p className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums">{patients.total}</p>
        <dl className="mt-3 text-sm">
          <Line label="New (first session with you)" value={patients.new} />
          <Line label="Returning" value={patients.returning} />
        </dl>
      </section>
    </div>
  );
}
