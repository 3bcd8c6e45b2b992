import { localMinuteOf, type CalendarEvent } from '@sukoon/shared';
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
  /** The viewer is the patient: offer 'Join' while the session has a link and has not ended. */
  joinable?: boolean;
  now?: Date;
}

/** The coloured pill of an event, with a tick (attended) or cross (absent) once attendance is marked. */
export function EventPill({
  event,
  timeZone,
  cellMinute,
  onDelete,
  onOpen,
  joinable,
  now,
}: EventPillProps) {
  const start = new Date(event.startDate);
  const end = new Date(event.endDate);
  const inGrid = cellMinute !== undefined;
  const offset = inGrid ? localMinuteOf(start, timeZone) - cellMinute : 0;
  const time = `${formatInZone(start, timeZone, { hour: 'numeric', minute: '2-digit' })} – ${formatInZone(end, timeZone, { hour: 'numeric', minute: '2-digit' })}`;
  const mark =
    event.attendanceStatus === 'attended'
      ? '✓'
      : event.attendanceStatus === 'canceled'
        ? '✗'
        : null;
  const joinHref =
    joinable &&
    event.status === 'booked' &&
    Date.parse(event.endDate) > (now ?? new Date()).getTime()
      ? meetingHref(event.meetingLink)
      : null;
  return (
    <div
      className={`${inGrid ? 'absolute inset-x-1 z-10' : 'relative'} flex items-start gap-1 overflow-hidden rounded-md border px-1.5 py-0.5 text-[11px] leading-tight shadow-sm ${EVENT_COLOR_CLASSES[event.color]} ${event.status === 'held' ? 'border-dashed opacity-80' : ''}`}
      style={
        inGrid
          ? {
              top: (offset * HOUR_HEIGHT_PX) / 60 + 1,
              height: Math.max(18, (event.durationMinutes * HOUR_HEIGHT_PX) / 60 - 2),
            }
          : undefined
      }
      title={`${event.title}, ${time}`}
    >
      {onOpen && (
        <button
          type="button"
          aria-label={`Edit Event ${event.title}`}
          onClick={onOpen}
          className="absolute inset-0 rounded-md focus-visible:outline-2 focus-visible:outline-brand-700"
        />
      )}
      <div className="pointer-events-none min-w-0 flex-1">
        <p className="truncate font-semibold">
          {mark && (
            <span
              aria-label={mark === '✓' ? 'Attended' : 'Absent'}
              className={mark === '✓' ? 'text-green-700' : 'text-red-700'}
            >
              {mark}{' '}
            </span>
          )}
          {event.title}
        </p>
        <p className="truncate opacity-80">
          {time}
          {event.status === 'held' ? ' · awaiting payment' : ''}
        </p>
      </div>
      {joinHref && (
        <a
          href={joinHref}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Join ${event.title} (opens in a new tab)`}
          className="relative rounded bg-white/85 px-1 font-semibold underline-offset-2 hover:bg-white hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          Join
        </a>
      )}
      {onDelete && (
        <button
          type="button"
          title="Delete Event"
          aria-label={`Delete Event ${event.title}`}
          onClick={onDelete}
          className="relative rounded px-1 text-sm leading-none opacity-70 hover:bg-white/60 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          ×
        </button>
      )}
    </div>
  );
}
