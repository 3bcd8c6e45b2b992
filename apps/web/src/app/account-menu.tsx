import type { ComponentProps } from 'react';
import { AvatarMenu } from '../features/auth/avatar-menu';
import { useCalendarFeedLayer } from './calendar-feed-layer';
import { usePracticeLayer } from './practice-layer';

type AccountMenuProps = Omit<ComponentProps<typeof AvatarMenu>, 'onCalendarFeed' | 'onPractice'>;

/**
 * The avatar menu with what opens from it beside it (Calendar feed, a psychologist's Practice page):
 * fetched with the menu, so none of them is part of a dashboard's first load.
 */
export function AccountMenu(props: AccountMenuProps) {
  const calendarFeed = useCalendarFeedLayer(props.user);
  const practice = usePracticeLayer(props.user);
  return (
    <>
      <AvatarMenu
        {...props}
        onCalendarFeed={calendarFeed.open}
        onPractice={props.user.role === 'psychologist' ? practice.open : undefined}
      />
      {calendarFeed.layer}
      {practice.layer}
    </>
  );
}
