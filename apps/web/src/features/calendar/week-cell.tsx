import { PSYCHOLOGIST_MOVE_POLICY, slotProblem, type CalendarEvent } from '@sukoon/shared';
import { useT } from '../../i18n/i18n';
import { formatMinuteLabel } from '../../lib/dates';
import type { CellState } from './cell-state';
import { EventPill, eventSummary } from './event-pill';
import { DAY_COLUMN_PX } from './layout';
import type { WeekViewProps } from './week-view';

/** A cell's state while its week's availability is still loading. */
export type GridCellState = CellState | 'loading';

/**
 * Every state as the catalogue's `{state, select, ...}` names it (said in each cell's name, and
 * written in the cell where it is not free): a select's options cannot hold a hyphen.
 */
const STATE_ID: Record<GridCellState, string> = {
  free: 'free',
  past: 'past',
  'day-off': 'dayOff',
  unavailable: 'unavailable',
  blocked: 'blocked',
  booked: 'booked',
  loading: 'loading',
};

/** States written inside the cell (free, past and loading cells stay blank). */
const SHOWN_STATES: ReadonlySet<GridCellState> = new Set([
  'day-off',
  'unavailable',
  'blocked',
  'booked',
]);

const CELL_TONE: Record<GridCellState, string> = {
  free: 'bg-white',
  past: 'bg-slate-50',
  'day-off': 'bg-slate-100 text-slate-600',
  unavailable: 'bg-slate-100 text-slate-600',
  blocked:
    'bg-amber-50 text-amber-800 [background-image:repeating-linear-gradient(135deg,transparent_0_6px,rgb(251_191_36/0.15)_6px_12px)]',
  booked: 'bg-slate-100 text-slate-600',
  loading: 'bg-white',
};

export interface CellProps extends WeekViewProps {
  date: string;
  /** 'Tuesday, March 24': the cell's day, as its name says it. */
  dayName: string;
  minute: number;
  start: Date;
  state: GridCellState;
  /** One of the viewer's pills covers the cell. */
  covered: boolean;
  cellEvents: CalendarEvent[];
  focusKey: string;
  tabbable: boolean;
  onFocus: () => void;
  dragged: CalendarEvent | null;
  onDrag: (event: CalendarEvent | null) => void;
}

/**
 * One half-hour of one day: its state in words and colour, what Enter does there (book, block,
 * unblock), the pills of the sessions that start in it, and where a dragged session may land.
 */
