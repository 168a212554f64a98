import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type ExtractionResult, extractionResultSchema } from '../../shared/schemas/article';
import { logger } from '../lib/logger';
import { db, tableName } from './client';
import { itemTypes, keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';

/** DynamoDB's item limit is 400 KB; a longer article is simply fetched again by the worker. */
const MAX_KEPT_BYTES = 350 * 1024;

const keyFor = (userId: string, normalisedUrl: string) =>
  keys.keptExtraction(userId, createHash('sha256').update(normalisedUrl).digest('hex'));

/**
 * Keeps a user's validated extraction of a URL until `expiresAt`; the page's visible text (often
 * several times the article's) is kept gzipped beside it, as binary.
 */
export async function keepExtraction(
  userId: string,
  normalisedUrl: string,
  extraction: ExtractionResult,
  expiresAt: Date,
): Promise<void> {
  const { pageText, ...article } = extraction;
  const packedPage = pageText === undefined ? null : gzipSync(pageText);
  const item = {
    ...keyFor(userId, normalisedUrl),
    type: itemTypes.keptExtraction,
    url: normalisedUrl,
    extraction: article,
    ...(packedPage ? { pageText: packedPage } : {}),
  };
  if (Buffer.byteLength(JSON.stringify({ ...item, pageText: null })) + (packedPage?.byteLength ?? 0) > MAX_KEPT_BYTES) {
    logger.info('extraction too large to keep', { url: normalisedUrl });
    return;
  }
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...item, [TTL_ATTRIBUTE]: Math.floor(expiresAt.getTime() / 1000) },
    }),
  );
}

/** The kept extraction, unless none was kept or it expired (TTL deletion lags, so expiry is checked here too). */
export async function findKeptExtraction(
  userId: string,
  normalisedUrl: string,
  now: Date,
): Promise<ExtractionResult | null> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: keyFor(userId, normalisedUrl) }));
  const item = result.Item;
  if (!item || item.url !== normalisedUrl || Number(item[TTL_ATTRIBUTE]) * 1000 <= now.getTime()) return null;
  const parsed = extractionResultSchema.safeParse(item.extraction);
  if (!parsed.success) return null;
  const packedPage = item.pageText;
  return packedPage instanceof Uint8Array
    ? { ...parsed.data, pageText: gunzipSync(packedPage).toString('utf8') }
    : parsed.data;
}
