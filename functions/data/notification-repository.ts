/** In-app notifications, in each recipient's own partition (deleted with the account), with a TTL. */
import { BatchWriteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { itemTypes, keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';

const LIFETIME_SECONDS = 90 * 86_400;

export interface NotificationRecord {
  userId: string;
  notificationId: string;
  createdAt: string;
  /** What happened, e.g. `member_joined`, `publish_failed`. */
  kind: string;
  text: string;
  /** The app path it opens (relative), when there is one. */
  link: string | null;
  /** The team workspace it is about, to switch to on opening it. */
  workspaceId: string | null;
  readAt: string | null;
}

function notificationOf(item: Record<string, unknown>): NotificationRecord {
  return {
    userId: String(item.userId),
    notificationId: String(item.notificationId),
    createdAt: String(item.createdAt),
    kind: String(item.kind),
    text: String(item.text),
    link: typeof item.link === 'string' ? item.link : null,
    workspaceId: typeof item.workspaceId === 'string' ? item.workspaceId : null,
    readAt: typeof item.readAt === 'string' ? item.readAt : null,
  };
}

/** Writes notifications (25 a batch, unprocessed ones sent again). */
export async function putNotifications(notifications: NotificationRecord[]): Promise<void> {
  let pending = notifications.map((notification) => ({
    PutRequest: {
      Item: {
        ...keys.notification(notification.userId, notification.createdAt, notification.notificationId),
        type: itemTypes.notification,
        ...notification,
        // Absent until read (a stored null would count as set for `if_not_exists`).
        readAt: notification.readAt ?? undefined,
        [TTL_ATTRIBUTE]: Math.floor(Date.parse(notification.createdAt) / 1000) + LIFETIME_SECONDS,
      },
    },
  }));
  while (pending.length > 0) {
    const batch = pending.slice(0, 25);
    const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: batch } }));
    pending = [...((result.UnprocessedItems?.[tableName()] ?? []) as typeof batch), ...pending.slice(25)];
  }
}

/** A user's newest notifications, newest first. */
export async function listNotifications(userId: string, limit: number): Promise<NotificationRecord[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.notificationPrefix },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map(notificationOf);
}

/** Marks one notification read (once: a second call changes nothing). */
export async function markNotificationRead(notification: NotificationRecord, readAt: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.notification(notification.userId, notification.createdAt, notification.notificationId),
      UpdateExpression: 'SET readAt = if_not_exists(readAt, :readAt)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':readAt': readAt },
    }),
  );
}
