/**
 * Notifications to the people concerned: in the app (each recipient's notifications menu) and by
 * email through SES. A notification never fails what it reports: a mail that cannot be sent is
 * logged, and the in-app one stays.
 */
import { randomUUID } from 'node:crypto';
import { isTeamWorkspaceId, roleAllows, type WorkspacePermission } from '#shared/workspaces/roles';
import { getAccountRecords } from '../../data/account-repository';
import {
  listNotifications,
  markNotificationRead,
  type NotificationRecord,
  putNotifications,
} from '../../data/notification-repository';
import { listMembers } from '../../data/workspace-repository';
import { sendMail } from '../../lib/aws/mail';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';

/** How many notifications the menu shows. */
export const NOTIFICATIONS_SHOWN = 30;

export interface Notice {
  kind: string;
  /** One sentence, shown in the menu and as the mail's text. */
  text: string;
  subject: string;
  /** The app path it opens. */
  link?: string;
  /** The team workspace it is about. */
  workspaceId?: string;
}

interface Recipient {
  userId: string;
  email: string;
}

export async function notify(recipients: Recipient[], notice: Notice, now: Date): Promise<void> {
  if (recipients.length === 0) return;
  await putNotifications(
    recipients.map(({ userId }) => ({
      userId,
      notificationId: randomUUID(),
      createdAt: now.toISOString(),
      kind: notice.kind,
      text: notice.text,
      link: notice.link ?? null,
      workspaceId: notice.workspaceId ?? null,
      readAt: null,
    })),
  );
  const link = notice.link ? `\n\n${new URL(notice.link, config().appPublicUrl).href}` : '';
  await Promise.all(
    recipients
      .filter((recipient) => recipient.email)
      .map((recipient) =>
        sendMail({ to: recipient.email, subject: notice.subject, text: `${notice.text}${link}` }).catch((error) =>
          logger.warn('notification mail not sent', { kind: notice.kind, error }),
        ),
      ),
  );
}

/**
 * Notifies the people of a workspace whose role allows `permission` (a personal workspace: its
 * user), but `except` (who caused it).
 */
export async function notifyWorkspace(
  workspaceId: string,
  permission: WorkspacePermission,
  notice: Notice,
  now: Date,
  except?: string,
): Promise<void> {
  let recipients: Recipient[];
  if (isTeamWorkspaceId(workspaceId)) {
    recipients = (await listMembers(workspaceId))
      .filter((member) => roleAllows(member.role, permission))
      .map(({ userId, email }) => ({ userId, email }));
  } else {
    const { profile } = await getAccountRecords(workspaceId);
    recipients = [{ userId: workspaceId, email: profile?.email ?? '' }];
  }
  await notify(
    recipients.filter((recipient) => recipient.userId !== except),
    isTeamWorkspaceId(workspaceId) ? { ...notice, workspaceId } : notice,
    now,
  );
}

/** The user's newest notifications and how many of them are unread. */
export async function listMyNotifications(
  userId: string,
): Promise<{ notifications: Omit<NotificationRecord, 'userId'>[]; unread: number }> {
  const notifications = await listNotifications(userId, NOTIFICATIONS_SHOWN);
  return {
    notifications: notifications.map(({ userId: _userId, ...notification }) => notification),
    unread: notifications.filter((notification) => !notification.readAt).length,
  };
}

/** Marks the shown notifications read (the menu was opened). */
export async function markAllRead(userId: string, now: Date): Promise<void> {
  const unread = (await listNotifications(userId, NOTIFICATIONS_SHOWN)).filter((notification) => !notification.readAt);
  await Promise.all(unread.map((notification) => markNotificationRead(notification, now.toISOString())));
}
