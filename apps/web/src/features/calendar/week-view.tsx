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
  type AvailabilityFacts,
  type BookingPolicy,
  type CalendarEvent,
  type DayPart,
  type Role,
} from '@sukoon/shared';
import { formatMinuteLabel } from '../../lib/dates';
import { sessionsWithin } from './booked-sessions';
import { dayPartRows, isDayPartHidden, weekCells } from './cell-state';
import { useT } from '../../i18n/i18n';
import { useStickyTop } from './use-sticky-top';
import { Cell } from './week-cell';
import { DayHeader } from './week-day-header';
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
