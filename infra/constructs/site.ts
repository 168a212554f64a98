import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { MANIFEST_FILE } from '#web/config/app-manifest';
import type { StageConfig } from '../config';

// Vite emits content-hashed files under assets/; only those may be cached forever.
const HASHED_ASSETS_DIR = 'assets';

// SPA fallback on the site behaviour only: a path without a file extension is a client-side route,
// so S3 serves index.html with 200. /api/* has its own behaviour, so API 404s stay API 404s.
const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

export interface SiteProps {
  config: StageConfig;
  httpApi: HttpApi;
  removalPolicy: RemovalPolicy;
}

/**
 * The SPA: a private bucket behind CloudFront, which also fronts the API at /api/* and its
 * server-rendered public pages at /t/* and /about-article.
 * Built into the given scope (the stack), adding no construct level: see `AppStack`.
 */
export class Site {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** The distribution's own https URL. */
  readonly siteUrl: string;
  private readonly scope: Construct;

  constructor(scope: Construct, props: SiteProps) {
    this.scope = scope;
    const stack = Stack.of(scope);
    // CloudFront's standard logs and the site bucket's S3 access logs, kept as long as the functions' logs.
    const accessLogs = new Bucket(scope, 'AccessLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront delivers its logs with an ACL grant, so this bucket must accept ACLs.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(props.config.logRetention) }],
      removalPolicy: props.removalPolicy,
      autoDeleteObjects: !props.config.isProduction,
    });
    NagSuppressions.addResourceSuppressions(accessLogs, [
      {
        id: 'AwsSolutions-S1',
        reason: 'This is the access log bucket: logging its own log deliveries would add nothing',
      },
    ]);
    this.bucket = new Bucket(scope, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'site-bucket/',
      removalPolicy: props.removalPolicy,
      autoDeleteObjects: !props.config.isProduction,
    });
    const spaRewrite = new EdgeFunction(scope, 'SpaRewrite', {
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for client-side routes',
    });
    const apiDomain = `${props.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    const apiOrigin = new HttpOrigin(apiDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY });
    // The server-rendered public pages (a thread's /t/{id}, /about-article): read-only, never cached
    // here, so a thread made private stops showing at once; the query (?url=) reaches the API.
    const publicPage = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
    };
    this.distribution = new Distribution(scope, 'Distribution', {
      comment: `ThreadSnip ${props.config.stage}`,
      defaultRootObject: 'index.html',
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: 'cloudfront/',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // With caching disabled this forwards Authorization too; Host must stay the API's own. Cookies
          // pass both ways: the OAuth flow cookie set by POST …/authorize must reach …/callback.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        },
        // The public API (API keys), served the same way at the site's own domain.
        '/v1/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        },
        // The MCP server (an API key too), at the site's own domain.
        '/mcp': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        },
        '/t/*': publicPage,
        '/about-article': publicPage,
      },
    });
    NagSuppressions.addResourceSuppressions(this.distribution, [
      { id: 'AwsSolutions-CFR1', reason: 'The product is offered worldwide: no country is excluded' },
      {
        id: 'AwsSolutions-CFR2',
        reason: 'No WAF (a monthly cost per ACL and rule): the API is throttled per stage and behind Cognito',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason: "On CloudFront's default *.cloudfront.net certificate the viewer TLS policy cannot be chosen",
      },
    ]);
    this.siteUrl = `https://${this.distribution.distributionDomainName}`;
  }

  /**
   * Uploads the built SPA and its runtime `config.json`: hashed assets first (cached forever, earlier
   * builds kept), then index.html and config.json (revalidated, so a deploy takes effect at once), and
   * the web app manifest with its own content type.
   */
  deployWeb(config: StageConfig, runtimeConfig: Record<string, unknown>): void {
    if (!existsSync(join(config.webDistPath, 'index.html'))) {
      throw new Error(
        `No built SPA at ${config.webDistPath}: run \`npm run build:web\` (or set -c webDistPath=<folder>)`,
      );
    }
    const deploymentLogs = new LogGroup(this.scope, 'WebDeploymentLogs', {
      retention: config.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const hashedAssetsDir = join(config.webDistPath, HASHED_ASSETS_DIR);
    const hashedAssets = existsSync(hashedAssetsDir)
      ? new BucketDeployment(this.scope, 'WebHashedAssets', {
          sources: [Source.asset(hashedAssetsDir)],
          destinationBucket: this.bucket,
          destinationKeyPrefix: `${HASHED_ASSETS_DIR}/`,
          cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
          // Keep earlier builds' files: a browser still on the previous index.html may request them.
          prune: false,
          memoryLimit: 512,
          logGroup: deploymentLogs,
        })
      : undefined;
    const siteFiles = new BucketDeployment(this.scope, 'WebSiteFiles', {
      sources: [
        Source.asset(config.webDistPath, { exclude: [`${HASHED_ASSETS_DIR}/**`, MANIFEST_FILE] }),
        Source.jsonData('config.json', runtimeConfig),
      ],
      destinationBucket: this.bucket,
      // index.html and config.json must be revalidated so a deploy takes effect at once.
      cacheControl: [CacheControl.fromString('no-cache')],
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup: deploymentLogs,
    });
    // The new index.html must not go live before the files it references.
    if (hashedAssets) siteFiles.node.addDependency(hashedAssets);
    const manifestFile = join(config.webDistPath, MANIFEST_FILE);
    if (existsSync(manifestFile)) {
      // The deployment guesses a type from the extension, and `.webmanifest` is not one it knows.
      const manifest = new BucketDeployment(this.scope, 'WebAppManifest', {
        sources: [Source.data(MANIFEST_FILE, readFileSync(manifestFile, 'utf8'))],
        destinationBucket: this.bucket,
        contentType: 'application/manifest+json',
        cacheControl: [CacheControl.fromString('no-cache')],
        prune: false,
        memoryLimit: 512,
        logGroup: deploymentLogs,
      });
      siteFiles.node.addDependency(manifest);
    }
    // The deployments share one CDK-owned handler (a singleton in the stack), whose runtime and grants CDK writes.
    const stack = Stack.of(this.scope);
    const deploymentHandlers = stack.node.children.filter((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    NagSuppressions.addResourceSuppressions(
      deploymentHandlers,
      [
        { id: 'AwsSolutions-L1', reason: "CDK's BucketDeployment handler: its runtime is chosen by aws-cdk-lib" },
        {
          id: 'AwsSolutions-IAM4',
          reason: "CDK's BucketDeployment handler: AWSLambdaBasicExecutionRole only lets it write its logs",
        },
        {
          id: 'AwsSolutions-IAM5',
          reason:
            "CDK's BucketDeployment grants: read the asset bucket, write the site bucket, invalidate the distribution",
        },
      ],
      true,
    );
  }
}
