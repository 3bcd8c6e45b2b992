import { dateTimeFormat, intlLocale } from '@sukoon/shared';
import { pageLocale } from '../../i18n/locale';

/** 'Thursday, 27 November' for a date of the strip, in the page's language. */
export function formatLongDay(date: string) {
  return dateTimeFormat(intlLocale(pageLocale(), 'en-IN'), {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date(`${date}T00:00:00Z`));
}
