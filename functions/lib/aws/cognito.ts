import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../config';
import { traced } from '../tracer';
import { ADMIN_GROUP } from './cognito-groups';

/** The one Cognito admin client of this process (the local emulator when configured). */
const cognito = traced(
  new CognitoIdentityProviderClient({ region: config().region, endpoint: config().endpoints.cognito }),
);

function userPoolId(): string {
  const id = config().userPoolId;
  if (!id) throw new Error('USER_POOL_ID is not configured');
  return id;
}

/**
 * Adds a user to the Cognito admin group (shown in the token's cognito:groups claim). The trigger
 * passes its event's pool id: the pool cannot be given its own trigger's environment.
 */
export async function addUserToAdminGroup(username: string, poolId = userPoolId()): Promise<void> {
  await cognito.send(
    new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: username, GroupName: ADMIN_GROUP }),
  );
}

/** cognito-local's answer to an operation it does not implement (its error type `CognitoLocal#Unsupported`). */
const EMULATOR_UNSUPPORTED = 'Unsupported';

/**
 * Revokes every refresh token of the user (AdminUserGlobalSignOut), so no new tokens can be had.
 * cognito-local has no global sign-out: only against it, and only that answer, is let through; the
 * account's tombstone still refuses its tokens there. In the cloud every failure stops the deletion.
 */
async function signOutEverywhere(username: string): Promise<void> {
  try {
    await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId(), Username: username }));
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return;
    const emulated = Boolean(config().endpoints.cognito);
    if (!(emulated && error instanceof Error && error.name === EMULATOR_UNSUPPORTED)) throw error;
  }
}

/** Signs the user out everywhere, then deletes the sign-in identity; a user already gone counts as deleted. */
export async function deleteAuthUser(username: string): Promise<void> {
  await signOutEverywhere(username);
  try {
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: username }));
  } catch (error) {
    if (!(error instanceof Error && error.name === 'UserNotFoundException')) throw error;
  }
}
