import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MEDIA_KINDS, MEDIA_MIME_TYPES, type MediaKind, type MediaMimeType } from '../../shared/schemas/media';
import { db, isConditionFailure, tableName } from './client';
import { itemTypes, keys } from './keys';

/** A stored picture: its bytes live in the media bucket under `objectKey`. */
export interface MediaRecord {
  id: string;
  userId: string;
  kind: MediaKind;
  mimeType: MediaMimeType;
  width: number;
  height: number;
  bytes: number;
  objectKey: string;
  /** Carried by a post (its object is tagged so the bucket's lifecycle keeps it). */
  attached: boolean;
  createdAt: string;
}

function mediaFromItem(item: Record<string, unknown>): MediaRecord {
  const kind = MEDIA_KINDS.find((known) => known === item.kind) ?? 'upload';
  const mimeType = MEDIA_MIME_TYPES.find((known) => known === item.mimeType) ?? 'image/jpeg';
  return {
    id: String(item.mediaId),
    userId: String(item.userId),
    kind,
    mimeType,
    width: Number(item.width),
    height: Number(item.height),
    bytes: Number(item.bytes),
    objectKey: String(item.objectKey),
    attached: item.attached === true,
    createdAt: String(item.createdAt),
  };
}

/** The bytes of the user's stored pictures (0 before the first). */
export async function getMediaUsage(userId: string): Promise<number> {
  const answer = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.mediaUsage(userId), ConsistentRead: true }),
  );
  return Number(answer.Item?.usedBytes ?? 0);
}

/**
 * Counts `bytes` more against the user's quota, only if the total stays within `quotaBytes`
 * (a conditional ADD, so pictures stored at once cannot pass it together). False when it would not.
 */
export async function reserveMediaBytes(userId: string, bytes: number, quotaBytes: number): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.mediaUsage(userId),
        UpdateExpression: 'ADD usedBytes :bytes SET #type = :type',
        ConditionExpression: 'attribute_not_exists(usedBytes) OR usedBytes <= :room',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':bytes': bytes, ':room': quotaBytes - bytes, ':type': itemTypes.mediaUsage },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives bytes back to the user's quota (a picture removed, or a reservation not used); never below zero. */
export async function releaseMediaBytes(userId: string, bytes: number): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.mediaUsage(userId),
        UpdateExpression: 'ADD usedBytes :minus',
        ConditionExpression: 'usedBytes >= :bytes',
        ExpressionAttributeValues: { ':minus': -bytes, ':bytes': bytes },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Writes a picture's record once (false when one exists under that id already). */
export async function putMediaOnce(record: MediaRecord): Promise<boolean> {
  const { id, ...rest } = record;
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.media(record.userId, id), type: itemTypes.media, mediaId: id, ...rest },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** One picture of its owner; another user's id reads as no picture at all. */
export async function getMediaForUser(userId: string, mediaId: string): Promise<MediaRecord | null> {
  const answer = await db.send(new GetCommand({ TableName: tableName(), Key: keys.media(userId, mediaId) }));
  return answer.Item ? mediaFromItem(answer.Item) : null;
}

/** Removes a picture's record; returns what was removed (null when there was none). */
export async function deleteMediaForUser(userId: string, mediaId: string): Promise<MediaRecord | null> {
  const answer = await db.send(
    new DeleteCommand({ TableName: tableName(), Key: keys.media(userId, mediaId), ReturnValues: 'ALL_OLD' }),
  );
  return answer.Attributes ? mediaFromItem(answer.Attributes) : null;
}

/** Records whether a post carries the picture, only while the picture exists (false otherwise). */
export async function setMediaAttached(userId: string, mediaId: string, attached: boolean): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.media(userId, mediaId),
        UpdateExpression: 'SET attached = :attached',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':attached': attached },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
