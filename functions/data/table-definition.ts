/**
 * The single table's shape, shared by the CDK data stack and the local stack's CreateTable,
 * so both create the same keys and indexes. Key values are built in keys.ts.
 */
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

export const TABLE_INDEXES = [
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  /** A user's threads by creation time (history, sort by created date). */
  { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  /** A user's threads by title (history, sort by title). */
  { indexName: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
  /** A user's read threads by total engagement (My Threads, sort by engagement). */
  { indexName: 'gsi5', partitionKey: 'gsi5pk', sortKey: 'gsi5sk' },
] as const;

/** Items with this attribute (epoch seconds) are removed by DynamoDB's TTL. */
export const TTL_ATTRIBUTE = 'expiresAt';

export type IndexName = (typeof TABLE_INDEXES)[number]['indexName'];
