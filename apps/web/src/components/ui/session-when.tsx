import { sameClockTime, zoneAbbreviation } from '@sukoon/shared';
import { useT } from '../../i18n/i18n';
import { formatSessionDay, formatSessionTimes } from '../../lib/dates';

interface SessionWhenProps {
  startDate: string;
  endDate: string;
  timeZone: string;
}

/**
 * 'Tue 10 Mar · 11:00 AM – 11:45 AM' in a zone, wrapping only between the day and the times so a
 * narrow screen never splits '11:45 AM'.
 */
export function SessionWhen({ startDate, endDate, timeZone }: SessionWhenProps) {
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

/**
 * When a session is, in the zone the calendar draws it in (the psychologist's) and, where the
 * viewer's own zone shows another clock time (not merely another name), also in theirs, each labelled with its zone (decisions, "Time").
 */
export function SessionWhenForViewer({
  viewerZone,
  ...session
}: SessionWhenProps & { viewerZone: string }) {
  const t = useT();
  const shown = [new Date(session.startDate), new Date(session.endDate)];
  if (sameClockTime(session.timeZone, viewerZone, shown)) return <SessionWhen {...session} />;
  return (
    <>
      <SessionWhen {...session} />{' '}
      <span className="whitespace-nowrap">({zoneAbbreviation(session.timeZone, shown[0]!)})</span>
      <span className="block text-xs text-slate-500">
        {t('sessionLinks.yourTime')} <SessionWhen {...session} timeZone={viewerZone} />{' '}
        <span className="whitespace-nowrap">({zoneAbbreviation(viewerZone, shown[0]!)})</span>
      </span>
    </>
  );
}
