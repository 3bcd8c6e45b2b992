import { useId, useState } from 'react';
import { CALENDAR_FEED_PRIVACY, type CalendarFeedLink, type Role } from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Notice } from '../../components/ui/text-field';
import { SkeletonList } from '../../components/ui/skeleton';
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
        title="Calendar feed"
        description="Your Sukoon sessions in Google Calendar, Apple Calendar or Outlook, kept up to date: from 30 days back to the furthest you can book ahead."
      >
        <div className="flex flex-col gap-4">
          <PrivacyNote role={role} showFullDetails={status.data?.showFullDetails === true} />
          {status.isPending ? (
            <SkeletonList label="Loading your calendar feed" rows={2} />
          ) : status.isError ? (
            <Notice tone="error">
              Your calendar feed could not be loaded: {status.error.message}
            </Notice>
          ) : !enabled ? (
            <div className="flex flex-col gap-2">
              <p className="text-sm text-slate-700">Your calendar feed is off.</p>
              <div>
                <Button
                  disabled={busy}
                  onClick={() => turnOn.mutate(undefined, { onSuccess: setLink })}
                >
                  {turnOn.isPending ? 'Turning on...' : 'Turn on'}
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-col gap-3">
              {link ? (
                <FeedLink link={link} />
              ) : (
                <p className="text-sm text-slate-700">
                  Your calendar feed is on. Its link was shown once, when you made it; for a new
                  one, reset the link.
                </p>
              )}
              {role === 'psychologist' && (
                <FullDetailsChoice checked={status.data.showFullDetails} />
              )}
              <p className="text-xs text-slate-600">{CALENDAR_FEED_PRIVACY.secret}</p>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => setConfirmingReset(true)}
                >
                  Reset the link
                </Button>
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => turnOff.mutate(undefined, { onSuccess: () => setLink(null) })}
                >
                  {turnOff.isPending ? 'Turning off...' : 'Turn off'}
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
          title="Reset the link?"
        >
          <div className="flex flex-col gap-4">
            <p className="text-sm text-slate-700">
              The current link stops working at once: calendars subscribed with it stop updating and
              you subscribe again with the new link. Do this if the link may have been seen by
              someone else.
            </p>
            <div className="flex flex-col-reverse gap-2">
              <Button
                variant="secondary"
                className="w-full"
                disabled={reset.isPending}
                onClick={() => setConfirmingReset(false)}
              >
                Keep the current link
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
                {reset.isPending ? 'Resetting...' : 'Reset the link'}
              </Button>
            </div>
          </div>
        </Modal>
      )}
    </>
  );
}

/** What the feed shows, as the server writes it (CALENDAR_FEED_PRIVACY in shared). */
function PrivacyNote({ role, showFullDetails }: { role: Role; showFullDetails: boolean }) {
  const text =
    role === 'patient'
      ? CALENDAR_FEED_PRIVACY.patient
      : CALENDAR_FEED_PRIVACY.psychologist[showFullDetails ? 'full' : 'private'];
  return <Notice tone="info">{text}</Notice>;
}

function FullDetailsChoice({ checked }: { checked: boolean }) {
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
        <span>Show patients’ full names and problem descriptions</span>
      </label>
      <p id={hintId} className="pl-7 text-xs text-slate-600">
        Off by default: anyone who sees your calendar (or its link) would read them too.
      </p>
      {settings.isError && <Notice tone="error">{settings.error.message}</Notice>}
    </div>
  );
}
