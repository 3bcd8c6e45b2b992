import { DropdownMenu } from 'radix-ui';
import { DAY_PARTS, type AvailabilityFacts, type DayPart } from '@sukoon/shared';
import type { LazyMenuProps } from '../../components/ui/lazy-menu';
import { isDayPartOff } from './cell-state';
import { DAY_PART_LABEL } from './day-parts';
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
  return (
    <DropdownMenu.Root {...(defaultOpen ? { defaultOpen } : {})}>
      <DropdownMenu.Trigger
        disabled={disabled}
        aria-label={`Day parts of ${name}`}
        className={DAY_PARTS_TRIGGER}
      >
        <span className="whitespace-nowrap">Parts ▾</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className="z-50 min-w-44 rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1 text-xs text-slate-600">
            Available on {formatDate(date, { weekday: 'short', day: 'numeric', month: 'short' })}
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
                {DAY_PART_LABEL[part]}
              </DropdownMenu.CheckboxItem>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
