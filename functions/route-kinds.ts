/**
 * Each route kind's middy stack (functions/lib) wired to the checks it makes against the table: the
 * deleted-account refusal (`user`, `admin`, `oauth-callback`), the stored admin role (`admin`) and the
 * single-use OAuth state (`oauth-callback`). lib imports neither data nor services; this module, like
 * a handler, may import both. `public` and `webhook` routes need no check (webhooks use lib directly).
 */
import { type AccountChecks, httpHandlerWith } from './lib/http-handler';
import { oauthCallbackHandlerWith } from './lib/oauth-callback-handler';

/**
 * Loaded on first use, so public routes and code without a table never open the data layer; the
 * promise is kept, as an `import()` on every request costs a trip through the module loader (under
 * `npm start`'s TypeScript loader, a message to its worker thread each time).
 */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

const deletedAccounts = onFirstUse(() => import('./services/account/deleted-accounts'));
const adminAccess = onFirstUse(() => import('./services/admin/access'));
const oauthState = onFirstUse(() => import('./services/connections/oauth-state'));
const apiKeyBudget = onFirstUse(() => import('./services/api-keys/request-budget'));

const accountChecks: AccountChecks = {
  refuseDeletedAccount: async (userId, now, resumesDeletion) =>
    (await deletedAccounts()).refuseDeletedAccount(userId, now, resumesDeletion),
  readItemCheckingAccount: async (userId, now, read) =>
    (await deletedAccounts()).readItemCheckingAccount(userId, now, read),
  readWorkspaceCheckingAccount: async (userId, now, scope, read) =>
    (await deletedAccounts()).readWorkspaceCheckingAccount(userId, now, scope, read),
  checkAdminAccess: async (request) => (await adminAccess()).checkAdminAccess(request),
  takeApiKeyRequest: async (credential, userId, now) =>
    (await apiKeyBudget()).takeApiKeyRequest(credential, userId, now),
};

/** Builds a `public`, `user`, `admin` or `api-key` JSON route (see `HttpHandlerBuilder`). */
export const httpHandler = httpHandlerWith(accountChecks);

/** Builds the `oauth-callback` route of a provider (see `OAuthCallbackHandlerBuilder`). */
export const oauthCallbackHandler = oauthCallbackHandlerWith({
  refuseDeletedAccount: accountChecks.refuseDeletedAccount,
  spendOAuthState: async (token, provider, browserKey, now) =>
    (await oauthState()).consumeOAuthState(token, provider, browserKey, now),
});
