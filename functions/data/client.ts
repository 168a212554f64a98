import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { traced } from '../lib/tracer';

/** The one DynamoDB client of this process (local endpoint when configured). */
export const dynamodb = traced(new DynamoDBClient({ region: config().region, endpoint: config().endpoints.dynamodb }));

/** The one DynamoDB document client of this process, over `dynamodb`. */
export const db = DynamoDBDocumentClient.from(dynamodb, { marshallOptions: { removeUndefinedValues: true } });

/** The table every repository reads and writes. */
export function tableName(): string {
  return config().tableName;
}

/** True when a write was refused by its condition expression. */
export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
