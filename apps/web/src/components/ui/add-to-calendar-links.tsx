import { googleCalendarUrl, outlookCalendarUrl, type TemplateEvent } from '@sukoon/shared';
import { useT, type Translate } from '../../i18n/i18n';

const LINK =
  'inline-flex min-h-8 items-center rounded text-xs font-medium text-brand-700 underline decoration-slate-300 underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * "Add to Google Calendar" and "Add to Outlook": the providers' own new-event pages, prefilled (no
 * account of ours, no keys). `name` tells screen readers which session each link adds.
 */
export function AddToCalendarLinks({ event, name }: { event: TemplateEvent; name: string }) {
  const t = useT();
  return (
    <p className="flex flex-wrap gap-x-4">
      <a
        href={googleCalendarUrl(event)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('sessionLinks.addToGoogleLabel', { name })}
        className={LINK}
      >
        {t('sessionLinks.addToGoogle')}
      </a>
      <a
        href={outlookCalendarUrl(event)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('sessionLinks.addToOutlookLabel', { name })}
        className={LINK}
      >
        {t('sessionLinks.addToOutlook')}
      </a>
    </p>
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
