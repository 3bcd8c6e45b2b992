import { sameClockTime } from '@sukoon/shared';
import { useT } from '../../i18n/i18n';
import { AddToCalendarLinks, patientSessionEvent } from '../../components/ui/add-to-calendar-links';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { deviceTimeZone } from '../../lib/dates';
import { formatSessionDate, formatTimeRange } from './session-time';

interface BookingConfirmedDialogProps {
  booking: {
    id: string;
    title: string;
    start: Date;
    end: Date;
    timeZone: string;
    psychologistName: string;
  } | null;
  onClose: () => void;
}

/**
 * Booking Confirmed: 'Your appointment has been scheduled', with the date and time range, and the
 * session offered to the patient's own calendar right away (as in Your sessions).
 */
export function BookingConfirmedDialog({ booking, onClose }: BookingConfirmedDialogProps) {
  const t = useT();
  const viewerZone = deviceTimeZone();
  return (
    <Modal
      open={booking !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('booking.confirmed.title')}
    >
      {booking && (
        <div className="flex flex-col items-center gap-3 text-center">
          <div className="grid size-14 place-items-center rounded-full bg-green-100 text-green-700">
            <svg
              viewBox="0 0 24 24"
              className="size-8"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              aria-hidden="true"
            >
              <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </div>
          <p className="text-base font-medium text-slate-900">{t('booking.confirmed.scheduled')}</p>
          <p className="text-sm text-slate-700">
            {formatSessionDate(booking.start, booking.timeZone)}
            <br />
            {formatTimeRange(booking.start, booking.end, booking.timeZone)}
            {!sameClockTime(viewerZone, booking.timeZone, [booking.start, booking.end]) && (
              <span className="block text-slate-500">
                {t('booking.confirmed.yourTime', {
                  range: formatTimeRange(booking.start, booking.end, viewerZone),
                })}
              </span>
            )}
          </p>
          <p className="text-sm text-slate-500">
            {t('booking.confirmed.with', { name: booking.psychologistName })}
          </p>
          <div className="flex flex-col items-center gap-1">
            <p className="text-sm font-medium text-slate-700">
              {t('booking.confirmed.toCalendar')}
            </p>
            <AddToCalendarLinks
              className="justify-center"
              name={booking.title}
              bookingId={booking.id}
              event={patientSessionEvent(
                {
                  title: booking.title,
                  psychologistName: booking.psychologistName,
                  start: booking.start,
                  end: booking.end,
                  // Set later by the psychologist (or made as the payment settled): the note says where.
                  meetingLink: null,
                },
                t,
              )}
            />
          </div>
          <Button className="mt-2 w-full" onClick={onClose}>
            {t('booking.confirmed.done')}
          </Button>
        </div>
      )}
    </Modal>
  );
}
