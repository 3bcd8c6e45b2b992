import {
  isPeriodInRange,
  periodBounds,
  periodContaining,
  shiftPeriod,
  type PracticePeriod,
  type PracticePeriodKind,
} from '@sukoon/shared';
import { periodName } from './practice-format';
import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/i18n';

const KINDS: Array<{
  kind: PracticePeriodKind;
  label: MessageKey;
  previous: MessageKey;
  next: MessageKey;
  current: MessageKey;
}> = [
  {
    kind: 'month',
    label: 'practice.period.month',
    previous: 'practice.period.previousMonth',
    next: 'practice.period.nextMonth',
    current: 'practice.period.thisMonth',
  },
  {
    kind: 'quarter',
    label: 'practice.period.quarter',
    previous: 'practice.period.previousQuarter',
    next: 'practice.period.nextQuarter',
    current: 'practice.period.thisQuarter',
  },
  {
    kind: 'fy',
    label: 'practice.period.fy',
    previous: 'practice.period.previousFy',
    next: 'practice.period.nextFy',
    current: 'practice.period.thisFy',
  },
];

interface PeriodNavProps {
  period: PracticePeriod;
  onChange: (period: PracticePeriod) => void;
  /** Today, for "This month" and its kin. */
  now: Date;
}

const STEP =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:text-slate-400';

/**
 * Which period the page shows: a month, a quarter or a financial year (April to March, IST), and
 * the previous or next one. Changing the kind keeps the period that holds the current one's start.
 */
export function PeriodNav({ period, onChange, now }: PeriodNavProps) {
  const t = useT();
  const words = KINDS.find((item) => item.kind === period.kind)!;
  const previous = shiftPeriod(period, -1);
  const next = shiftPeriod(period, 1);
  const current = periodContaining(period.kind, now);
  const isCurrent = periodName(current) === periodName(period);
  return (
    <nav
      aria-label={t('practice.period.label')}
      className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div
        role="group"
        aria-label={t('practice.period.kinds')}
        className="inline-flex w-full rounded-lg border border-slate-300 bg-white p-0.5 sm:w-auto"
      >
        {KINDS.map((item) => (
          <button
            key={item.kind}
            type="button"
            aria-pressed={period.kind === item.kind}
            onClick={() => onChange(periodContaining(item.kind, periodBounds(period).from))}
            className="min-h-9 flex-1 rounded-md px-2 text-sm whitespace-nowrap sm:px-3 font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white sm:flex-none"
          >
            {t(item.label)}
          </button>
        ))}
      </div>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={STEP}
          aria-label={t(words.previous)}
          disabled={!isPeriodInRange(previous)}
          onClick={() => onChange(previous)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <h2
          aria-live="polite"
          className="min-w-0 flex-1 text-center text-base font-semibold text-slate-900 sm:min-w-64 sm:text-lg"
        >
          {periodName(period)}
        </h2>
        <button
          type="button"
          className={STEP}
          aria-label={t(words.next)}
          disabled={!isPeriodInRange(next)}
          onClick={() => onChange(next)}
        >
          <span aria-hidden="true">›</span>
        </button>
        <button
          type="button"
          className={STEP}
          disabled={isCurrent}
          onClick={() => onChange(current)}
        >
          {t(words.current)}
        </button>
      </div>
    </nav>
  );
}
