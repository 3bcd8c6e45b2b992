import { useMemo } from 'react';
import { WEEKDAY_NAMES, type PracticeSummary } from '@sukoon/shared';
import { BarChart, type BarSeries } from './bar-chart';
import { HeatMap } from './heat-map';
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
function chartData(summary: PracticeSummary) {
  const { weeks } = summary;
  const labels = weeks.map((week) => weekLabel(week.weekStart, true));
  const axisLabels = weeks.map((week) => weekLabel(week.weekStart));
  const net = weeks.map((week) => week.money.netPaise);
  const best = weeks.reduce<(typeof weeks)[number] | null>(
    (top, week) => (top === null || week.money.netPaise > top.money.netPaise ? week : top),
    null,
  );
  const netSeries: BarSeries[] = [
    { name: 'Net earnings', stroke: 'stroke-brand-600', swatch: 'bg-brand-600', values: net },
  ];
  const outcomeSeries: BarSeries[] = [
    {
      name: 'Attended',
      stroke: 'stroke-brand-600',
      swatch: 'bg-brand-600',
      values: weeks.map((w) => w.outcomes.attended),
    },
    {
      name: 'Absent',
      stroke: 'stroke-amber-500',
      swatch: 'bg-amber-500',
      values: weeks.map((w) => w.outcomes.absent),
    },
    {
      name: 'Canceled by patient',
      stroke: 'stroke-slate-400',
      swatch: 'bg-slate-400',
      values: weeks.map((w) => w.outcomes.canceledByPatient),
    },
    {
      name: 'Canceled by you',
      stroke: 'stroke-rose-500',
      swatch: 'bg-rose-500',
      values: weeks.map((w) => w.outcomes.canceledByPsychologist),
    },
    {
      name: 'Not marked',
      stroke: 'stroke-sky-300',
      swatch: 'bg-sky-300',
      values: weeks.map((w) => w.outcomes.notMarked),
    },
  ];
  return { labels, axisLabels, netSeries, outcomeSeries, best };
}

/** Net earnings per week, sessions by outcome per week, and booked time by weekday and hour. */
export function PracticeCharts({ summary }: { summary: PracticeSummary }) {
  const charts = useMemo(() => chartData(summary), [summary]);
  const { labels, axisLabels, netSeries, outcomeSeries, best } = charts;
  const { weeks } = summary;
  const day = summary.busiestDays.map((item) => WEEKDAY_NAMES[item.weekday - 1]).join(', ');
  const hours = summary.busiestHours.map((item) => hourRange(item.hour)).join(', ');
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <BarChart
        title="Net earnings per week"
        summary={`${rupees(summary.money.netPaise)} net over ${weeks.length} weeks${
          best && best.money.netPaise > 0
            ? `; the best was the week of ${weekLabel(best.weekStart)} (${rupees(best.money.netPaise)})`
            : ''
        }.`}
        labelHeader="Week of"
        labels={labels}
        axisLabels={axisLabels}
        series={netSeries}
        formatValue={rupees}
        formatAxis={axisRupees}
      />
      <BarChart
        title="Sessions by outcome per week"
        summary={`${summary.booked} sessions: ${summary.outcomes.attended} attended, ${summary.outcomes.absent} absent, ${
          summary.outcomes.canceledByPatient + summary.outcomes.canceledByPsychologist
        } canceled, ${summary.outcomes.notMarked} not marked.`}
        labelHeader="Week of"
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
              ? 'No booked time in this period.'
              : `Busiest days: ${day}. Busiest hours: ${hours}.`
          }
        />
      </div>
    </div>
  );
}
