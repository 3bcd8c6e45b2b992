import { useId, useState } from 'react';
import type { CalendarFeedLink, Role } from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Notice } from '../../components/ui/notice';
import { SkeletonList } from '../../components/ui/skeleton';
import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/i18n';
import { useFeedLink, useFeedSettings, useFeedStatus, useTurnOffFeed } from './api';
import { FeedLink } from './feed-link';
import { HowToSubscribe } from './how-to-subscribe';

interface CalendarFeedDialogProps {
  role: Role;
  onClose: () => void;
}

/**
 * Calendar feed (issue 20): turn on a private iCalendar address of your sessions, copy it or subscribe,
 * reset it (asked first: subscribed calendars stop updating) or turn it off. Says what the feed shows.
 */
export function CalendarFeedDialog({ role, onClose }: CalendarFeedDialogProps) {
  const t = useT();
  const status = useFeedStatus();
  const turnOn = useFeedLink('turn-on');
  const reset = useFeedLink('reset');
  const turnOff = useTurnOffFeed();
  const [link, setLink] = useState<CalendarFeedLink | null>(null);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const busy = turnOn.isPending || reset.isPending || turnOff.isPending;
  const failure = turnOn.error ?? reset.error ?? turnOff.error;
  const enabled = status.data?.enabled === true;

  return (
    <>
      <Modal
        open
        onOpenChange={(open) => !open && onClose()}
        title={t('feed.title')}
        description={t('feed.description')}
      >
        <div className="flex flex-col gap-4">
          <PrivacyNote role={role} showFullDetails={status.data?.showFullDetails === true} />
          {status.isPending ? (
            <SkeletonList label={t('feed.loading')} rows={2} />
          ) : status.isError ? (
            <Notice tone="error">{t('feed.loadFailed', { message: status.error.message })}</Notice>
          ) : !enabled ? (
            <div className="flex flex-col gap-2">
              <p className="text-sm text-slate-700">{t('feed.off')}</p>
              <div>
                <Button
                  disabled={busy}
                  onClick={() => turnOn.mutate(undefined, { onSuccess: setLink })}
                >
                  {turnOn.isPending ? t('feed.turningOn') : t('feed.turnOn')}
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-col gap-3">
              {link ? (
                <FeedLink link={link} />
              ) : (
                <p className="text-sm text-slate-700">{t('feed.onLinkShownOnce')}</p>
              )}
              {role === 'psychologist' && (
                <FullDetailsChoice checked={status.data.showFullDetails} />
              )}
              <p className="text-xs text-slate-600">{t('feed.privacy.secret')}</p>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => setConfirmingReset(true)}
                >
                  {t('feed.reset')}
                </Button>
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => turnOff.mutate(undefined, { onSuccess: () => setLink(null) })}
                >
                  {turnOff.isPending ? t('feed.turningOff') : t('feed.turnOff')}
                </Button>
              </div>
            </div>
          )}
          {failure && <Notice tone="error">{failure.message}</Notice>}
          <HowToSubscribe />
        </div>
      </Modal>
      {confirmingReset && (
        <Modal
          open
          onOpenChange={(open) => !open && !reset.isPending && setConfirmingReset(false)}
          title={t('feed.resetTitle')}
        >
          <div className="flex flex-col gap-4">
            <p className="text-sm text-slate-700">{t('feed.resetBody')}</p>
            <div className="flex flex-col-reverse gap-2">
              <Button
                variant="secondary"
                className="w-full"
                disabled={reset.isPending}
                onClick={() => setConfirmingReset(false)}
              >
                {t('feed.keepLink')}
              </Button>
              <Button
                variant="danger"
                className="w-full"
                disabled={reset.isPending}
                onClick={() =>
                  reset.mutate(undefined, {
                    onSuccess: (fresh) => {
                      setLink(fresh);
                      setConfirmingReset(false);
                    },
                  })
                }
              >
                {reset.isPending ? t('feed.resetting') : t('feed.reset')}
              </Button>
            </div>
          </div>
        </Modal>
      )}
    </>
  );
}

/**
 * What the feed shows, as the server writes it: CALENDAR_FEED_PRIVACY in shared, whose English the
 * catalogue repeats (calendar-feed-dialog.test.tsx finds each on screen).
 */
function PrivacyNote({ role, showFullDetails }: { role: Role; showFullDetails: boolean }) {
  const t = useT();
  const text: MessageKey =
    role === 'patient'
      ? 'feed.privacy.patient'
      : showFullDetails
        ? 'feed.privacy.psychologistFull'
        : 'feed.privacy.psychologistPrivate';
  return <Notice tone="info">{t(text)}</Notice>;
}

function FullDetailsChoice({ checked }: { checked: boolean }) {
  const t = useT();
  const settings = useFeedSettings();
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex cursor-pointer items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={checked}
          disabled={settings.isPending}
          aria-describedby={hintId}
          onChange={(event) => settings.mutate({ showFullDetails: event.target.checked })}
          className="mt-0.5 size-4 shrink-0 cursor-pointer accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        />
        <span>{t('feed.fullDetails')}</span>
      </label>
      <p id={hintId} className="pl-7 text-xs text-slate-600">
        {t('feed.fullDetailsHint')}
      </p>
      {settings.isError && <Notice tone="error">{settings.error.message}</Notice>}
    </div>
  );
}
