import { dateTimeFormat, intlLocale, periodLabel, type PracticePeriod } from '@sukoon/shared';
import { pageLocale } from '../../i18n/locale';
import { formatRupees } from '../../lib/money';

/** ₹1,500 for 150000 paise; a net below zero keeps its minus sign. */
export function rupees(paise: number): string {
  return formatRupees(paise / 100);
}

/** "10 AM–11 AM" for the hour that starts at `hour`. */
export function hourRange(hour: number): string {
  return `${hourLabel(hour)}–${hourLabel((hour + 1) % 24)}`;
}

/** "10 AM", "12 PM", "9 PM" for an hour of the day ("10 am" in Hindi). */
export function hourLabel(hour: number): string {
  if (pageLocale() !== 'en')
    return dateTimeFormat(intlLocale(pageLocale(), 'en-US'), {
      hour: 'numeric',
      timeZone: 'UTC',
    }).format(Date.UTC(2026, 0, 1, hour));
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12} ${suffix}`;
}

/** "6 Apr" and "6 Apr 2026" for an IST calendar date `2026-04-06` ("6 अप्रैल" in Hindi). */
export function weekLabel(isoDate: string, withYear = false): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return dateTimeFormat(intlLocale(pageLocale(), 'en-IN'), {
    day: 'numeric',
    month: 'short',
    ...(withYear && { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(date);
}

/** "November 2026", "नवंबर 2026": a period's name in the page's language. */
export const periodName = (period: PracticePeriod) => periodLabel(period, pageLocale());
