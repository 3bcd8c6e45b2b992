import {
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import {
  DAY_PARTS,
  SLOT_MINUTES,
  SLOT_START_MINUTES,
  WORKING_DAY_END_MINUTE,
  isoWeekNumber,
  localDateOf,
  localMinuteOf,
  PSYCHOLOGIST_MOVE_POLICY,
  slotProblem,
  type AvailabilityFacts,
  type BookingPolicy,
  type CalendarEvent,
  type DayPart,
  type Role,
} from '@sukoon/shared';
import { formatMinuteLabel } from '../../lib/dates';
import { sessionsWithin } from './booked-sessions';
import { dayPartRows, isDayPartHidden, weekCells, type CellState } from './cell-state';
import { LazyMenuSlot } from '../../components/ui/lazy-menu';
import { useT } from '../../i18n/i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { DAY_PARTS_TRIGGER } from './day-parts-trigger';
import { EventPill, eventSummary } from './event-pill';
import { DAY_COLUMN_PX, LABEL_COLUMN_PX, ROW_HEIGHT_PX, formatDate } from './layout';

export interface WeekViewProps {
  role: Role;
  dates: string[];
  today: string;
  now: Date;
  facts: AvailabilityFacts;
  /** The psychologist's booking policy: a patient is not offered cells it rules out. */
  policy?: BookingPolicy | undefined;
  /** `facts` and `events` are another week's, kept while this week's load: cells show Loading. */
  pending?: boolean;
  events: CalendarEvent[];
  /** PageUp / PageDown in the grid: the week before or after (focus stays on the same cell). */
  onMoveWeek?: (direction: -1 | 1) => void;
  /** Patients: a free cell was chosen. */
  onFreeSlot: (start: Date) => void;
  /** Psychologists: availability changes. */
  onToggleDay: (date: string, off: boolean) => void;
  onToggleDayPart: (date: string, part: DayPart, off: boolean) => void;
  onToggleSlot: (start: Date, blocked: boolean) => void;
  onDeleteEvent?: (event: CalendarEvent) => void;
  canDeleteEvent?: (event: CalendarEvent) => boolean;
  onOpenEvent?: (event: CalendarEvent) => void;
  /** Which of a patient's pills open: their hold (to pay) unless said otherwise. */
  canOpenEvent?: (event: CalendarEvent) => boolean;
  /** Psychologists: a patient's session dragged onto another free start (issue 18). */
  onMoveEvent?: (event: CalendarEvent, start: Date) => void;
  canMoveEvent?: (event: CalendarEvent) => boolean;
}

type Row = { kind: 'slot'; minute: number } | { kind: 'hidden'; part: DayPart };

// A psychologist's day-part menu (Radix's menu and its positioning) loads after the grid.
const DayPartsMenu = lazyWithPreload(() =>
  import('./day-parts-menu').then((module) => module.DayPartsMenu),
);

/** A cell's state while its week's availability is still loading. */
type GridCellState = CellState | 'loading';

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

/**
 * How far below the top of the window the grid's day headers stick: under the app's own sticky header
 * (the page's banner), never over or under it. Followed as that header changes height (a phone
 * wrapping its title, a zoomed page).
 */
function useStickyTop(): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('body header');
    if (!header) return;
    // Read when the browser lays the page out anyway (a resize observer's first call, or the next
    // frame, comes before the next paint): measuring right after the grid is inserted made the
    // browser lay out all its cells inside that task, part of one long task on a phone (issue 19).
    const measure = () => {
      if (!['sticky', 'fixed'].includes(getComputedStyle(header).position)) return;
      setTop(Math.ceil(header.getBoundingClientRect().height));
    };
    if (typeof ResizeObserver === 'undefined') {
      const frame = requestAnimationFrame(measure);
      return () => cancelAnimationFrame(frame);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return top;
}

/**
 * The grid, drawn again only when what it shows changes (the week, facts, events, minute, policy,
 * loading): the dashboard renders often as its reads settle, and each render of 168 cells was a long
 * task on a phone (issue 19). The calendar hands new handlers on every render; the grid calls the
 * latest ones through a ref, so skipping a render never leaves it with a stale one. Every other prop,
 * predicates too (`canDeleteEvent`...), is compared as it is: a predicate made anew draws the grid
 * again, so callers keep theirs (useMemo) for as long as what they read stays.
 */
export function WeekView(props: WeekViewProps) {
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const handlers = useMemo(
    () => ({
      onMoveWeek: (direction: -1 | 1) => latest.current.onMoveWeek?.(direction),
      onFreeSlot: (start: Date) => latest.current.onFreeSlot(start),
      onToggleDay: (date: string, off: boolean) => latest.current.onToggleDay(date, off),
      onToggleDayPart: (date: string, part: DayPart, off: boolean) =>
        latest.current.onToggleDayPart(date, part, off),
      onToggleSlot: (start: Date, blocked: boolean) => latest.current.onToggleSlot(start, blocked),
      onDeleteEvent: (event: CalendarEvent) => latest.current.onDeleteEvent?.(event),
      onOpenEvent: (event: CalendarEvent) => latest.current.onOpenEvent?.(event),
      onMoveEvent: (event: CalendarEvent, start: Date) =>
        latest.current.onMoveEvent?.(event, start),
    }),
    [],
  );
  // An optional handler stays absent when absent: whether it is there decides what a cell offers.
  const grid: WeekViewProps = { ...props, ...handlers };
  if (!props.onMoveWeek) delete grid.onMoveWeek;
  if (!props.onDeleteEvent) delete grid.onDeleteEvent;
  if (!props.onOpenEvent) delete grid.onOpenEvent;
  if (!props.onMoveEvent) delete grid.onMoveEvent;
  return <WeekGrid {...grid} />;
}

const WeekGrid = memo(function WeekGrid(props: WeekViewProps) {
  const { role, dates, today, now, facts, policy, events, pending = false, onMoveWeek } = props;
  const t = useT();
  const gridRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const stickyTop = useStickyTop();
  const [active, setActive] = useState({ column: 0, row: 0 });
  // PageUp / PageDown moved to another week from inside the grid: focus the same cell of it.
  const refocusAfterMove = useRef(false);
  const isPsychologist = role === 'psychologist';
  // The session being dragged to another start, if any.
  const [dragged, setDragged] = useState<CalendarEvent | null>(null);

  // Psychologists see a day part that is off all week collapsed into one row, unless it holds
  // sessions: marking time unavailable never cancels them, so they always stay in sight.
  const rows: Row[] = DAY_PARTS.flatMap((part): Row[] =>
    isPsychologist &&
    isDayPartHidden(facts, dates, part) &&
    !dates.some((date) => sessionsWithin(events, facts.timeZone, null, date, part).length > 0)
      ? [{ kind: 'hidden', part }]
      : dayPartRows(part, SLOT_START_MINUTES).map((minute) => ({ kind: 'slot', minute })),
  );
  const slotRows = rows.flatMap((row, index) => (row.kind === 'slot' ? [index] : []));

  // Worked out once per week, facts, events and minute rather than per cell and render: each cell's
  // start and state, its events, whether a pill covers it, the days' names (issue 19).
  const cells = useMemo(
    () => weekCells(dates, SLOT_START_MINUTES, facts, now, role, policy),
    [dates, facts, now, role, policy],
  );
  const eventsByCell = useMemo(() => {
    const byCell = new Map<string, CalendarEvent[]>();
    for (const event of events) {
      const start = new Date(event.startDate);
      const minute = localMinuteOf(start, facts.timeZone);
      const key = `${localDateOf(start, facts.timeZone)}|${minute - (minute % SLOT_MINUTES)}`;
      byCell.set(key, [...(byCell.get(key) ?? []), event]);
    }
    return byCell;
  }, [events, facts.timeZone]);
  const eventSpans = useMemo(
    () => events.map((event) => [Date.parse(event.startDate), Date.parse(event.endDate)] as const),
    [events],
  );
  const dayNames = useMemo(
    () => dates.map((date) => formatDate(date, { weekday: 'long', day: 'numeric', month: 'long' })),
    [dates],
  );

  function focusCell(column: number, row: number) {
    setActive({ column, row });
    gridRef.current?.querySelector<HTMLElement>(`[data-cell="${column}-${row}"]`)?.focus();
  }

  /** The slot row nearest to a row index (a hidden day part's row holds no cells). */
  function nearestSlotRow(row: number): number {
    if (slotRows.includes(row)) return row;
    return slotRows.find((index) => index > row) ?? slotRows.at(-1) ?? 0;
  }

  const firstDate = dates[0];
  // A grid wider than its box (a phone) opens on today's column, next to the pinned times.
  const todayColumn = dates.indexOf(today);
  useLayoutEffect(() => {
    // In the next frame, before it is painted: the sizes it reads are worked out then anyway, while
    // reading them here would lay out the whole grid inside the task that inserts it (issue 19).
    const frame = requestAnimationFrame(() => {
      const body = bodyRef.current;
      if (!body || todayColumn < 0 || body.scrollWidth <= body.clientWidth) return;
      const header = headRef.current?.querySelector<HTMLElement>(`[data-column="${todayColumn}"]`);
      if (header) body.scrollLeft = header.offsetLeft - LABEL_COLUMN_PX;
    });
    return () => cancelAnimationFrame(frame);
    // Only when a week holding today is shown; elsewhere the scroll stays where the person put it.
  }, [firstDate, todayColumn]);

  useEffect(() => {
    if (!refocusAfterMove.current) return;
    refocusAfterMove.current = false;
    focusCell(active.column, nearestSlotRow(active.row));
    // Only when the week changes; `active` is the cell that had focus in the week before.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstDate]);

  /**
   * The grid's keys (WAI-ARIA grid pattern): arrows move a cell, Home / End to the first or last day
   * of the row, Ctrl+Home / Ctrl+End to the first or last cell of the week, PageUp / PageDown to the
   * week before or after. Enter or Space on a cell does what it offers (book, block, unblock).
   */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Keys typed in a control inside a cell (a pill's buttons) are that control's own.
    if (!(event.target instanceof HTMLElement) || event.target.getAttribute('role') !== 'gridcell')
      return;
    const position = slotRows.indexOf(active.row);
    const lastColumn = dates.length - 1;
    let target: { column: number; row: number };
    switch (event.key) {
      case 'ArrowLeft':
        target = { column: Math.max(0, active.column - 1), row: active.row };
        break;
      case 'ArrowRight':
        target = { column: Math.min(lastColumn, active.column + 1), row: active.row };
        break;
      case 'ArrowUp':
        target = { column: active.column, row: slotRows[Math.max(0, position - 1)] ?? active.row };
        break;
      case 'ArrowDown':
        target = {
          column: active.column,
          row: slotRows[Math.min(slotRows.length - 1, position + 1)] ?? active.row,
        };
        break;
      case 'Home':
        target = event.ctrlKey
          ? { column: 0, row: slotRows[0] ?? 0 }
          : { column: 0, row: active.row };
        break;
      case 'End':
        target = event.ctrlKey
          ? { column: lastColumn, row: slotRows.at(-1) ?? 0 }
          : { column: lastColumn, row: active.row };
        break;
      case 'PageUp':
      case 'PageDown':
        if (!onMoveWeek) return;
        event.preventDefault();
        refocusAfterMove.current = true;
        onMoveWeek(event.key === 'PageUp' ? -1 : 1);
        return;
      default:
        return;
    }
    event.preventDefault();
    focusCell(target.column, target.row);
  }

  const weekNumber = isoWeekNumber(
    dates.find((date) => new Date(date).getUTCDay() === 1) ?? dates[0]!,
  );
  // At least the specification's 120 + 7 × 160 px; wider screens share the rest among the days.
  const width = LABEL_COLUMN_PX + dates.length * DAY_COLUMN_PX;

  return (
    <div
      ref={gridRef}
      role="grid"
      aria-label={t('calendar.week.label', {
        number: weekNumber,
        from: formatDate(dates[0]!, { day: 'numeric', month: 'long' }),
        to: formatDate(dates[6]!, { day: 'numeric', month: 'long', year: 'numeric' }),
      })}
      aria-busy={pending || undefined}
      aria-rowcount={rows.length + 1}
      className="w-full rounded-xl border border-slate-200 bg-white"
      onKeyDown={onKeyDown}
    >
      {/* The day headers stick under the app's header while the page scrolls through the grid (the
          rows' sideways scroll box would stop them sticking, so they have a box of their own, kept
          at the rows' sideways position). */}
      <div
        ref={headRef}
        role="rowgroup"
        data-week-head=""
        className="sticky z-[18] overflow-hidden rounded-t-xl border-b border-slate-200 bg-white"
        style={{ top: stickyTop }}
      >
        <div role="row" className="flex" style={{ minWidth: width }}>
          <div
            role="columnheader"
            className="sticky left-0 z-30 flex shrink-0 items-center bg-white px-3 text-sm font-semibold text-slate-700 shadow-[1px_0_0_rgb(226_232_240)]"
            style={{ width: LABEL_COLUMN_PX, minWidth: LABEL_COLUMN_PX }}
          >
            {t('calendar.week.number', { number: weekNumber })}
          </div>
          {dates.map((date, column) => (
            // Keyed by position: the same elements show the next week, so focus stays in place.
            <DayHeader key={column} column={column} date={date} {...props} />
          ))}
        </div>
      </div>
      <div
        ref={bodyRef}
        role="rowgroup"
        data-week-body=""
        className="overflow-x-auto rounded-b-xl"
        onScroll={(event) => {
          if (headRef.current) headRef.current.scrollLeft = event.currentTarget.scrollLeft;
        }}
      >
        {rows.map((row, rowIndex) =>
          row.kind === 'hidden' ? (
            <div
              role="row"
              key={row.part}
              className="flex border-b border-slate-200"
              style={{ minWidth: width }}
            >
              <div
                role="rowheader"
                className="sticky left-0 z-[15] bg-slate-50 px-3 py-2 text-xs font-medium text-slate-600 shadow-[1px_0_0_rgb(226_232_240)]"
                style={{ width: LABEL_COLUMN_PX, minWidth: LABEL_COLUMN_PX }}
              >
                {t('availability.part', { part: row.part })}
              </div>
              <div role="gridcell" className="flex-1 bg-slate-100 px-3 py-2 text-xs text-slate-600">
                {t('availability.partHidden', { part: row.part })}
              </div>
            </div>
          ) : (
            <div
              role="row"
              key={row.minute}
              className={`flex ${row.minute % 60 === 0 ? 'border-t border-slate-200' : 'border-t border-dashed border-slate-100'}`}
              style={{ height: ROW_HEIGHT_PX, minWidth: width }}
            >
              <div
                role="rowheader"
                className="sticky left-0 z-[15] bg-white px-3 pt-1 text-xs whitespace-nowrap text-slate-500 shadow-[1px_0_0_rgb(226_232_240)]"
                style={{ width: LABEL_COLUMN_PX, minWidth: LABEL_COLUMN_PX }}
              >
                {formatMinuteLabel(row.minute)}
              </div>
              {dates.map((date, column) => {
                const cell = cells.get(`${date}|${row.minute}`)!;
                const cellStart = cell.start.getTime();
                return (
                  <Cell
                    key={column}
                    {...props}
                    date={date}
                    dayName={dayNames[column]!}
                    minute={row.minute}
                    start={cell.start}
                    state={pending ? 'loading' : cell.state}
                    // A cell under one of the viewer's own pills (started here or in a cell above)
                    // needs no 'Booked'.
                    covered={eventSpans.some(
                      ([from, to]) => from < cellStart + SLOT_MINUTES * 60_000 && to > cellStart,
                    )}
                    cellEvents={eventsByCell.get(`${date}|${row.minute}`) ?? []}
                    focusKey={`${column}-${rowIndex}`}
                    tabbable={
                      active.column === column &&
                      (active.row === rowIndex ||
                        (!slotRows.includes(active.row) && rowIndex === slotRows[0]))
                    }
                    onFocus={() => setActive({ column, row: rowIndex })}
                    dragged={dragged}
                    onDrag={setDragged}
                  />
                );
              })}
            </div>
          ),
        )}
        <div
          className="flex border-t border-slate-200"
          style={{ minWidth: width }}
          aria-hidden="true"
        >
          <div
            className="sticky left-0 z-[15] bg-white px-3 pt-1 pb-2 text-xs text-slate-500 shadow-[1px_0_0_rgb(226_232_240)]"
            style={{ width: LABEL_COLUMN_PX, minWidth: LABEL_COLUMN_PX }}
          >
            {formatMinuteLabel(WORKING_DAY_END_MINUTE)}
          </div>
        </div>
      </div>
    </div>
  );
});

function DayHeader({
  column,
  date,
  today,
  role,
  facts,
  pending,
  onToggleDay,
  onToggleDayPart,
}: WeekViewProps & { date: string; column: number }) {
  const t = useT();
  const off = !pending && facts.daysOff.includes(date);
  const isToday = date === today;
  const past = date < today;
  const name = formatDate(date, { weekday: 'long', day: 'numeric', month: 'long' });
  return (
    <div
      role="columnheader"
      data-column={column}
      aria-label={t('calendar.day.header', {
        day: name,
        today: isToday ? 'yes' : 'no',
        off: off ? 'yes' : 'no',
      })}
      className={`flex flex-1 basis-0 flex-col gap-1 border-l border-slate-200 px-2 py-2 ${isToday ? 'bg-brand-50' : past ? 'bg-slate-50' : ''}`}
      style={{ minWidth: DAY_COLUMN_PX }}
    >
      <div className="flex items-baseline gap-1.5">
        <span className="text-xs font-medium tracking-wide text-slate-500 uppercase">
          {formatDate(date, { weekday: 'short' })}
        </span>
        <span
          className={`grid size-7 place-items-center rounded-full text-sm font-semibold ${isToday ? 'bg-brand-700 text-white' : 'text-slate-800'}`}
        >
          {formatDate(date, { day: 'numeric' })}
        </span>
        <span className="text-xs text-slate-500">{formatDate(date, { month: 'short' })}</span>
      </div>
      {role === 'psychologist' && !past ? (
        <div className="flex items-center gap-1">
          <button
            type="button"
            disabled={pending}
            aria-pressed={off}
            aria-label={
              off
                ? t('calendar.day.offMarkOn', { day: name })
                : t('calendar.day.markOff', { day: name })
            }
            onClick={() => onToggleDay(date, !off)}
            className={`rounded-md px-2 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-brand-700 ${off ? 'bg-slate-700 text-white hover:bg-slate-800' : 'border border-slate-300 text-slate-700 hover:bg-slate-50'}`}
          >
            {t(off ? 'calendar.day.notAvailable' : 'calendar.day.markNotAvailable')}
          </button>
          <LazyMenuSlot
            Menu={DayPartsMenu}
            props={{ date, name, facts, disabled: pending === true, onToggleDayPart }}
            trigger={(press) => (
              <button
                type="button"
                disabled={pending}
                aria-haspopup="menu"
                aria-expanded={false}
                aria-label={t('calendar.dayParts.label', { day: name })}
                {...press}
                className={DAY_PARTS_TRIGGER}
              >
                <span className="whitespace-nowrap">{t('calendar.dayParts.button')}</span>
              </button>
            )}
          />
        </div>
      ) : (
        off && (
          <span className="text-xs font-medium text-slate-500">
            {t('calendar.day.notAvailable')}
          </span>
        )
      )}
    </div>
  );
}

interface CellProps extends WeekViewProps {
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

function Cell({
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
          // A patient opens their own unpaid hold, to pay for it (issue 17 defect 6), and a booked
          // session, to move it or answer its psychologist's move (issue 18).
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
