import { useMemo } from 'react';
import type { PracticeSummary } from '@sukoon/shared';
import { useT, type Translate } from '../../i18n/i18n';
import { BarChart, type BarSeries } from './bar-chart';
import { HeatMap, weekdayName } from './heat-map';
import { hourRange, rupees, weekLabel } from './practice-format';

const count = (value: number) => String(value);
const axisRupees = (paise: number) => {
  const abs = Math.abs(paise / 100);
  const text =
    abs >= 100_000
      ? `${(abs / 100_000).toFixed(1)}L`
      : abs >= 1000
        ? `${Math.round(abs / 1000)}k`
        : `${abs}`;
  return `${paise < 0 ? '−' : ''}₹${text}`;
};

/** The charts' series, made once per answer (Chartist redraws when they change). */
function chartData(summary: PracticeSummary, t: Translate) {
  const { weeks } = summary;
  const labels = weeks.map((week) => weekLabel(week.weekStart, true));
  const axisLabels = weeks.map((week) => weekLabel(week.weekStart));
  const net = weeks.map((week) => week.money.netPaise);
  const best = weeks.reduce<(typeof weeks)[number] | null>(
    (top, week) => (top === null || week.money.netPaise > top.money.netPaise ? week : top),
    null,
  );
  const netSeries: BarSeries[] = [
    {
      name: t('practice.figures.net'),
      stroke: 'stroke-brand-600',
      swatch: 'bg-brand-600',
      values: net,
    },
  ];
  const outcomeSeries: BarSeries[] = [
    {
      name: t('practice.outcome.attended'),
      stroke: 'stroke-brand-600',
      swatch: 'bg-brand-600',
      values: weeks.map((w) => w.outcomes.attended),
    },
    {
      name: t('practice.outcome.absent'),
      stroke: 'stroke-amber-500',
      swatch: 'bg-amber-500',
      values: weeks.map((w) => w.outcomes.absent),
    },
    {
      name: t('practice.outcome.canceledByPatient'),
      stroke: 'stroke-slate-400',
      swatch: 'bg-slate-400',
      values: weeks.map((w) => w.outcomes.canceledByPatient),
    },
    {
      name: t('practice.outcome.canceledByYou'),
      stroke: 'stroke-rose-500',
      swatch: 'bg-rose-500',
      values: weeks.map((w) => w.outcomes.canceledByPsychologist),
    },
    {
      name: t('practice.outcome.notMarked'),
      stroke: 'stroke-sky-300',
      swatch: 'bg-sky-300',
      values: weeks.map((w) => w.outcomes.notMarked),
    },
  ];
  return { labels, axisLabels, netSeries, outcomeSeries, best };
}

/** Net earnings per week, sessions by outcome per week, and booked time by weekday and hour. */
export function PracticeCharts({ summary }: { summary: PracticeSummary }) {
  const t = useT();
  const charts = useMemo(() => chartData(summary, t), [summary, t]);
  const { labels, axisLabels, netSeries, outcomeSeries, best } = charts;
  const { weeks } = summary;
  const days = summary.busiestDays.map((item) => weekdayName(t, item.weekday)).join(', ');
  const hours = summary.busiestHours.map((item) => hourRange(item.hour)).join(', ');
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <BarChart
        title={t('practice.charts.netTitle')}
        summary={
          best && best.money.netPaise > 0
            ? t('practice.charts.netSummaryBest', {
                net: rupees(summary.money.netPaise),
                weeks: weeks.length,
                week: weekLabel(best.weekStart),
                best: rupees(best.money.netPaise),
              })
            : t('practice.charts.netSummary', {
                net: rupees(summary.money.netPaise),
                weeks: weeks.length,
              })
        }
        labelHeader={t('practice.charts.weekOf')}
        labels={labels}
        axisLabels={axisLabels}
        series={netSeries}
        formatValue={rupees}
        formatAxis={axisRupees}
      />
      <BarChart
        title={t('practice.charts.outcomesTitle')}
        summary={t('practice.charts.outcomesSummary', {
          booked: summary.booked,
          attended: summary.outcomes.attended,
          absent: summary.outcomes.absent,
          canceled: summary.outcomes.canceledByPatient + summary.outcomes.canceledByPsychologist,
          notMarked: summary.outcomes.notMarked,
        })}
        labelHeader={t('practice.charts.weekOf')}
        labels={labels}
        axisLabels={axisLabels}
        series={outcomeSeries}
        stacked
        formatValue={count}
        formatAxis={count}
      />
      <div className="xl:col-span-2">
        <HeatMap
          cells={summary.heatMap}
          summary={
            summary.heatMap.length === 0
              ? t('practice.charts.heatMapEmpty')
              : t('practice.charts.heatMapSummary', { days, hours })
          }
        />
      </div>
    </div>
  );
}
