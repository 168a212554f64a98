import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, type ITable, Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { TABLE_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/data/table-definition';

export interface DataStackProps extends StackProps {
  /** Production refuses deletion of the table even through CloudFormation. */
  isProduction: boolean;
}

/**
 * The stateful stack: the single DynamoDB table, kept apart so the stateless stack can be replaced
 * or destroyed without touching data. The table survives stack deletion (RETAIN).
 */
export class DataStack extends Stack {
  readonly table: ITable;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      deletionProtection: props.isProduction,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE_INDEXES) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      });
    }
    this.table = table;
  }
}
