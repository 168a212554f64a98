/**
 * The details of a user's security events of one type, oldest first, read straight from the user's
 * partition. Import after startTestTable: the data layer reads its configuration on first use.
 */
export async function securityEventDetails(userId: string, eventType: string): Promise<unknown[]> {
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('../../functions/data/client');
  const { keys } = await import('../../functions/data/keys');
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.securityEventPrefix },
    }),
  );
  return (result.Items ?? []).filter((item) => item.eventType === eventType).map((item) => item.eventDetails);
}
