import { useId, useState } from 'react';
import {
  canCancelSession,
  canJoinSession,
  patientMoveRefusal,
  readPolicy,
  type MoveDecision,
  type PatientMoveRefusal,
  type BookingListItem,
  type CreateOrderData,
} from '@sukoon/shared';
import { AddToCalendarLinks, patientSessionEvent } from '../../components/ui/add-to-calendar-links';
import { Button } from '../../components/ui/button';
import { JoinSessionLink } from '../../components/ui/join-session-link';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n, useT } from '../../i18n/i18n';
import { meetingHref } from '../../lib/links';
import {
  canceledBookings,
  heldBookings,
  pastBookings,
  upcomingBookings,
  useMyBookings,
} from './sessions-api';
import { YourSessionsBox, YourSessionsSkeleton } from './your-sessions-frame';
import { Receipts, When, type RowProps } from './session-row-parts';
import { Canceled, PAST_PAGE, PastSessions } from './past-sessions';
import { Held } from './held-session';
import { formatSessionStart } from '../../lib/dates';

export interface YourSessionsProps {
  userId: string;
  now: Date;
  /** Each session's times are shown in its psychologist's zone, as the calendar draws them. */
  zoneOf: (psychologistId: string) => string;
  /** The viewer's own zone: their local time is added where it differs. */
  viewerZone: string;
  onCancel: (booking: BookingListItem) => void;
  /** Opens Reschedule for a booked session (issue 18); it explains when the policy says no. */
  onReschedule?: ((booking: BookingListItem) => void) | undefined;
  /** The patient's answer to a time their psychologist moved a session to. */
  onAnswerMove?: ((booking: BookingListItem, decision: MoveDecision) => void) | undefined;
  /**
   * Reopens the checkout of a hold left unpaid with its own open order (the same order and amount
   * the server set). Without it, a hold can only be released from here.
   */
  onResumePayment?: (order: CreateOrderData, booking: BookingListItem) => void;
}

/**
 * The patient's sessions with any psychologist: upcoming ones with Join (once the psychologist has
 * added a link) and Cancel, recently canceled ones with what happened to the refund, and (behind a
 * toggle beside the heading, which takes no room of its own) past ones with their receipts.
 */
export function YourSessions({
  userId,
  now,
  zoneOf,
  viewerZone,
  onCancel,
  onReschedule,
  onAnswerMove,
  onResumePayment,
}: YourSessionsProps) {
  const t = useT();
  const ids = { held: useId(), upcoming: useId(), canceled: useId(), past: useId() };
  const bookings = useMyBookings(userId);
  const held = heldBookings(bookings.data ?? [], now);
  const upcoming = upcomingBookings(bookings.data ?? [], now);
  const canceled = canceledBookings(bookings.data ?? []);
  const past = pastBookings(bookings.data ?? [], now);
  const [pastShown, setPastShown] = useState(0);

  return (
    <YourSessionsBox
      besideHeading={
        // Not while a reload has failed: the list it opens is not drawn then.
        past.length > 0 &&
        !bookings.isError && (
          <button
            id={ids.past}
            type="button"
            aria-expanded={pastShown > 0}
            aria-controls={`${ids.past}-list`}
            onClick={() => setPastShown((shown) => (shown > 0 ? 0 : PAST_PAGE))}
            className="-my-1 inline-flex min-h-8 shrink-0 items-center gap-1 rounded text-sm font-semibold whitespace-nowrap text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <span aria-hidden="true">{pastShown > 0 ? '▾' : '▸'}</span>
            {t('sessions.past', { count: past.length })}
          </button>
        )
      }
    >
      {bookings.isPending ? (
        <YourSessionsSkeleton />
      ) : bookings.isError ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {t('sessions.loadError', { message: bookings.error.message })}
        </p>
      ) : (
        <>
          {past.length > 0 && (
            <PastSessions
              id={`${ids.past}-list`}
              past={past}
              shown={pastShown}
              onShowMore={() => setPastShown((shown) => shown + PAST_PAGE)}
              zoneOf={zoneOf}
              viewerZone={viewerZone}
            />
          )}
          <div className="mt-3 grid grid-cols-1 gap-4 lg:grid-cols-2">
            {held.length > 0 && (
              <div className="lg:col-span-2">
                <p id={ids.held} className="mb-2 text-sm font-medium text-slate-700">
                  {t('sessions.awaitingPayment', { count: held.length })}
                </p>
                <ul aria-labelledby={ids.held} className="flex flex-col gap-2">
                  {held.map((booking) => (
                    <Held
                      key={booking.id}
                      userId={userId}
                      booking={booking}
                      zoneOf={zoneOf}
                      viewerZone={viewerZone}
                      onResumePayment={onResumePayment}
                    />
                  ))}
                </ul>
              </div>
            )}
            <div>
              {/* Labels, not headings: the calendar's week heading is the page's only h3. */}
              <p id={ids.upcoming} className="mb-2 text-sm font-medium text-slate-700">
                {t('sessions.upcoming', { count: upcoming.length })}
              </p>
              {upcoming.length === 0 ? (
                // As tall as its stand-in while loading (your-sessions-frame.tsx), wrapped or not.
                <p className="min-h-[4.125rem] rounded-xl border border-dashed border-slate-300 p-3 text-sm text-slate-600 sm:min-h-[2.875rem]">
                  {t('sessions.noUpcoming')}
                </p>
              ) : (
                <ul aria-labelledby={ids.upcoming} className="flex flex-col gap-2">
                  {upcoming.map((booking) => (
                    <Upcoming
                      key={booking.id}
                      booking={booking}
                      now={now}
                      zoneOf={zoneOf}
                      viewerZone={viewerZone}
                      onCancel={onCancel}
                      onReschedule={onReschedule}
                      onAnswerMove={onAnswerMove}
                    />
                  ))}
                </ul>
              )}
            </div>
            {canceled.length > 0 && (
              <div>
                <p id={ids.canceled} className="mb-2 text-sm font-medium text-slate-700">
                  {t('sessions.recentlyCanceled')}
                </p>
                <ul aria-labelledby={ids.canceled} className="flex flex-col gap-2">
                  {canceled.map((booking) => (
                    <Canceled
                      key={booking.id}
                      booking={booking}
                      zoneOf={zoneOf}
                      viewerZone={viewerZone}
                    />
                  ))}
                </ul>
              </div>
            )}
          </div>
        </>
      )}
    </YourSessionsBox>
  );
}

