import { Duration, type RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import {
  AccountRecovery,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolGroup,
  UserPoolIdentityProviderGoogle,
} from 'aws-cdk-lib/aws-cognito';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { ADMIN_GROUP } from '../../functions/lib/aws/cognito-groups';
import { TOKEN_VALIDITY } from '../../functions/lib/token-lifetimes';
import type { StageConfig } from '../config';

export interface AuthProps {
  config: StageConfig;
  removalPolicy: RemovalPolicy;
  /** Where the SPA is served: the hosted UI returns there after a Google sign-in. */
  publicUrl: string;
}

/**
 * Cognito: the user pool with its admin group, the SPA's client (Google through the hosted UI when configured).
 * Built into the given scope (the stack), adding no construct level: see `AppStack`.
 */
export class Auth {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  /** The hosted UI's domain when Google sign-in is configured. */
  readonly cognitoDomain: string | undefined;

  constructor(scope: Construct, props: AuthProps) {
    this.userPool = new UserPool(scope, 'UserPool', {
      signInAliases: { email: true },
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // The product's rule: a sign-up password needs at least 6 characters and nothing else.
      passwordPolicy: {
        minLength: 6,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      deletionProtection: props.config.isProduction,
      removalPolicy: props.removalPolicy,
    });
    NagSuppressions.addResourceSuppressions(this.userPool, [
      {
        id: 'AwsSolutions-COG1',
        reason: 'The product sets the sign-up password rule: at least 6 characters, no character classes required',
      },
      {
        id: 'AwsSolutions-COG2',
        reason: 'Spec: sign-in is email and password (or Google); a consumer app with no MFA step in its sign-in flow',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          "The Plus plan's threat protection is billed per active user; Essentials plus API throttling suffice here",
      },
    ]);
    new UserPoolGroup(scope, 'AdminGroup', { userPool: this.userPool, groupName: ADMIN_GROUP });

    const { config, publicUrl } = props;
    const region = Stack.of(scope).region;
    let google: UserPoolIdentityProviderGoogle | undefined;
    if (config.googleSignIn && config.apiKeysSecretName) {
      this.userPool.addDomain('HostedUiDomain', { cognitoDomain: { domainPrefix: config.googleSignIn.domainPrefix } });
      this.cognitoDomain = `${config.googleSignIn.domainPrefix}.auth.${region}.amazoncognito.com`;
      google = new UserPoolIdentityProviderGoogle(scope, 'GoogleIdentityProvider', {
        userPool: this.userPool,
        clientId: config.googleSignIn.clientId,
        clientSecretValue: SecretValue.secretsManager(config.apiKeysSecretName, { jsonField: 'GOOGLE_CLIENT_SECRET' }),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: { email: ProviderAttribute.GOOGLE_EMAIL },
      });
    }
    this.webClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      // Refresh-token auth is always enabled by Cognito.
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      // The same constant sets how long a deleted account's tombstone refuses its tokens.
      idTokenValidity: Duration.minutes(TOKEN_VALIDITY.idTokenMinutes),
      accessTokenValidity: Duration.minutes(TOKEN_VALIDITY.accessTokenMinutes),
      refreshTokenValidity: Duration.days(TOKEN_VALIDITY.refreshTokenDays),
      ...(google
        ? {
            supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO, UserPoolClientIdentityProvider.GOOGLE],
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
              // The SPA returns to /auth (web/src/lib/auth.ts OAUTH_RETURN_PATH), which finishes the sign-in.
              callbackUrls: [`${publicUrl}/auth`],
              logoutUrls: [`${publicUrl}/`],
            },
          }
        : { disableOAuth: true }),
    });
    if (google) this.webClient.node.addDependency(google);
  }

  /** The API's JWT authorizer: tokens of this pool issued to the web client. */
  jwtAuthorizer(): HttpJwtAuthorizer {
    return new HttpJwtAuthorizer(
      'CognitoAuthorizer',
      `https://cognito-idp.${Stack.of(this.userPool).region}.amazonaws.com/${this.userPool.userPoolId}`,
      { jwtAudience: [this.webClient.userPoolClientId], identitySource: ['$request.header.Authorization'] },
    );
  }
}
