import type { User } from '@sukoon/shared';
import { useT } from '../../i18n/i18n';
import type { StandInPress } from '../../components/ui/lazy-menu';

/** Up to two initials: from the username's parts (split on _ . -), else from the email. */
export function initialsOf(user: Pick<User, 'username' | 'email'>): string {
  const source = user.username || user.email.split('@')[0] || '?';
  const parts = source.split(/[_.\-\s]+/).filter(Boolean);
  const letters =
    parts.length >= 2 ? `${parts[0]![0]}${parts[1]![0]}` : (parts[0] ?? source).slice(0, 2);
  return letters.toUpperCase();
}

/** The account menu's round button, and its stand-in while the menu's code loads. */
export const AVATAR_TRIGGER_CLASS =
  'grid size-10 shrink-0 place-items-center rounded-full bg-brand-700 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** The avatar's picture, or the initials when there is none. */
export function AvatarFace({ user }: { user: Pick<User, 'username' | 'email' | 'avatarUrl'> }) {
  return user.avatarUrl ? (
    <img src={user.avatarUrl} alt="" className="size-10 rounded-full object-cover" />
  ) : (
    initialsOf(user)
  );
}

/**
 * The account menu's button before the menu's code has arrived: same name, face and place, so the
 * header does not shift and a press is not lost (the menu opens once it has loaded).
 */
export function AvatarTrigger({ user, press }: { user: User; press: StandInPress }) {
  const t = useT();
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={t('avatarMenu.label', { username: user.username })}
      {...press}
      className={AVATAR_TRIGGER_CLASS}
    >
      <AvatarFace user={user} />
    </button>
  );
}
