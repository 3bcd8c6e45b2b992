import { useEffect, useRef, useState } from 'react';
import { parsePeriodKey, periodContaining, periodKey, type PracticePeriod } from '@sukoon/shared';
import { periodName } from './practice-format';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonList } from '../../components/ui/skeleton';
import { Notice } from '../../components/ui/notice';
import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/i18n';
import {
  useDownloadPracticeCsv,
  usePracticeSummary,
  type PracticeExport,
} from './practice-queries';
import { PracticeCharts } from './practice-charts';
import { PracticeFigures } from './practice-figures';
import { PeriodNav } from './period-nav';

/** The period in the address (`?period=FY2026`), so a reload shows the same one; else this month. */
function initialPeriod(now: Date): PracticePeriod {
  const key = new URLSearchParams(window.location.search).get('period');
  return (key && parsePeriodKey(key)) || periodContaining('month', now);
}

const EXPORTS: Array<{ name: PracticeExport; label: MessageKey }> = [
  { name: 'sessions', label: 'practice.export.sessions' },
  { name: 'money', label: 'practice.export.money' },
];

/**
 * The psychologist's Practice page: a month, quarter or financial year of sessions, money and
 * patients, with charts and CSV downloads for an accountant.
 */
export function PracticePage({ onBack }: { onBack: () => void }) {
  const t = useT();
  const [now] = useState(() => new Date());
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Opened from a menu that closed behind it: the page's heading takes focus.
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);
  const [period, setPeriod] = useState(() => initialPeriod(now));
  const key = periodKey(period);
  const summary = usePracticeSummary(key);
  const download = useDownloadPracticeCsv();
  const data = summary.data;
  const empty =
    data !== undefined &&
    data.booked === 0 &&
    data.money.grossPaise === 0 &&
    data.money.refundsPaise === 0 &&
    data.money.penaltiesPaise === 0;

  const choose = (next: PracticePeriod) => {
    setPeriod(next);
    const url = new URL(window.location.href);
    url.searchParams.set('period', periodKey(next));
    window.history.replaceState(window.history.state, '', url);
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-screen-2xl items-center gap-3 px-4 py-3 sm:px-6">
          <button
            type="button"
            onClick={onBack}
            className="inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <span aria-hidden="true">←</span> {t('practice.back')}
          </button>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="focus:outline-none text-lg font-semibold text-slate-900 sm:text-xl"
          >
            {t('practice.title')}
          </h1>
        </div>
      </header>
      <main className="mx-auto flex max-w-screen-2xl flex-col gap-5 px-4 py-6 sm:px-6">
        <PeriodNav period={period} onChange={choose} now={now} />
        {summary.isError && !data ? (
          <LoadError
            message={summary.error.message}
            onRetry={() => void summary.refetch()}
            retrying={summary.isFetching}
          />
        ) : !data ? (
          <SkeletonList label={t('practice.loading')} rows={4} />
        ) : (
          <div
            aria-busy={summary.isPlaceholderData}
            className={`flex flex-col gap-5 transition-opacity ${summary.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {empty ? (
              <section className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
                <h2 className="text-lg font-semibold text-slate-900">
                  {t('practice.empty.title', { period: periodName(period) })}
                </h2>
                <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
                  {t('practice.empty.body')}
                </p>
              </section>
            ) : (
              <>
                <PracticeFigures summary={data} />
                <PracticeCharts summary={data} />
              </>
            )}
            <section
              aria-labelledby="practice-export"
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
            >
              <div>
                <h3 id="practice-export" className="text-base font-semibold text-slate-900">
                  {t('practice.export.title')}
                </h3>
                <p className="mt-1 text-sm text-slate-600">
                  {t('practice.export.description', { period: periodName(period) })}
                </p>
              </div>
              <div className="flex flex-col gap-2 sm:flex-row">
                {EXPORTS.map(({ name, label }) => (
                  <button
                    key={name}
                    type="button"
                    disabled={download.isPending}
                    onClick={() => download.mutate({ name, period: key })}
                    className="min-h-10 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:text-slate-400"
                  >
                    {t(label)}
                  </button>
                ))}
              </div>
            </section>
            {download.isError && <Notice tone="error">{download.error.message}</Notice>}
          </div>
        )}
      </main>
    </div>
  );
}
