import { AlertDialog } from 'radix-ui';
import type { CalendarEvent } from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { useDialogFocus } from '../../components/ui/modal';
import { useT } from '../../i18n/i18n';
import { staysBookedText } from './booked-sessions';
import { formatInZone } from './layout';

export interface BookedSessionsWarningProps {
  /** 'Mark Tuesday, March 24 not available?' */
  title: string;
  /** The sessions that stay booked, named in the warning. */
  sessions: CalendarEvent[];
  timeZone: string;
  /** The confirming button's words, e.g. 'Mark not available'. */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes when the warning closes (the control that asked, or what stands for it). */
  returnFocus: () => HTMLElement | null;
}

const clock = (instant: string, timeZone: string) =>
  formatInZone(new Date(instant), timeZone, { hour: 'numeric', minute: '2-digit' });

/**
 * Asked before a day or a day part holding sessions is marked unavailable: the sessions stay booked
 * (the server never cancels them for availability), so the psychologist is told which ones, and
 * chooses to go on or to keep the day as it is.
 */
export function BookedSessionsWarning({
  title,
  sessions,
  timeZone,
  confirmLabel,
  onConfirm,
  onCancel,
  returnFocus,
}: BookedSessionsWarningProps) {
  const t = useT();
  const dialogFocus = useDialogFocus();
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <AlertDialog.Content
          {...dialogFocus}
          onCloseAutoFocus={(event) => {
            // The menu item or button that asked may be gone (a closed menu): its stand-in takes focus.
            const target = returnFocus();
            if (target) {
              event.preventDefault();
              target.focus();
            } else {
              dialogFocus.onCloseAutoFocus(event);
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm font-medium text-slate-800">
            {staysBookedText(t, sessions.length)}
          </AlertDialog.Description>
          <ul
            aria-label={t('availability.warning.sessions')}
            className="mt-3 flex flex-col gap-1.5 text-sm"
          >
            {sessions.map((event) => (
              <li key={event.id} className="rounded-lg bg-slate-50 px-3 py-2 text-slate-700">
                <span className="font-medium text-slate-900">
                  {event.patientName
                    ? t('availability.warning.withPatient', {
                        patient: event.patientName,
                        title: event.title,
                      })
                    : event.title}
                </span>
                <br />
                {t(
                  event.status === 'held'
                    ? 'availability.warning.whenHeld'
                    : 'availability.warning.when',
                  {
                    day: formatInZone(new Date(event.startDate), timeZone, {
                      weekday: 'short',
                      day: 'numeric',
                      month: 'short',
                    }),
                    start: clock(event.startDate, timeZone),
                    end: clock(event.endDate, timeZone),
                  },
                )}
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t('availability.warning.keep')}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button onClick={onConfirm}>{confirmLabel}</Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
