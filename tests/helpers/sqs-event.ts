import type { SQSEvent } from 'aws-lambda';

/** An SQS event of the given bodies, as Lambda hands a batch of the named queue to its worker (first delivery). */
export function sqsEvent(queue: string, bodies: string[]): SQSEvent {
  return {
    Records: bodies.map((body, index) => ({
      messageId: `m-${index}`,
      receiptHandle: `r-${index}`,
      body,
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: '0',
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: '0',
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:threadsnip-${queue}`,
      awsRegion: 'us-east-1',
    })),
  };
}
