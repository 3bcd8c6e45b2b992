import { DropdownMenu } from 'radix-ui';
import { DAY_PARTS, type AvailabilityFacts, type DayPart } from '@sukoon/shared';
import type { LazyMenuProps } from '../../components/ui/lazy-menu';
import { useT } from '../../i18n/i18n';
import { isDayPartOff } from './cell-state';
import { DAY_PARTS_TRIGGER } from './day-parts-trigger';
import { formatDate } from './layout';

interface DayPartsMenuProps extends LazyMenuProps {
  date: string;
  /** The day in words, e.g. 'Tuesday, March 24'. */
  name: string;
  facts: AvailabilityFacts;
  disabled: boolean;
  onToggleDayPart: (date: string, part: DayPart, off: boolean) => void;
}

/** 'Parts ▾' on a day of the psychologist's week: Morning, Afternoon and Evening, each on or off. */
export function DayPartsMenu({
  date,
  name,
  facts,
  disabled,
  defaultOpen,
  onToggleDayPart,
}: DayPartsMenuProps) {
  const t = useT();
  return (
    <DropdownMenu.Root {...(defaultOpen ? { defaultOpen } : {})}>
      <DropdownMenu.Trigger
        disabled={disabled}
        aria-label={t('calendar.dayParts.label', { day: name })}
        className={DAY_PARTS_TRIGGER}
      >
        <span className="whitespace-nowrap">{t('calendar.dayParts.button')}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className="z-50 min-w-44 rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1 text-xs text-slate-600">
            {t('availability.menu.availableOn', {
              day: formatDate(date, { weekday: 'short', day: 'numeric', month: 'short' }),
            })}
          </DropdownMenu.Label>
          {DAY_PARTS.map((part) => {
            const partOff = isDayPartOff(facts, date, part);
            return (
              <DropdownMenu.CheckboxItem
                key={part}
                checked={!partOff}
                onCheckedChange={(checked) => onToggleDayPart(date, part, !checked)}
                className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 outline-none data-[highlighted]:bg-brand-50"
              >
                <span aria-hidden="true" className="w-4 text-brand-700">
                  {partOff ? '' : '✓'}
                </span>
                {t('availability.part', { part })}
              </DropdownMenu.CheckboxItem>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
