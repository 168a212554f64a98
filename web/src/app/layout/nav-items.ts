import { paths } from '../../config/paths';

/** A navigation entry of the header, shared by the desktop bar and the mobile menu. */
export interface NavItem {
  label: string;
  to: string;
  end?: boolean;
}

/** Header entries for the current user: My Threads, Scheduled, Insights and Inbox when signed in, Admin Portal only for confirmed admins. */
export function headerNavItems(signedIn: boolean, isAdmin: boolean): NavItem[] {
  const items: NavItem[] = [
    { label: 'Home', to: paths.home.getHref(), end: true },
    { label: 'Create Thread', to: paths.create.getHref() },
  ];
  if (signedIn) items.push({ label: 'My Threads', to: paths.history.getHref() });
  if (signedIn) items.push({ label: 'Scheduled', to: paths.scheduled.getHref() });
  if (signedIn) items.push({ label: 'Insights', to: paths.insights.getHref() });
  if (signedIn) items.push({ label: 'Inbox', to: paths.inbox.getHref() });
  if (signedIn && isAdmin) items.push({ label: 'Admin Portal', to: paths.admin.dashboard.getHref() });
  return items;
}
