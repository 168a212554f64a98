import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, type ITable, Table } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, type IBucket } from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { TABLE_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/data/table-definition';

export interface DataStackProps extends StackProps {
  /** Production refuses deletion of the table even through CloudFormation. */
  isProduction: boolean;
  /**
   * The app's public address, the one origin allowed to POST uploads to the media bucket; without
   * one, the CloudFront address (made in the App stack, which depends on this one) is not known
   * here, so any CloudFront origin is (the signed upload policy is what admits a file).
   */
  appPublicUrl?: string;
}

/** The media bucket's lifecycle: unchecked uploads live a day; pictures no post carries, a week. */
export const MEDIA_LIFECYCLE = { incomingDays: 1, unattachedDays: 7 } as const;

/**
 * The stateful stack: the single DynamoDB table and the media bucket, kept apart so the stateless stack can be replaced
 * or destroyed without touching data. Both survive stack deletion (RETAIN).
 */
export class DataStack extends Stack {
  readonly table: ITable;
  /** Pictures (uploads, quote cards, articles' images): private, reached through signed URLs only. */
  readonly mediaBucket: IBucket;

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

    const mediaBucket = new Bucket(this, 'MediaBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // The browser sends its file straight to the bucket with a presigned POST (functions/services/media).
      cors: [
        {
          allowedOrigins: [props.appPublicUrl ? new URL(props.appPublicUrl).origin : 'https://*.cloudfront.net'],
          allowedMethods: [HttpMethods.POST, HttpMethods.GET],
          allowedHeaders: ['*'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { prefix: 'incoming/', expiration: Duration.days(MEDIA_LIFECYCLE.incomingDays) },
        {
          prefix: 'media/',
          tagFilters: { attached: 'false' },
          expiration: Duration.days(MEDIA_LIFECYCLE.unattachedDays),
        },
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    NagSuppressions.addResourceSuppressions(mediaBucket, [
      {
        id: 'AwsSolutions-S1',
        reason:
          'Only the functions read and write the media bucket (their logs record each access by user); browsers reach it through 10-minute signed URLs',
      },
    ]);
    this.mediaBucket = mediaBucket;
  }
}
