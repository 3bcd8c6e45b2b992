import { BarChart as Chartist } from 'chartist';
import 'chartist/dist/index.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/i18n';

export interface BarSeries {
  name: string;
  /** Tailwind stroke colour of the bars, and the legend's swatch. */
  stroke: string;
  swatch: string;
  values: number[];
}

interface BarChartProps {
  title: string;
  /** One or two sentences a person reads instead of the chart (shown, and read by screen readers). */
  summary: string;
  /** The column that names each bar in the table (e.g. "Week of"). */
  labelHeader: string;
  labels: string[];
  /** Shorter labels under the bars (every few are skipped when they would crowd). */
  axisLabels: string[];
  series: BarSeries[];
  stacked?: boolean;
  formatValue: (value: number) => string;
  /** The axis's numbers: whole counts, or rupees. */
  formatAxis: (value: number) => string;
}

/**
 * A bar chart drawn as SVG by Chartist, with its numbers as a table beside it: the chart is hidden
 * from assistive technology, the table is always there for it, and "Show table" puts the table on
 * screen in the chart's place.
 */
export function BarChart({
  title,
  summary,
  labelHeader,
  labels,
  axisLabels,
  series,
  stacked = false,
  formatValue,
  formatAxis,
}: BarChartProps) {
  const t = useT();
  const chartRef = useRef<HTMLDivElement>(null);
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();

  useEffect(() => {
    const element = chartRef.current;
    if (!element || showTable) return;
    // A label every few bars, as many as fit side by side (about 56 px each).
    const fit = Math.max(2, Math.floor(element.clientWidth / 56));
    const step = Math.ceil(axisLabels.length / fit);
    const chart = new Chartist(
      element,
      {
        labels: axisLabels,
        series: series.map((item) => ({
          name: item.name,
          className: item.stroke,
          data: item.values,
        })),
      },
      {
        stackBars: stacked,
        height: '100%',
        chartPadding: { top: 12, right: 8, bottom: 0, left: 8 },
        axisX: {
          showGrid: false,
          labelInterpolationFnc: (value: unknown, index: number) =>
            index % step === 0 ? String(value) : null,
        },
        axisY: {
          onlyInteger: true,
          offset: 56,
          labelInterpolationFnc: (value: unknown) => formatAxis(Number(value)),
        },
      },
    );
    // Bars as wide as their share of the axis allows, thin enough to leave a gap between them.
    chart.on('draw', (data) => {
      if (data.type !== 'bar') return;
      const band = data.axisX.axisLength / Math.max(1, axisLabels.length);
      data.element.attr({ style: `stroke-width: ${Math.max(3, Math.min(36, band * 0.6))}px` });
    });
    return () => {
      chart.detach();
      element.replaceChildren();
    };
  }, [axisLabels, series, stacked, formatAxis, showTable]);

  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <figcaption className="min-w-0 flex-1">
          <h3 className="text-base font-semibold text-slate-900">{title}</h3>
          <p className="mt-1 text-sm text-slate-600">{summary}</p>
        </figcaption>
        <button
          type="button"
          aria-pressed={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
          className="min-h-10 shrink-0 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {showTable ? t('practice.chart.showChart') : t('practice.chart.showTable')}
        </button>
      </div>
      {series.length > 1 && !showTable && (
        <ul
          className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700"
          aria-hidden="true"
        >
          {series.map((item) => (
            <li key={item.name} className="flex items-center gap-1.5">
              <span className={`inline-block size-3 rounded-sm ${item.swatch}`} />
              {item.name}
            </li>
          ))}
        </ul>
      )}
      {!showTable && <div ref={chartRef} aria-hidden="true" className="practice-chart mt-2 h-56" />}
      {/* Shown, it scrolls on its own: focusable, so a keyboard can scroll it too. */}
      <div
        className={showTable ? 'mt-3 max-h-80 overflow-auto' : 'sr-only'}
        {...(showTable
          ? { tabIndex: 0, role: 'region', 'aria-label': t('practice.chart.asTable', { title }) }
          : {})}
      >
        <table id={tableId} className="w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-1.5 pr-3 font-medium">
                {labelHeader}
              </th>
              {series.map((item) => (
                <th key={item.name} scope="col" className="py-1.5 pr-3 text-right font-medium">
                  {item.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, index) => (
              <tr key={label} className="border-b border-slate-100">
                <th scope="row" className="py-1.5 pr-3 font-normal text-slate-700">
                  {label}
                </th>
                {series.map((item) => (
                  <td key={item.name} className="py-1.5 pr-3 text-right tabular-nums">
                    {formatValue(item.values[index] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
