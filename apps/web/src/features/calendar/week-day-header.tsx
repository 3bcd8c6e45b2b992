import { LazyMenuSlot } from '../../components/ui/lazy-menu';
import { useT } from '../../i18n/i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { DAY_PARTS_TRIGGER } from './day-parts-trigger';
import { DAY_COLUMN_PX, formatDate } from './layout';
import type { WeekViewProps } from './week-view';

// A psychologist's day-part menu (Radix's menu and its positioning) loads after the grid.
const DayPartsMenu = lazyWithPreload(() =>
  import('./day-parts-menu').then((module) => module.DayPartsMenu),
);

/**
 * A day's column header: its name and date, today marked; for a psychologist, the day's and the
 * day parts' availability.
 */
export function DayHeader({
  column,
  date,
  today,
  role,
  facts,
  pending,
  onToggleDay,
  onToggleDayPart,
}: WeekViewProps & { date: string; column: number }) {
  const t = useT();
  const off = !pending && facts.daysOff.includes(date);
  const isToday = date === today;
  const past = date < today;
  const name = formatDate(date, { weekday: 'long', day: 'numeric', month: 'long' });
  return (
    <div
      role="columnheader"
      data-column={column}
      aria-label={t('calendar.day.header', {
        day: name,
        today: isToday ? 'yes' : 'no',
        off: off ? 'yes' : 'no',
      })}
      className={`flex flex-1 basis-0 flex-col gap-1 border-l border-slate-200 px-2 py-2 ${isToday ? 'bg-brand-50' : past ? 'bg-slate-50' : ''}`}
      style={{ minWidth: DAY_COLUMN_PX }}
    >
      <div className="flex items-baseline gap-1.5">
        <span className="text-xs font-medium tracking-wide text-slate-500 uppercase">
          {formatDate(date, { weekday: 'short' })}
        </span>
        <span
          className={`grid size-7 place-items-center rounded-full text-sm font-semibold ${isToday ? 'bg-brand-700 text-white' : 'text-slate-800'}`}
        >
          {formatDate(date, { day: 'numeric' })}
        </span>
        <span className="text-xs text-slate-500">{formatDate(date, { month: 'short' })}</span>
      </div>
      {role === 'psychologist' && !past ? (
        <div className="flex items-center gap-1">
          <button
            type="button"
            disabled={pending}
            aria-pressed={off}
            aria-label={
              off
                ? t('calendar.day.offMarkOn', { day: name })
                : t('calendar.day.markOff', { day: name })
            }
            onClick={() => onToggleDay(date, !off)}
            className={`rounded-md px-2 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-brand-700 ${off ? 'bg-slate-700 text-white hover:bg-slate-800' : 'border border-slate-300 text-slate-700 hover:bg-slate-50'}`}
          >
            {t(off ? 'calendar.day.notAvailable' : 'calendar.day.markNotAvailable')}
          </button>
          <LazyMenuSlot
            Menu={DayPartsMenu}
            props={{ date, name, facts, disabled: pending === true, onToggleDayPart }}
            trigger={(press) => (
              <button
                type="button"
                disabled={pending}
                aria-haspopup="menu"
                aria-expanded={false}
                aria-label={t('calendar.dayParts.label', { day: name })}
                {...press}
                className={DAY_PARTS_TRIGGER}
              >
                <span className="whitespace-nowrap">{t('calendar.dayParts.button')}</span>
              </button>
            )}
          />
        </div>
      ) : (
        off && (
          <span className="text-xs font-medium text-slate-500">
            {t('calendar.day.notAvailable')}
          </span>
        )
      )}
    </div>
  );
}