export function Cell({
  role,
  dayName,
  minute,
  start,
  state,
  covered,
  cellEvents,
  facts,
  focusKey,
  tabbable,
  onFocus,
  onFreeSlot,
  onToggleSlot,
  now,
  onDeleteEvent,
  canDeleteEvent,
  onOpenEvent,
  canOpenEvent,
  onMoveEvent,
  canMoveEvent,
  dragged,
  onDrag,
}: CellProps) {
  const t = useT();
  const when = { day: dayName, time: formatMinuteLabel(minute) };
  const isPsychologist = role === 'psychologist';

  let action: {
    id: 'book' | 'block' | 'unblock';
    label: string;
    run: () => void;
    text: string;
  } | null = null;
  if (!isPsychologist && state === 'free') {
    action = {
      id: 'book',
      label: t('calendar.cell.book', when),
      run: () => onFreeSlot(start),
      text: t('calendar.cell.bookButton'),
    };
  } else if (isPsychologist && state === 'free' && cellEvents.length === 0) {
    action = {
      id: 'block',
      label: t('calendar.cell.block', when),
      run: () => onToggleSlot(start, true),
      text: t('calendar.cell.blockButton'),
    };
  } else if (isPsychologist && state === 'blocked') {
    action = {
      id: 'unblock',
      label: t('calendar.cell.unblock', when),
      run: () => onToggleSlot(start, false),
      text: t('calendar.cell.unblockButton'),
    };
  }
  // Date, time, state, what Enter does, and the events that start here, in words:
  // 'Tuesday, March 24 at 10:30 AM: Free, book' or '…: Booked; Sleep check-in, 10:30 AM – ….'
  const name = [
    t('calendar.cell.name', { ...when, state: STATE_ID[state], action: action?.id ?? 'none' }),
    ...cellEvents.map((event) => eventSummary(t, event, facts.timeZone)),
  ].join('; ');

  // A dragged session may land only where the one slot rule lets it start (its own time freed).
  const draggedStart = dragged ? Date.parse(dragged.startDate) : 0;
  const droppable =
    dragged !== null &&
    draggedStart !== start.getTime() &&
    slotProblem({
      start,
      durationMinutes: dragged.durationMinutes,
      now,
      // A patient's session moves to at least a day ahead, as the server requires.
      policy: dragged.patientId ? PSYCHOLOGIST_MOVE_POLICY : undefined,
      facts: {
        ...facts,
        busy: facts.busy.filter(
          (busy) =>
            Date.parse(busy.start) !== draggedStart ||
            Date.parse(busy.end) !== Date.parse(dragged.endDate),
        ),
      },
    }) === null;

  const description = SHOWN_STATES.has(state)
    ? t('calendar.cell.state', { state: STATE_ID[state] })
    : undefined;
  return (
    <div
      role="gridcell"
      data-cell={focusKey}
      data-state={state}
      tabIndex={tabbable ? 0 : -1}
      aria-label={name}
      onFocus={onFocus}
      onDragOver={(event) => droppable && event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        if (droppable) onMoveEvent?.(dragged, start);
        onDrag(null);
      }}
      onKeyDown={(event) => {
        if ((event.key === 'Enter' || event.key === ' ') && event.target === event.currentTarget) {
          event.preventDefault();
          action?.run();
        }
      }}
      className={`group relative flex-1 basis-0 border-l border-slate-200 text-xs outline-none focus-visible:z-10 focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:ring-inset ${droppable ? 'bg-brand-50 ring-2 ring-brand-600 ring-inset' : CELL_TONE[state]}`}
      style={{ minWidth: DAY_COLUMN_PX }}
    >
      {action && !isPsychologist && (
        <button
          type="button"
          tabIndex={-1}
          aria-label={action.label}
          onClick={action.run}
          className="flex h-full w-full items-center px-2 text-left text-brand-700 opacity-0 transition-opacity group-hover:bg-brand-50 group-hover:opacity-100 group-focus-visible:opacity-100 [@media(hover:none)]:opacity-100"
        >
          {action.text}
        </button>
      )}
      {action && isPsychologist && (
        <button
          type="button"
          tabIndex={-1}
          aria-label={action.label}
          onClick={action.run}
          className={`absolute top-1 right-1 rounded px-1.5 py-0.5 text-xs font-medium transition-opacity ${state === 'blocked' ? 'bg-white/80 text-amber-900 hover:bg-white' : 'border border-slate-300 bg-white text-slate-700 opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100 hover:bg-slate-50 [@media(hover:none)]:opacity-100'}`}
        >
          {action.text}
        </button>
      )}
      {description && !covered && (
        <span className="pointer-events-none absolute top-1.5 left-2 select-none">
          {description}
        </span>
      )}
      {cellEvents.map((event) => (
        <EventPill
          key={event.id}
          event={event}
          cellMinute={minute}
          timeZone={facts.timeZone}
          now={now}
          joinable={!isPsychologist}
          {...(onDeleteEvent && (canDeleteEvent?.(event) ?? true)
            ? { onDelete: () => onDeleteEvent(event) }
            : {})}
          // A patient opens their own unpaid hold, to pay for it, and a booked
          // session, to move it or answer its psychologist's move.
          {...(onOpenEvent && (isPsychologist || (canOpenEvent?.(event) ?? event.status === 'held'))
            ? {
                onOpen: () => onOpenEvent(event),
                ...(isPsychologist
                  ? {}
                  : {
                      openLabel: t(
                        event.status === 'held'
                          ? 'calendar.event.pay'
                          : event.movedFrom
                            ? 'calendar.event.answerMove'
                            : 'calendar.event.reschedule',
                        { title: event.title },
                      ),
                    }),
              }
            : {})}
          {...(onMoveEvent && canMoveEvent?.(event)
            ? { drag: { start: () => onDrag(event), end: () => onDrag(null) } }
            : {})}
        />
      ))}
    </div>
  );
}
