import { formatSessionDay, formatSessionTimes } from '../../lib/dates';

/**
 * 'Tue, Mar 10 · 11:00 AM – 11:45 AM' in a zone, wrapping only between the day and the times so a
 * narrow screen never splits '11:45 AM'.
 */
export function SessionWhen({
  startDate,
  endDate,
  timeZone,
}: {
  startDate: string;
  endDate: string;
  timeZone: string;
}) {
  const start = new Date(startDate);
  return (
    <>
      <span className="whitespace-nowrap">{formatSessionDay(start, timeZone)}</span>
      {' · '}
      <span className="whitespace-nowrap">
        {formatSessionTimes(start, new Date(endDate), timeZone)}
      </span>
    </>
  );
}
