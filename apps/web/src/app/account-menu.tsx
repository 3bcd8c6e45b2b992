import type { ComponentProps } from 'react';
import { AvatarMenu } from '../features/auth/avatar-menu';
import { useCalendarFeedLayer } from './calendar-feed-layer';

type AccountMenuProps = Omit<ComponentProps<typeof AvatarMenu>, 'onCalendarFeed'>;

/**
 * The avatar menu with what opens from it beside it (Calendar feed): fetched with the menu, so
 * neither is part of a dashboard's first load.
 */
export function AccountMenu(props: AccountMenuProps) {
  const calendarFeed = useCalendarFeedLayer(props.user);
  return (
    <>
      <AvatarMenu {...props} onCalendarFeed={calendarFeed.open} />
      {calendarFeed.layer}
    </>
  );
}
