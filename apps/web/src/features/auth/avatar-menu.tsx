import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { LOCALE_LABELS, LOCALES, type Locale, type User } from '@sukoon/shared';
import { useChooseLocale, useI18n } from '../../i18n/i18n';
import type { LazyMenuProps } from '../../components/ui/lazy-menu';
import { AVATAR_TRIGGER_CLASS, AvatarFace } from './avatar';
import { SignOutEverywhereDialog } from './sign-out-everywhere-dialog';

interface AvatarMenuProps extends LazyMenuProps {
  user: User;
  /** Profile: a psychologist's public profile, a patient's details (the name on their receipts). */
  onProfile?: (() => void) | undefined;
  /** Privacy & data: download the account's data or delete it. */
  onPrivacy: () => void;
  /** Calendar feed: subscribe to your sessions in a calendar app. */
  onCalendarFeed: () => void;
  /** A psychologist's Practice page: earnings and sessions over a period (patients have none). */
  onPractice?: (() => void) | undefined;
  /** Also called once "Sign out everywhere" has ended this session with the others. */
  onLogout: () => void;
  /**
   * A language was chosen here: save it to the account (so emails follow it). The page switches once
   * this has settled; when it rejects, the page stays as it was and the menu says so.
   */
  onLocaleChosen?: ((locale: Locale) => Promise<unknown>) | undefined;
}

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

export function AvatarMenu({
  user,
  onProfile,
  onPrivacy,
  onCalendarFeed,
  onPractice,
  onLogout,
  onLocaleChosen,
  defaultOpen,
}: AvatarMenuProps) {
  const [confirmSignOutEverywhere, setConfirmSignOutEverywhere] = useState(false);
  const { locale, t } = useI18n();
  // Once saved, the page is drawn anew in the new language, which also closes this menu.
  const { choose: chooseLocale, problem: languageProblem } = useChooseLocale(onLocaleChosen);
  return (
    <>
      <DropdownMenu.Root {...(defaultOpen ? { defaultOpen } : {})}>
        <DropdownMenu.Trigger
          className={AVATAR_TRIGGER_CLASS}
          aria-label={t('avatarMenu.label', { username: user.username })}
        >
          <AvatarFace user={user} />
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
            {onProfile && (
              <DropdownMenu.Item className={ITEM} onSelect={onProfile}>
                {t('avatarMenu.profile')}
              </DropdownMenu.Item>
            )}
            {onPractice && (
              <DropdownMenu.Item className={ITEM} onSelect={onPractice}>
                {t('avatarMenu.practice')}
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item className={ITEM} onSelect={onCalendarFeed}>
              {t('avatarMenu.calendarFeed')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={ITEM} onSelect={onPrivacy}>
              {t('avatarMenu.privacy')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={ITEM} onSelect={onLogout}>
              {t('avatarMenu.logout')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={ITEM} onSelect={() => setConfirmSignOutEverywhere(true)}>
              {t('avatarMenu.signOutEverywhere')}
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Label className="px-3 pt-1 text-xs font-medium text-slate-500">
              {t('language.label')}
            </DropdownMenu.Label>
            <DropdownMenu.RadioGroup
              value={locale}
              onValueChange={(value) => {
                const chosen = LOCALES.find((option) => option === value);
                if (!chosen || chosen === locale) return;
                void chooseLocale(chosen);
              }}
            >
              {LOCALES.map((option) => (
                <DropdownMenu.RadioItem
                  key={option}
                  value={option}
                  lang={option}
                  className={ITEM}
                  // The menu stays open while the choice is saved, to say if saving fails.
                  onSelect={(event) => event.preventDefault()}
                >
                  <span className="w-4" aria-hidden="true">
                    {option === locale ? '✓' : ''}
                  </span>
                  {LOCALE_LABELS[option]}
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
            {languageProblem && (
              <p role="alert" className="max-w-56 px-3 py-1.5 text-xs text-red-700">
                {languageProblem}
              </p>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <SignOutEverywhereDialog
        open={confirmSignOutEverywhere}
        onOpenChange={setConfirmSignOutEverywhere}
        onSignedOut={() => {
          setConfirmSignOutEverywhere(false);
          onLogout();
        }}
      />
    </>
  );
}
