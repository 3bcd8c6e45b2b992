import type { PracticeSummary } from '@sukoon/shared';
import { useT } from '../../i18n/i18n';
import { weekdayName } from './heat-map';
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
  const t = useT();
  const { outcomes, money, patients } = summary;
  const rate = summary.attendanceRate;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <section className={CARD} aria-labelledby="practice-sessions">
        <h3 id="practice-sessions" className="text-sm font-medium text-slate-600">
          {t('practice.figures.booked')}
        </h3>
        <p className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums">{summary.booked}</p>
        <dl className="mt-3 text-sm">
          <Line label={t('practice.outcome.attended')} value={outcomes.attended} />
          <Line label={t('practice.outcome.absent')} value={outcomes.absent} />
          <Line
            label={t('practice.outcome.canceledByPatient')}
            value={outcomes.canceledByPatient}
          />
          <Line
            label={t('practice.outcome.canceledByYou')}
            value={outcomes.canceledByPsychologist}
          />
          <Line label={t('practice.outcome.notMarkedYet')} value={outcomes.notMarked} />
        </dl>
      </section>
      <section className={CARD} aria-labelledby="practice-net">
        <h3 id="practice-net" className="text-sm font-medium text-slate-600">
          {t('practice.figures.net')}
        </h3>
        <p className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums">
          {rupees(money.netPaise)}
        </p>
        <dl className="mt-3 text-sm">
          <Line label={t('practice.figures.fees')} value={rupees(money.grossPaise)} />
          <Line label={t('practice.figures.refunded')} value={`− ${rupees(money.refundsPaise)}`} />
          <Line
            label={t('practice.figures.penalties')}
            value={`− ${rupees(money.penaltiesPaise)}`}
          />
        </dl>
      </section>
      <section className={CARD} aria-labelledby="practice-attendance">
        <h3 id="practice-attendance" className="text-sm font-medium text-slate-600">
          {t('practice.figures.attendanceRate')}
        </h3>
        <p className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums">
          {rate === null ? '—' : `${Math.round(rate * 100)}%`}
        </p>
        <p className="mt-3 text-sm text-slate-600">
          {rate === null
            ? t('practice.figures.noneMarked')
            : t('practice.figures.attendedOfMarked', {
                attended: outcomes.attended,
                marked: outcomes.attended + outcomes.absent,
              })}
        </p>
        <dl className="mt-3 text-sm">
          <Line
            label={t('practice.figures.busiestDay')}
            value={summary.busiestDays[0] ? weekdayName(t, summary.busiestDays[0].weekday) : '—'}
          />
          <Line
            label={t('practice.figures.busiestHour')}
            value={summary.busiestHours[0] ? hourRange(summary.busiestHours[0].hour) : '—'}
          />
        </dl>
      </section>
      <section className={CARD} aria-labelledby="practice-patients">
        <h3 id="practice-patients" className="text-sm font-medium text-slate-600">
          {t('practice.figures.patients')}
        </h3>
        <p className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums">{patients.total}</p>
        <dl className="mt-3 text-sm">
          <Line label={t('practice.figures.newPatients')} value={patients.new} />
          <Line label={t('practice.figures.returning')} value={patients.returning} />
        </dl>
      </section>
    </div>
  );
}
