import { DropdownMenu } from 'radix-ui';
import type { User } from '@sukoon/shared';

/** Up to two initials: from the username's parts (split on _ . -), else from the email. */
export function initialsOf(user: Pick<User, 'username' | 'email'>): string {
  const source = user.username || user.email.split('@')[0] || '?';
  const parts = source.split(/[_.\-\s]+/).filter(Boolean);
  const letters =
    parts.length >= 2 ? `${parts[0]![0]}${parts[1]![0]}` : (parts[0] ?? source).slice(0, 2);
  return letters.toUpperCase();
}

interface AvatarMenuProps {
  user: User;
  onProfile: () => void;
  onLogout: () => void;
}

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

export function AvatarMenu({ user, onProfile, onLogout }: AvatarMenuProps) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="grid size-10 place-items-center rounded-full bg-brand-700 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        aria-label={`Account menu for ${user.username}`}
      >
        {user.avatarUrl ? (
          <img src={user.avatarUrl} alt="" className="size-10 rounded-full object-cover" />
        ) : (
          initialsOf(user)
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-30 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-slate-900">{user.username}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={ITEM} onSelect={onProfile}>
            Profile
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM} onSelect={onLogout}>
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
