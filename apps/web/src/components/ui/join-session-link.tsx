import { canJoinSession } from '@sukoon/shared';
import { useT } from '../../i18n/i18n';
import { meetingHref } from '../../lib/links';

interface JoinSessionLinkProps {
  meetingLink: string | null | undefined;
  start: string | Date;
  end: string | Date;
  /** The app's clock (useNow), so Join appears and goes without a reload. */
  now: Date;
  /** Who or what the session is, for the link's accessible name. */
  name: string;
  className?: string;
}

export const JOIN_LINK_CLASS =
  'inline-flex min-h-10 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * "Join": a link styled as a button, in a new tab, from 10 minutes before the start until the end
 * (canJoinSession in shared), when the session has a meeting link. Nothing otherwise.
 */
export function JoinSessionLink({
  meetingLink,
  start,
  end,
  now,
  name,
  className = JOIN_LINK_CLASS,
}: JoinSessionLinkProps) {
  const t = useT();
  const href = meetingHref(meetingLink);
  if (!href || !canJoinSession(start, end, now)) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('sessionLinks.joinLabel', { name })}
      className={className}
    >
      {t('sessionLinks.join')}
    </a>
  );
}
