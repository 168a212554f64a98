import { CfnOutput, type RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { LambdaEnvName } from '../../functions/lib/config';
import type { MailSettings } from '../config';

export interface MailSenderProps {
  mail: MailSettings;
  removalPolicy: RemovalPolicy;
}

const MAIL_FROM: LambdaEnvName = 'MAIL_FROM';

/**
 * The stage's SES identity (a domain with Easy DKIM, its three CNAME records as outputs to publish;
 * or an address, which SES asks to confirm by mail), and the right to send as the configured sender
 * (`allowSending`). Built into the given scope.
 */
export class MailSender {
  readonly identity: EmailIdentity;
  private readonly from: string;

  constructor(scope: Construct, props: MailSenderProps) {
    const { from, identity } = props.mail;
    const isDomain = !identity.includes('@');
    this.from = from;
    this.identity = new EmailIdentity(scope, 'MailIdentity', {
      identity: isDomain ? Identity.domain(identity) : Identity.email(identity),
    });
    // Re-creating a domain identity issues new DKIM tokens: the DNS records would have to change too.
    this.identity.applyRemovalPolicy(props.removalPolicy);
    if (isDomain) {
      this.identity.dkimRecords.forEach((record, index) => {
        new CfnOutput(scope, `MailDkimRecord${index + 1}`, {
          description: `A CNAME record to publish in ${identity}'s DNS so SES can sign its mail (Easy DKIM)`,
          value: `${record.name} CNAME ${record.value}`,
        });
      });
    }
  }

  /**
   * Lets a function send mail as the configured sender and no one else: ses:SendEmail on this
   * identity only, with that From address only; names the sender in MAIL_FROM.
   */
  allowSending(fn: LambdaFunction): void {
    fn.addEnvironment(MAIL_FROM, this.from);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [this.identity.emailIdentityArn],
        conditions: { StringEquals: { 'ses:FromAddress': this.from } },
      }),
    );
  }
}
