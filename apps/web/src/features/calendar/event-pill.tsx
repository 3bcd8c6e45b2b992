import { useId } from 'react';
import { canJoinSession, localMinuteOf, type CalendarEvent } from '@sukoon/shared';
import { useT, type Translate } from '../../i18n/i18n';
import { meetingHref } from '../../lib/links';
import { EVENT_COLOR_CLASSES, HOUR_HEIGHT_PX, formatInZone } from './layout';

interface EventPillProps {
  event: CalendarEvent;
  timeZone: string;
  /** Minute of the cell the pill sits in; the pill starts at its own minute within it. */
  cellMinute?: number;
  onDelete?: () => void;
  /** Opens the event (a psychologist edits their own). */
  onOpen?: () => void;
  /** What opening does, for screen readers: 'Edit Event …' unless said otherwise. */
  openLabel?: string;
  /** The viewer is the patient: offer 'Join' from 10 minutes before the start until the end. */
  joinable?: boolean;
  now?: Date;
  /** Psychologists: the pill can be dragged to another start (issue 18). */
  drag?: { start: () => void; end: () => void };
}

/**
 * Join and Delete: a hit area of at least 24×24 px (WCAG 2.2, target size) around a smaller mark, so
 * they fit a 20-minute pill; on a pill shorter than 24 px the area reaches a little past its edge.
 */
const ACTION =
  'relative grid h-6 min-w-6 place-items-center rounded focus-visible:outline-2 focus-visible:outline-brand-700';

const clockOf = (instant: string, timeZone: string) =>
  formatInZone(new Date(instant), timeZone, { hour: 'numeric', minute: '2-digit' });

/** Room for the title and the time on two lines; a shorter pill (20 minutes) puts both on one. */
const TWO_LINE_MINUTES = 30;

const timeOf = (event: CalendarEvent, timeZone: string) =>
  `${formatInZone(new Date(event.startDate), timeZone, { hour: 'numeric', minute: '2-digit' })} – ${formatInZone(new Date(event.endDate), timeZone, { hour: 'numeric', minute: '2-digit' })}`;

/** Present or Absent once attendance is marked; nothing while it is scheduled. */
const attendanceWord = (t: Translate, event: CalendarEvent) =>
  event.attendanceStatus === 'scheduled'
    ? null
    : t('attendance.status', { status: event.attendanceStatus });

/**
 * An event in words, as a screen reader reads a grid cell holding it: title, time, attendance and
 * whether it still awaits payment ('Sleep check-in, 10:00 AM – 10:45 AM, Present').
 */
export function eventSummary(t: Translate, event: CalendarEvent, timeZone: string): string {
  return t('calendar.event.summary', {
    title: event.title,
    time: timeOf(event, timeZone),
    attendance: event.attendanceStatus,
    held: event.status === 'held' ? 'yes' : 'no',
  });
}

/**
 * The coloured pill of an event, with a tick (Present) or cross (Absent) once attendance is marked;
 * the mark always comes with its word for screen readers, never the glyph or the colour alone.
 */
