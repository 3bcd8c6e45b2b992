import { useEffect, useState } from 'react';
import { formatInr } from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../i18n/i18n';
import { fetchHoldOrder, useReleaseHold } from './sessions-api';
import { When, type RowProps } from './session-row-parts';
import type { YourSessionsProps } from './your-sessions';

/** Seconds until `until`, ticking each second (0 once it has passed). */
function useSecondsLeft(until: string) {
  const left = () => Math.max(0, Math.ceil((Date.parse(until) - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const timer = window.setInterval(() => setSeconds(left()), 1000);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- left() reads only `until`
  }, [until]);
  return seconds;
}

function formatLeft(seconds: number) {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A hold left unpaid (a checkout closed mid-payment): its slot is kept until the countdown ends. The
 * patient can resume paying the same order, or let the slot go at once.
 */
export function Held({
  userId,
  booking,
  zoneOf,
  viewerZone,
  onResumePayment,
}: RowProps & {
  userId: string;
  onResumePayment: YourSessionsProps['onResumePayment'];
}) {
  const { t, rich } = useI18n();
  const seconds = useSecondsLeft(booking.hold_expires_at!);
  const release = useReleaseHold(userId);
  const [resuming, setResuming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = release.isPending || resuming;

  const resume = async () => {
    if (!onResumePayment) return;
    setError(null);
    setResuming(true);
    try {
      onResumePayment(await fetchHoldOrder(booking.id), booking);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setResuming(false);
    }
  };

  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3">
      <div className="min-w-0 flex-1 basis-52">
        <p className="truncate font-semibold text-slate-900">{booking.title}</p>
        <p className="text-sm text-slate-700">
          <When booking={booking} zoneOf={zoneOf} viewerZone={viewerZone} />
        </p>
        <p className="text-xs text-slate-600">
          {t('sessions.heldWith', {
            name: booking.psychologist_name,
            amount: formatInr(Math.round(booking.price * 100)),
          })}
        </p>
        <p className="text-sm font-medium text-amber-900">
          {seconds > 0
            ? rich('sessions.heldFor', {
                left: formatLeft(seconds),
                time: (chunks) => <span className="tabular-nums">{chunks}</span>,
              })
            : t('sessions.holdEnded')}
        </p>
        {error && (
          <p role="alert" className="mt-1 text-sm text-red-800">
            {error}
          </p>
        )}
        <p role="status" className="sr-only">
          {resuming
            ? t('sessions.openingPayment')
            : release.isPending
              ? t('sessions.releasing')
              : ''}
        </p>
      </div>
      {seconds > 0 && (
        <div className="flex shrink-0 gap-2">
          {onResumePayment && (
            <Button
              aria-label={t('sessions.resumeLabel', { title: booking.title })}
              disabled={busy}
              onClick={() => void resume()}
            >
              {t('sessions.resume')}
            </Button>
          )}
          <Button
            variant="secondary"
            aria-label={t('sessions.releaseLabel', { title: booking.title })}
            disabled={busy}
            onClick={() =>
              release.mutate(booking.id, {
                onError: (caught) => setError(caught.message),
              })
            }
          >
            {t('sessions.release')}
          </Button>
        </div>
      )}
    </li>
  );
}
