import { Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  AuthorizerPayloadVersion,
  HttpApi,
  HttpAuthorizer,
  HttpAuthorizerType,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  type IHttpRouteAuthorizer,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import type { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { apiKeyAuthorizer, type RouteEntry, type RouteKind, TOKEN_KINDS } from '../../functions/manifest';
import type { StageConfig } from '../config';
import { constructId } from './construct-id';

export interface ApiProps {
  config: StageConfig;
  /** Used in the API's name. */
  stackName: string;
  /** Of the access log group. */
  removalPolicy: RemovalPolicy;
}

/**
 * One JSON line per request, from HTTP API context variables: who asked what, the answer, the time it
 * took and, when the Lambda or the authorizer failed, why. No headers or bodies (tokens, user content).
 */
const ACCESS_LOG_FORMAT = JSON.stringify({
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  path: '$context.path',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
});

type OpenRouteKind = Exclude<RouteKind, 'user' | 'admin' | 'api-key'>;

/** The API's authorizers: Cognito's JWT for the app's routes, the API key authorizer for the public API's. */
export interface RouteAuthorizers {
  jwt: HttpJwtAuthorizer;
  apiKey: IHttpRouteAuthorizer;
}

/** Why a route without the JWT authorizer is open (cdk-nag AwsSolutions-APIG4), by route kind. */
const OPEN_ROUTE_REASONS: Record<OpenRouteKind, string> = {
  public: 'Open by design: the health check and the JSON 404 for unknown /api paths read no user data',
  webhook: 'Stripe sends no token: the handler accepts only a body whose Stripe signature verifies',
  'oauth-callback':
    "The platform's redirect carries no token: the handler accepts only a signed, single-use state of a signed-in user",
};

/**
 * The HTTP API (API Gateway v2) with its throttled, access-logged default stage; browsers reach it
 * through the site at /api. Built into the given scope (the stack), adding no construct level: see `AppStack`.
 */
export class Api {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;

  constructor(scope: Construct, props: ApiProps) {
    this.httpApi = new HttpApi(scope, 'HttpApi', {
      apiName: `${props.stackName}-api`,
      description: 'ThreadSnip API, served to browsers through CloudFront at /api',
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(scope, 'ApiAccessLogs', {
      retention: props.config.logRetention,
      removalPolicy: props.removalPolicy,
    });
    this.stage = new HttpStage(scope, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.config.apiThrottle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(ACCESS_LOG_FORMAT),
      },
    });
  }

  /**
   * The public API's (/v1) Lambda authorizer: REQUEST type with simple responses, its answer cached
   * per Authorization header and source address for the manifest's `resultCacheSeconds` (the
   * revocation window), so a new address always reaches the verifier and its security event.
   * Built in `scope`, the stack of its function and of the routes it guards (its deployment group):
   * built under the API in the App stack, it would refer to the group's function while the group's
   * routes refer to it, a cycle between the two stacks.
   */
  apiKeyAuthorizer(scope: Construct, handler: IFunction): IHttpRouteAuthorizer {
    const stack = Stack.of(scope);
    const authorizer = new HttpAuthorizer(scope, 'ApiKeyAuthorizer', {
      httpApi: this.httpApi,
      type: HttpAuthorizerType.LAMBDA,
      authorizerName: 'api-key',
      enableSimpleResponses: true,
      payloadFormatVersion: AuthorizerPayloadVersion.VERSION_2_0,
      identitySource: ['$request.header.Authorization', '$context.identity.sourceIp'],
      resultsCacheTtl: Duration.seconds(apiKeyAuthorizer.resultCacheSeconds),
      authorizerUri: `arn:${stack.partition}:apigateway:${stack.region}:lambda:path/2015-03-31/functions/${handler.functionArn}/invocations`,
    });
    // Only this API's authorizer may invoke it.
    handler.addPermission('ApiKeyAuthorizerInvoke', {
      principal: new ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: stack.formatArn({
        service: 'execute-api',
        resource: this.httpApi.apiId,
        resourceName: `authorizers/${authorizer.authorizerId}`,
      }),
    });
    return HttpAuthorizer.fromHttpAuthorizerAttributes(scope, 'ApiKeyRouteAuthorizer', {
      authorizerId: authorizer.authorizerId,
      authorizerType: 'CUSTOM',
    });
  }

  /**
   * One route per manifest entry, served by its handler's function; token kinds behind the JWT
   * authorizer, `api-key` routes behind the API key authorizer.
   * A route is built where its function is (`scopeFor`): in the API's stack under the API itself, as
   * first deployed, or in a deployment group's nested stack, attached to this API, with its integration
   * and invoke permission beside it. The authorizer is always built under the API, shared by all.
   */
  addRoutes(
    routes: RouteEntry[],
    functionFor: (handler: string) => IFunction,
    authorizers: RouteAuthorizers,
    scopeFor: (handler: string) => Construct,
  ): void {
    for (const route of routes) {
      const needsToken = TOKEN_KINDS.includes(route.auth);
      const authorizer = needsToken ? authorizers.jwt : route.auth === 'api-key' ? authorizers.apiKey : undefined;
      const scope = scopeFor(route.handler);
      const method = HttpMethod[route.method];
      // The same id HttpApi.addRoutes gives, so the API's own routes keep their logical ids.
      const created = new HttpRoute(
        Stack.of(scope) === Stack.of(this.httpApi) ? this.httpApi : scope,
        `${method}${route.path}`,
        {
          httpApi: this.httpApi,
          routeKey: HttpRouteKey.with(route.path, method),
          integration: new HttpLambdaIntegration(
            `${route.method}${constructId(route.path)}Integration`,
            functionFor(route.handler),
          ),
          // Webhooks and OAuth callbacks carry no token: their handlers check a signature or a state.
          authorizer,
        },
      );
      if (!authorizer) {
        NagSuppressions.addResourceSuppressions(created, [
          { id: 'AwsSolutions-APIG4', reason: OPEN_ROUTE_REASONS[route.auth as OpenRouteKind] },
        ]);
      }
    }
  }
}
