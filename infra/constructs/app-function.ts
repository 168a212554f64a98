import { join } from 'node:path';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { imagingHooks } from './quote-card-fonts';

export interface AppFunctionProps {
  /** The repository root: holds functions/, package-lock.json and tsconfig.json. */
  projectRoot: string;
  /** Handler module under functions/, without extension, as the manifest names it. */
  handler: string;
  timeoutSeconds: number;
  memoryMb: number;
  environment: Record<string, string>;
  logRetention: RetentionDays;
  logRemovalPolicy: RemovalPolicy;
  /** Reserved concurrent executions (queue workers: the manifest's `concurrency`). */
  reservedConcurrency?: number;
  /** What it does with pictures (the manifest's `access.imaging`). */
  imaging?: 'decode' | 'quote-cards';
}

/**
 * How every function is bundled (also what `npm run bench:bundles` measures): minified CommonJS with
 * source maps, the AWS SDK v3 left to the Node 24 runtime, which ships it, so bundles stay small
 * and cold starts load the runtime's copy instead of parsing megabytes of our own.
 */
export const BUNDLING = {
  target: 'node20',
  minify: true,
  sourceMap: true,
  // sharp is native: never bundled; the functions that decode pictures get its runtime beside them.
  externalModules: ['@aws-sdk/*', 'sharp'],
} as const;

/** The entry file a manifest handler name points to. */
export function handlerEntry(projectRoot: string, handler: string): string {
  return join(projectRoot, 'functions', `${handler}.ts`);
}

/**
 * One backend handler as a Lambda with the project's defaults: Node 24 on arm64, its own log group
 * with explicit retention, and a minified esbuild bundle with source maps. Its role carries the two
 * cdk-nag suppressions every function shares; grants beyond those are checked function by function.
 */
export class AppFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    // An explicit log group (rather than Lambda's implicit one) carries the retention and removal policy.
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });
    super(scope, id, {
      entry: handlerEntry(props.projectRoot, props.handler),
      // Names the source module in the console (and lets tests map functions back to the manifest).
      description: `functions/${props.handler}.ts`,
      handler: 'handler',
      projectRoot: props.projectRoot,
      depsLockFilePath: join(props.projectRoot, 'package-lock.json'),
      // The newest Node runtime CDK knows (cdk-nag AwsSolutions-L1); the handlers are async, as Node 24 requires.
      runtime: Runtime.NODEJS_24_X,
      // sharp is native: its linux-x64 build (the one npm installs here, glibc) runs on x86_64 only.
      architecture: props.imaging ? Architecture.X86_64 : Architecture.ARM_64,
      timeout: Duration.seconds(props.timeoutSeconds),
      memorySize: props.memoryMb,
      reservedConcurrentExecutions: props.reservedConcurrency,
      logGroup,
      // X-Ray: Powertools' tracer adds the SDK calls and outbound HTTP to each invocation's trace.
      tracing: Tracing.ACTIVE,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      bundling: {
        format: OutputFormat.CJS,
        // The code is written for Node 20 (the local machines' version), which Node 24 runs unchanged.
        target: BUNDLING.target,
        minify: BUNDLING.minify,
        sourceMap: BUNDLING.sourceMap,
        externalModules: [...BUNDLING.externalModules],
        tsconfig: join(props.projectRoot, 'tsconfig.json'),
        ...(props.imaging ? { commandHooks: imagingHooks(props.imaging) } : {}),
      },
    });
    NagSuppressions.addResourceSuppressions(
      this.role!,
      [
        {
          id: 'AwsSolutions-IAM4',
          reason: 'AWSLambdaBasicExecutionRole only lets the function write its CloudWatch logs; AWS maintains it',
          appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
        },
        {
          id: 'AwsSolutions-IAM5',
          reason: 'X-Ray PutTraceSegments and PutTelemetryRecords accept no resource but *; no other grant uses *',
          appliesTo: ['Resource::*'],
        },
      ],
      true,
    );
  }
}
