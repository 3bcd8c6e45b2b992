import { DAY_PARTS, type DayPart } from '@sukoon/shared';

/**
 * The day parts that are off, as one word the catalogue's `{parts, select, ...}` messages choose by
 * ('morning', 'morningEvening', 'all'...; 'none' when no part is off): a list of parts is worded
 * whole in each language rather than joined from pieces.
 */
export function partsOffId(parts: readonly DayPart[]): string {
  if (parts.length === 0) return 'none';
  if (parts.length === DAY_PARTS.length) return 'all';
  return parts
    .map((part, index) => (index === 0 ? part : part[0]!.toUpperCase() + part.slice(1)))
    .join('');
}
