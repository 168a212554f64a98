import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Counts every call the data layer's client makes from now on; the returned function reads the count. */
export function countDynamoCalls(client: DynamoDBDocumentClient): () => number {
  let calls = 0;
  client.middlewareStack.add(
    (next) => async (input) => {
      calls += 1;
      return next(input);
    },
    { step: 'initialize', name: 'benchCallCounter' },
  );
  return () => calls;
}
