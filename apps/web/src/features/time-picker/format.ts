import { dateTimeFormat } from '@sukoon/shared';

/** 'Thursday, 27 November' for a date of the strip. */
export function formatLongDay(date: string) {
  return dateTimeFormat('en-IN', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date(`${date}T00:00:00Z`));
}
