import { HttpApi, HttpMethod, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { type RouteEntry, TOKEN_KINDS } from '../../functions/manifest';
import type { StageConfig } from '../config';
import { constructId } from './construct-id';

export interface ApiProps {
  config: StageConfig;
  /** Used in the API's name. */
  stackName: string;
}

/**
 * The HTTP API (API Gateway v2) with its throttled default stage; browsers reach it through the site at /api.
 * Built into the given scope (the stack), adding no construct level: see `AppStack`.
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
    this.stage = new HttpStage(scope, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.config.apiThrottle,
    });
  }

  /** One route per manifest entry, served by its handler's function; token kinds behind the JWT authorizer. */
  addRoutes(routes: RouteEntry[], functionFor: (handler: string) => IFunction, authorizer: HttpJwtAuthorizer): void {
    for (const route of routes) {
      this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(
          `${route.method}${constructId(route.path)}Integration`,
          functionFor(route.handler),
        ),
        // Webhooks and OAuth callbacks carry no token: their handlers check a signature or a state.
        authorizer: TOKEN_KINDS.includes(route.auth) ? authorizer : undefined,
      });
    }
  }
}
