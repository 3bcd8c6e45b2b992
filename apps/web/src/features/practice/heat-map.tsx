import {
  WORKING_DAY_END_MINUTE,
  WORKING_DAY_START_MINUTE,
  type PracticeHeatCell,
} from '@sukoon/shared';
import type { MessageKey } from '../../i18n/catalogue';
import { useT, type Translate } from '../../i18n/i18n';
import { hourLabel } from './practice-format';

/** Monday to Sunday (a summary's `weekday` 1 to 7): the day's name, and its short form for a column. */
export const WEEKDAYS: Array<{ name: MessageKey; short: MessageKey }> = [
  { name: 'practice.weekday.monday', short: 'practice.weekdayShort.monday' },
  { name: 'practice.weekday.tuesday', short: 'practice.weekdayShort.tuesday' },
  { name: 'practice.weekday.wednesday', short: 'practice.weekdayShort.wednesday' },
  { name: 'practice.weekday.thursday', short: 'practice.weekdayShort.thursday' },
  { name: 'practice.weekday.friday', short: 'practice.weekdayShort.friday' },
  { name: 'practice.weekday.saturday', short: 'practice.weekdayShort.saturday' },
  { name: 'practice.weekday.sunday', short: 'practice.weekdayShort.sunday' },
];

/** "Monday" for weekday 1, in the page's language. */
export function weekdayName(t: Translate, weekday: number): string {
  return t(WEEKDAYS[weekday - 1]!.name);
}

/** Shades from the lightest to the darkest, for a cell's share of the busiest cell. */
const SHADES = ['bg-brand-100', 'bg-teal-200', 'bg-teal-300', 'bg-brand-700', 'bg-brand-800'];

interface HeatMapProps {
  cells: PracticeHeatCell[];
  summary: string;
}

/**
 * Booked time by weekday and hour (IST) as a table whose cells are shaded by minutes: the chart and
 * its table alternative at once. Hours run down the side so seven days fit a phone's width; the
 * working day is always shown, and any hour outside it that has sessions.
 */
export function HeatMap({ cells, summary }: HeatMapProps) {
  const t = useT();
  const minutes = new Map(cells.map((cell) => [`${cell.weekday}-${cell.hour}`, cell.minutes]));
  const most = Math.max(1, ...cells.map((cell) => cell.minutes));
  const hours = cells.map((cell) => cell.hour);
  const first = Math.min(WORKING_DAY_START_MINUTE / 60, ...hours);
  const last = Math.max(WORKING_DAY_END_MINUTE / 60 - 1, ...hours);
  const rows = Array.from({ length: last - first + 1 }, (_, index) => first + index);
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <figcaption>
        <h3 className="text-base font-semibold text-slate-900">{t('practice.heatMap.title')}</h3>
        <p className="mt-1 text-sm text-slate-600">{summary}</p>
      </figcaption>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full table-fixed border-separate border-spacing-0.5 text-xs">
          <caption className="sr-only">{t('practice.heatMap.caption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="w-14 text-left font-medium text-slate-600">
                <span className="sr-only">{t('practice.heatMap.hour')}</span>
              </th>
              {WEEKDAYS.map((day) => (
                <th key={day.name} scope="col" className="pb-1 font-medium text-slate-600">
                  <abbr title={t(day.name)} className="no-underline">
                    {t(day.short)}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((hour) => (
              <tr key={hour}>
                <th
                  scope="row"
                  className="pr-1 text-left font-normal whitespace-nowrap text-slate-600"
                >
                  {hourLabel(hour)}
                </th>
                {WEEKDAYS.map((day, index) => {
                  const value = minutes.get(`${index + 1}-${hour}`) ?? 0;
                  const level = Math.min(
                    SHADES.length - 1,
                    Math.floor((value / most) * SHADES.length),
                  );
                  const shade = value === 0 ? 'bg-slate-50' : SHADES[level];
                  return (
                    <td
                      key={day.name}
                      className={`h-7 rounded text-center tabular-nums ${shade} ${value > 0 && level >= 3 ? 'text-white' : 'text-slate-800'}`}
                    >
                      {value > 0 ? value : <span className="sr-only">0</span>}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-500">{t('practice.heatMap.legend')}</p>
    </figure>
  );
}
