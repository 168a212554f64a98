import { useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { setCurrentWorkspaceId } from '#web/lib/current-workspace';
import { useMarkNotificationsRead, useNotifications } from '../../features/notifications/api/notifications';
import './notifications-menu.css';
import { useDisclosure } from './use-disclosure';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The header's notifications: a bell with the unread count; opening it shows the newest and marks
 * them read. One about a team opens in that team's workspace.
 */
export function NotificationsMenu() {
  const containerRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { open, toggle, triggerRef } = useDisclosure(containerRef);
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = notifications.data?.unread ?? 0;
  const list = notifications.data?.notifications ?? [];

  const onToggle = () => {
    if (!open && unread > 0) markRead.mutate();
    toggle();
  };

  return (
    <div className="user-menu" ref={containerRef}>
      <button
        ref={triggerRef}
        type="button"
        className="notifications__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}
        onClick={onToggle}
      >
        <span aria-hidden="true">🔔</span>
        {unread > 0 ? (
          <span className="notifications__count" aria-hidden="true">
            {unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div id={panelId} className="popover user-menu__panel notifications__panel">
          <p className="user-menu__email">Notifications</p>
          {list.length === 0 ? (
            <p className="muted small">Nothing yet.</p>
          ) : (
            <ul className="plain-list notifications__list" aria-label="Notifications">
              {list.map((notification) => (
                <li
                  key={notification.notificationId}
                  className={
                    notification.readAt ? 'notifications__item' : 'notifications__item notifications__item--new'
                  }
                >
                  {notification.link ? (
                    <Link
                      to={notification.link}
                      onClick={() => {
                        if (notification.workspaceId) setCurrentWorkspaceId(notification.workspaceId);
                      }}
                    >
                      {notification.text}
                    </Link>
                  ) : (
                    <span>{notification.text}</span>
                  )}
                  <time className="muted small" dateTime={notification.createdAt}>
                    {dateTime.format(new Date(notification.createdAt))}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
