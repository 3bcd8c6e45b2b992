import { noticeParts } from '@sukoon/shared';
import type { Translate } from '../../i18n/i18n';

/*
 * Apart from policy-words.ts so the time picker, on the first load, says a notice without the
 * policy's terms (packages/shared/src/policy-terms.ts is a chunk of its own: apps/web/vite.config.ts).
 */

/** "12 h", "2 days", "90 min", "1 day 6 h": a notice or window as a person says it. */
export function noticeText(t: Translate, total: number): string {
  const { shape, days, hours, minutes } = noticeParts(total);
  switch (shape) {
    case 'minutes':
      return t('policy.notice.minutes', { minutes });
    case 'hours':
      return t('policy.notice.hours', { hours });
    case 'hoursMinutes':
      return t('policy.notice.hoursMinutes', { hours, minutes });
    case 'days':
      return t('policy.notice.days', { days });
    case 'daysHours':
      return t('policy.notice.daysHours', { days, hours });
    case 'daysHoursMinutes':
      return t('policy.notice.daysHoursMinutes', { days, hours, minutes });
  }
}
