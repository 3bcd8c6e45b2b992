import { formatClockRange, formatLongDate } from '../../lib/dates';

/** "Tuesday, 10 March 2026" in a given zone, for the booking dialogs (as the emails write it). */
export const formatSessionDate = formatLongDate;

/** "10:00 AM – 10:45 AM IST" in a given zone (as the emails write it). */
export const formatTimeRange = (start: Date, end: Date, timeZone: string) =>
  formatClockRange(start, end, timeZone);
