import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/i18n';

/**
 * What the grid's cells look like. Each swatch has a border dark enough to see against the page
 * (3:1 or more), filled like the cells it stands for.
 */
const LEGEND: Array<[swatch: string, text: MessageKey]> = [
  ['bg-white border-slate-500', 'calendar.legend.free'],
  ['bg-slate-200 border-slate-500', 'calendar.legend.booked'],
  [
    'bg-amber-100 border-amber-700 [background-image:repeating-linear-gradient(135deg,transparent_0_3px,rgb(217_119_6/0.45)_3px_5px)]',
    'calendar.legend.blocked',
  ],
];

/** The patient's key to the grid: free, booked and blocked cells. */
export function Legend() {
  const t = useT();
  return (
    <ul
      aria-label={t('calendar.legend')}
      className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-slate-700"
    >
      {LEGEND.map(([swatch, text]) => (
        <li key={text} className="flex items-center gap-1.5">
          <span
            data-swatch=""
            className={`inline-block size-4 shrink-0 rounded-sm border ${swatch}`}
            aria-hidden="true"
          />
          {t(text)}
        </li>
      ))}
    </ul>
  );
}
