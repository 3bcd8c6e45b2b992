import type { ComponentProps } from 'react';
import { useUpdateAccount } from '../features/account/account-api';
import { AvatarMenu } from '../features/auth/avatar-menu';
import { useCalendarFeedLayer } from './calendar-feed-layer';
import { usePracticeLayer } from './practice-layer';
import { useYourDetailsLayer } from './your-details-layer';

type AccountMenuProps = Omit<
  ComponentProps<typeof AvatarMenu>,
  'onCalendarFeed' | 'onPractice' | 'onLocaleChosen'
>;

/**
 * The avatar menu with what opens from it beside it (Calendar feed, a psychologist's Practice page,
 * a patient's Profile): fetched with the menu, so none of them is part of a dashboard's first load.
 * A psychologist's Profile is their public profile, opened by the page (`onProfile`). A language
 * chosen in the menu is saved to the account, so emails follow it.
 */
export function AccountMenu(props: AccountMenuProps) {
  const calendarFeed = useCalendarFeedLayer(props.user);
  const practice = usePracticeLayer(props.user);
  const yourDetails = useYourDetailsLayer(props.user);
  const psychologist = props.user.role === 'psychologist';
  const updateAccount = useUpdateAccount();
  return (
    <>
      <AvatarMenu
        {...props}
        onProfile={psychologist ? props.onProfile : yourDetails.open}
        onCalendarFeed={calendarFeed.open}
        onPractice={psychologist ? practice.open : undefined}
        onLocaleChosen={(locale) => updateAccount.mutateAsync({ locale })}
      />
      {calendarFeed.layer}
      {practice.layer}
      {yourDetails.layer}
    </>
  );
}