function Upcoming({
  booking,
  now,
  zoneOf,
  viewerZone,
  onCancel,
  onReschedule,
  onAnswerMove,
}: RowProps &
  Pick<YourSessionsProps, 'onReschedule' | 'onAnswerMove'> & {
    now: Date;
    onCancel: (booking: BookingListItem) => void;
  }) {
  const { t, rich } = useI18n();
  const href = meetingHref(booking.meeting_link);
  const started = !canCancelSession(
    {
      startDate: booking.start_time,
      status: booking.status,
      attendanceStatus: booking.attendanceStatus,
    },
    now,
  );
  const zone = zoneOf(booking.psychologist_id);
  // As the server reads it: without a readable copy of its policy a session has the defaults.
  const refusal = patientMoveRefusal(
    { startsAt: new Date(booking.start_time), patientMoves: booking.patient_moves },
    readPolicy(booking.policy),
    now,
  );
  const moved = !started && booking.moved_from_start;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-xl border border-slate-200 p-3">
      {moved && (
        <div className="flex w-full flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
          <p className="text-sm text-amber-900">
            {rich('sessions.moved', {
              name: booking.psychologist_name,
              from: formatSessionStart(new Date(moved), zone),
              to: formatSessionStart(new Date(booking.start_time), zone),
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
          {onAnswerMove && (
            <div className="flex flex-wrap gap-2">
              <Button
                aria-label={t('sessions.keepNewTimeLabel', { title: booking.title })}
                onClick={() => onAnswerMove(booking, 'keep')}
              >
                {t('sessions.keepNewTime')}
              </Button>
              <Button
                variant="secondary"
                aria-label={t('sessions.cancelForRefundLabel', { title: booking.title })}
                onClick={() => onAnswerMove(booking, 'cancel')}
              >
                {t('sessions.cancelForRefund')}
              </Button>
            </div>
          )}
        </div>
      )}
      <div className="min-w-0 flex-1 basis-52">
        <p className="truncate font-semibold text-slate-900">{booking.title}</p>
        <p className="text-sm text-slate-700">
          <When booking={booking} zoneOf={zoneOf} viewerZone={viewerZone} />
        </p>
        <p className="truncate text-xs text-slate-500">
          {t(started ? 'sessions.withInProgress' : 'sessions.with', {
            name: booking.psychologist_name,
          })}
        </p>
        {!started && !moved && refusal && onReschedule && (
          <p className="text-xs text-slate-600">{t(REFUSAL_HINT[refusal])}</p>
        )}
        {!href && <p className="text-xs text-slate-500">{t('sessions.linkPending')}</p>}
        {href && !started && !canJoinSession(booking.start_time, booking.end_time, now) && (
          <p className="text-xs text-slate-500">{t('sessions.joinSoon')}</p>
        )}
        {!started && (
          <AddToCalendarLinks
            name={booking.title}
            bookingId={booking.id}
            event={patientSessionEvent(
              {
                title: booking.title,
                psychologistName: booking.psychologist_name,
                start: booking.start_time,
                end: booking.end_time,
                meetingLink: href,
              },
              t,
            )}
          />
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <JoinSessionLink
          meetingLink={href}
          start={booking.start_time}
          end={booking.end_time}
          now={now}
          name={booking.title}
        />
        {!started && !moved && onReschedule && (
          <Button
            variant="secondary"
            aria-label={t('sessions.rescheduleLabel', { title: booking.title })}
            // Still offered when the policy says no: the dialog says why and offers Cancel.
            onClick={() => onReschedule(booking)}
          >
            {t('sessions.reschedule')}
          </Button>
        )}
        {!started && !moved && (
          <Button
            variant="secondary"
            aria-label={t('sessions.cancelLabel', { title: booking.title })}
            onClick={() => onCancel(booking)}
          >
            {t('sessions.cancel')}
          </Button>
        )}
      </div>
      <Receipts booking={booking} />
    </li>
  );
}

/** Why Reschedule will not move it, in a few words (the dialog says it in full). */
const REFUSAL_HINT: Record<PatientMoveRefusal, MessageKey> = {
  NOT_ALLOWED: 'sessions.refusal.notAllowed',
  TOO_LATE: 'sessions.refusal.tooLate',
  LIMIT_REACHED: 'sessions.refusal.limitReached',
};
