import type { EventColor } from '@sukoon/shared';

/** Layout constants of the specification (section 9). */
export const HOUR_HEIGHT_PX = 64;
export const ROW_HEIGHT_PX = HOUR_HEIGHT_PX / 2;
export const LABEL_COLUMN_PX = 120;
export const DAY_COLUMN_PX = 160;

export const EVENT_COLOR_CLASSES: Record<EventColor, string> = {
  blue: 'border-blue-300 bg-blue-100 text-blue-900',
  red: 'border-red-300 bg-red-100 text-red-900',
  green: 'border-green-300 bg-green-100 text-green-900',
  yellow: 'border-yellow-300 bg-yellow-100 text-yellow-900',
};

// Date labels live in lib so the attendance and sessions lists read the same as the grid.
export { formatDate, formatInZone } from '../../lib/dates';
