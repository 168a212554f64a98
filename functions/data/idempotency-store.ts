import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Context } from 'aws-lambda';
import { dynamodb, tableName } from './client';
import { keys } from './keys';
import { TABLE_KEYS, TTL_ATTRIBUTE } from './table-definition';

/**
 * Powertools idempotency records in the app's table (one partition, the sort key naming the scope
 * and the hash of the request, removed by the table's TTL when they expire). Wraps `run` so that calls whose `keyPath` fields (a JMESPath over the input) match a call made in
 * the last `ttlSeconds` return that first call's result instead of running again. A call while the
 * first still runs throws IdempotencyAlreadyInProgressError; the same key with a different
 * `payloadPath` throws IdempotencyValidationError; a first call that throws leaves no record.
 */
export function runOnce<TInput extends Record<string, unknown>, TResult>(
  scope: string,
  run: (input: TInput) => Promise<TResult>,
  options: { keyPath: string; payloadPath: string; ttlSeconds: number },
): (input: TInput, context?: Context) => Promise<TResult> {
  // A store of its own per scope: a Powertools store keeps the first configuration it was given.
  const persistenceStore = new DynamoDBPersistenceLayer({
    tableName: tableName(),
    awsSdkV3Client: dynamodb,
    keyAttr: TABLE_KEYS.partitionKey,
    sortKeyAttr: TABLE_KEYS.sortKey,
    staticPkValue: keys.idempotencyPartition,
    expiryAttr: TTL_ATTRIBUTE,
  });
  const config = new IdempotencyConfig({
    eventKeyJmesPath: options.keyPath,
    payloadValidationJmesPath: options.payloadPath,
    expiresAfterSeconds: options.ttlSeconds,
    throwOnNoIdempotencyKey: true,
  });
  const once = makeIdempotent(run, { persistenceStore, keyPrefix: scope, config });
  return (input, context) => {
    // The in-progress record expires with the invocation, so a retry after a timeout is not refused for a day.
    if (context) config.registerLambdaContext(context);
    return once(input);
  };
}
