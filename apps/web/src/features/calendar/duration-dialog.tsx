import { Dialog } from 'radix-ui';
import {
  BOOKING_HORIZON_WEEKS,
  SESSION_DURATIONS,
  sameClockTime,
  slotProblem,
  zoneAbbreviation,
  type AvailabilityFacts,
  type SessionDuration,
  type SlotProblem,
} from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { useDialogFocus } from '../../components/ui/modal';
import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/i18n';
import { deviceTimeZone, formatClock, formatLongDate } from '../../lib/dates';

interface DurationDialogProps {
  /** 'Select Appointment Duration' from the week view, 'Appointment Duration' from the month view. */
  title: string;
  start: Date | null;
  facts: AvailabilityFacts;
  onChoose: (durationMinutes: SessionDuration) => void;
  onCancel: () => void;
}

/** "Wednesday, 25 November 2026, 10:00 AM IST", as the other booking dialogs and the emails say it. */
const when = (start: Date, timeZone: string) =>
  `${formatLongDate(start, timeZone)}, ${formatClock(start, timeZone)} ${zoneAbbreviation(timeZone, start)}`;

/** Why a length cannot be booked, in the page's language (the shared SLOT_PROBLEM_MESSAGES' words). */
const SLOT_PROBLEM: Record<SlotProblem, MessageKey> = {
  NOT_WHOLE_MINUTE: 'calendar.slotProblem.NOT_WHOLE_MINUTE',
  OUTSIDE_HOURS: 'calendar.slotProblem.OUTSIDE_HOURS',
  PAST: 'calendar.slotProblem.PAST',
  TOO_FAR_AHEAD: 'calendar.slotProblem.TOO_FAR_AHEAD',
  TOO_SOON: 'calendar.slotProblem.TOO_SOON',
  DAY_OFF: 'calendar.slotProblem.DAY_OFF',
  DAY_PART_UNAVAILABLE: 'calendar.slotProblem.DAY_PART_UNAVAILABLE',
  BLOCKED: 'calendar.slotProblem.BLOCKED',
  OVERLAP: 'calendar.slotProblem.OVERLAP',
  NO_BREAK: 'calendar.slotProblem.NO_BREAK',
};

/** 20 Minutes, 45 Minutes or Cancel; a length that would not fit is offered disabled, with the reason. */
export function DurationDialog({ title, start, facts, onChoose, onCancel }: DurationDialogProps) {
  // Where the viewer's own zone differs, the dialog also gives their local time (decisions, "Time").
  const t = useT();
  const viewerZone = deviceTimeZone();
  const dialogFocus = useDialogFocus();
  return (
    <Dialog.Root open={start !== null} onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          {...dialogFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          {start && (
            <Dialog.Description className="mt-1 text-sm text-slate-600">
              {when(start, facts.timeZone)}
              {!sameClockTime(viewerZone, facts.timeZone, [start]) && (
                <span className="block text-slate-500">
                  {t('calendar.duration.yourTime', { when: when(start, viewerZone) })}
                </span>
              )}
            </Dialog.Description>
          )}
          <div className="mt-5 flex flex-col gap-2">
            {SESSION_DURATIONS.map((duration) => {
              const problem = start
                ? slotProblem({ start, durationMinutes: duration, now: new Date(), facts })
                : null;
              return (
                <div key={duration}>
                  <Button
                    className="w-full"
                    disabled={problem !== null}
                    onClick={() => onChoose(duration)}
                  >
                    {t('calendar.duration.minutes', { minutes: duration })}
                  </Button>
                  {problem && (
                    <p className="mt-1 text-xs text-slate-500">
                      {t(SLOT_PROBLEM[problem], { weeks: BOOKING_HORIZON_WEEKS })}
                    </p>
                  )}
                </div>
              );
            })}
            <Button variant="secondary" onClick={onCancel}>
              {t('calendar.duration.cancel')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
