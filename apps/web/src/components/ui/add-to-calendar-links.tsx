import { useId, useState } from 'react';
import {
  googleCalendarUrl,
  outlookCalendarUrl,
  sessionCalendarFilePath,
  type TemplateEvent,
} from '@sukoon/shared';
import { useT, type Translate } from '../../i18n/i18n';
import { downloadSignedIn } from '../../lib/download';

const LINK =
  'inline-flex min-h-8 items-center rounded text-xs font-medium text-brand-700 underline decoration-slate-300 underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** The providers whose own new-event page takes the session, prefilled. */
const PROVIDERS = [
  {
    url: googleCalendarUrl,
    text: 'sessionLinks.addToGoogle',
    label: 'sessionLinks.addToGoogleLabel',
  },
  {
    url: outlookCalendarUrl,
    text: 'sessionLinks.addToOutlook',
    label: 'sessionLinks.addToOutlookLabel',
  },
] as const;

/**
 * "Add to Google Calendar" and "Add to Outlook": the providers' own new-event pages, prefilled (no
 * account of ours, no keys). With a booked session's id, also "Apple Calendar (.ics)": the session's
 * calendar file, which Apple Calendar and any other calendar app open (the same event, by UID, as
 * the emailed invitation and the feed). `name` tells screen readers which session each link adds.
 */
export function AddToCalendarLinks({
  event,
  name,
  bookingId,
  className = '',
}: {
  event: TemplateEvent;
  name: string;
  bookingId?: string;
  /** Added to the row of links (say, `justify-center`). */
  className?: string;
}) {
  const t = useT();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  async function saveFile(id: string) {
    // The button keeps its focus while it works (aria-disabled, not disabled): a second press waits.
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      await downloadSignedIn(sessionCalendarFilePath(id), 'session.ics');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div>
      <p className={`flex flex-wrap gap-x-4 ${className}`}>
        {PROVIDERS.map((provider) => (
          <a
            key={provider.text}
            href={provider.url(event)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t(provider.label, { name })}
            className={LINK}
          >
            {t(provider.text)}
          </a>
        ))}
        {bookingId && (
          <button
            type="button"
            aria-disabled={saving}
            aria-busy={saving}
            aria-label={t('sessionLinks.calendarFileLabel', { name })}
            aria-describedby={error ? errorId : undefined}
            className={`${LINK} aria-disabled:text-slate-400`}
            onClick={() => void saveFile(bookingId)}
          >
            {t('sessionLinks.calendarFile')}
          </button>
        )}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A session as a template event: its time, the meeting link where it is set. The note goes into the
 * person's own calendar, so it is in the page's language (`t`).
 */
export function sessionTemplateEvent(
  session: {
    title: string;
    start: string | Date;
    end: string | Date;
    meetingLink: string | null;
  },
  t: Translate,
): TemplateEvent {
  return {
    title: session.title,
    start: new Date(session.start),
    end: new Date(session.end),
    details: session.meetingLink
      ? t('sessionLinks.calendarJoin', { link: session.meetingLink })
      : t('sessionLinks.calendarNoLink'),
    ...(session.meetingLink ? { location: session.meetingLink } : {}),
  };
}

/** A patient's session as their own calendar names it: "{title} (Sukoon session with {name})". */
export function patientSessionEvent(
  session: {
    title: string;
    psychologistName: string;
    start: string | Date;
    end: string | Date;
    meetingLink: string | null;
  },
  t: Translate,
): TemplateEvent {
  const title = t('sessions.calendarTitle', {
    title: session.title,
    name: session.psychologistName,
  });
  return sessionTemplateEvent({ ...session, title }, t);
}
