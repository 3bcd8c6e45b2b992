import { formatRupees } from '../../lib/money';

/** ₹1,500 for 150000 paise; a net below zero keeps its minus sign. */
export function rupees(paise: number): string {
  return formatRupees(paise / 100);
}

/** "10 AM–11 AM" for the hour that starts at `hour`. */
export function hourRange(hour: number): string {
  return `${hourLabel(hour)}–${hourLabel((hour + 1) % 24)}`;
}

/** "10 AM", "12 PM", "9 PM" for an hour of the day. */
export function hourLabel(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12} ${suffix}`;
}

const DAY_MONTH = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "6 Apr" and "6 Apr 2026" for an IST calendar date `2026-04-06`. */
export function weekLabel(isoDate: string, withYear = false): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return (withYear ? DAY_MONTH_YEAR : DAY_MONTH).format(date);
}