export function EventPill({
  event,
  timeZone,
  cellMinute,
  onDelete,
  onOpen,
  openLabel,
  joinable,
  now,
  drag,
}: EventPillProps) {
  const t = useT();
  const detailsId = useId();
  const start = new Date(event.startDate);
  const inGrid = cellMinute !== undefined;
  const offset = inGrid ? localMinuteOf(start, timeZone) - cellMinute : 0;
  const time = timeOf(event, timeZone);
  // In the grid a pill is as tall as its session: a 20-minute one has room for one line only.
  const oneLine = inGrid && event.durationMinutes < TWO_LINE_MINUTES;
  const mark =
    event.attendanceStatus === 'attended'
      ? '✓'
      : event.attendanceStatus === 'canceled'
        ? '✗'
        : null;
  const attendance = attendanceWord(t, event);
  const joinHref =
    joinable &&
    event.status === 'booked' &&
    canJoinSession(event.startDate, event.endDate, now ?? new Date())
      ? meetingHref(event.meetingLink)
      : null;
  return (
    // Not overflow-hidden itself: Join and Delete keep 24×24 px hit areas that may reach past a short
    // pill's edge; the text is clipped by its own box instead.
    <div
      className={`${inGrid ? 'absolute inset-x-1 z-10' : 'relative'} flex items-start gap-0.5 rounded-md border px-1.5 pt-0.5 ${inGrid ? '' : 'pb-0.5'} text-xs leading-tight shadow-sm ${EVENT_COLOR_CLASSES[event.color]} ${event.status === 'held' ? 'border-dashed opacity-80' : ''}`}
      style={
        inGrid
          ? {
              top: (offset * HOUR_HEIGHT_PX) / 60 + 1,
              height: Math.max(18, (event.durationMinutes * HOUR_HEIGHT_PX) / 60 - 2),
            }
          : undefined
      }
      title={`${event.title}, ${time}`}
      draggable={drag !== undefined}
      onDragStart={
        drag &&
        ((dragEvent) => {
          // Firefox starts a drag only with some data set.
          dragEvent.dataTransfer.setData('text/plain', event.id);
          dragEvent.dataTransfer.effectAllowed = 'move';
          drag.start();
        })
      }
      onDragEnd={drag?.end}
    >
      {onOpen && (
        <button
          type="button"
          aria-label={openLabel ?? t('calendar.event.edit', { title: event.title })}
          aria-describedby={detailsId}
          onClick={onOpen}
          className="absolute inset-0 rounded-md focus-visible:outline-2 focus-visible:outline-brand-700"
        />
      )}
      <div
        className={`pointer-events-none min-w-0 flex-1 self-stretch overflow-hidden ${oneLine ? 'flex items-baseline gap-1' : ''}`}
      >
        {oneLine && (
          // The start time never gives way: the title is the part that is cut short.
          <span aria-hidden="true" className="shrink-0 font-normal whitespace-nowrap">
            {clockOf(event.startDate, timeZone)}
          </span>
        )}
        <p className={`truncate font-semibold ${oneLine ? 'min-w-0' : ''}`}>
          {mark && (
            <>
              <span aria-hidden="true" className={mark === '✓' ? 'text-green-700' : 'text-red-700'}>
                {mark}
              </span>
              <span className="sr-only">{attendance}:</span>{' '}
            </>
          )}
          {event.title}
        </p>
        <p id={detailsId} className={oneLine ? 'sr-only' : 'truncate'}>
          {time}
          {attendance && <span className="sr-only">, {attendance}</span>}
          {event.status === 'held' ? ` · ${t('calendar.event.awaitingPayment')}` : ''}
        </p>
      </div>
      {(joinHref || onDelete) && (
        // Centred on the title line: on a 20-minute pill (about 19 px) the 24 px areas reach about
        // 2 px past its top and 3 px past its bottom, short of the next half-hour's pill.
        <div className="-my-[5px] -mr-1 flex shrink-0">
          {joinHref && (
            <a
              href={joinHref}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('calendar.event.joinLabel', { title: event.title })}
              className={`group/join ${ACTION}`}
            >
              <span className="rounded bg-white/85 px-1 font-semibold underline-offset-2 group-hover/join:bg-white group-hover/join:underline">
                {t('calendar.event.join')}
              </span>
            </a>
          )}
          {onDelete && (
            <button
              type="button"
              title={t('calendar.event.delete')}
              aria-label={t('calendar.event.deleteLabel', { title: event.title })}
              onClick={onDelete}
              className={`group/delete ${ACTION}`}
            >
              <span
                aria-hidden="true"
                className="grid size-4 place-items-center rounded text-sm leading-none opacity-70 group-hover/delete:bg-white/60 group-hover/delete:opacity-100 group-focus-visible/delete:opacity-100"
              >
                ×
              </span>
            </button>
          )}
        </div>
      )}
    </div>
  );
}
