/**
 * Each route kind's middy stack (functions/lib) wired to the checks it makes against the table: the
 * deleted-account refusal (`user`, `admin`, `oauth-callback`), the stored admin role (`admin`) and the
 * single-use OAuth state (`oauth-callback`). lib imports neither data nor services; this module, like
 * a handler, may import both. `public` and `webhook` routes need no check (webhooks use lib directly).
 */
import { type AccountChecks, httpHandlerWith } from './lib/http-handler';
import { oauthCallbackHandlerWith } from './lib/oauth-callback-handler';

// Loaded on first use, so public routes and code without a table never open the data layer.
const accountChecks: AccountChecks = {
  refuseDeletedAccount: async (userId, now, resumesDeletion) =>
    (await import('./services/account/deleted-accounts')).refuseDeletedAccount(userId, now, resumesDeletion),
  readItemCheckingAccount: async (userId, now, read) =>
    (await import('./services/account/deleted-accounts')).readItemCheckingAccount(userId, now, read),
  checkAdminAccess: async (request) => (await import('./services/admin/access')).checkAdminAccess(request),
};

/** Builds a `public`, `user` or `admin` JSON route (see `HttpHandlerBuilder`). */
export const httpHandler = httpHandlerWith(accountChecks);

/** Builds the `oauth-callback` route of a provider (see `OAuthCallbackHandlerBuilder`). */
export const oauthCallbackHandler = oauthCallbackHandlerWith({
  refuseDeletedAccount: accountChecks.refuseDeletedAccount,
  spendOAuthState: async (token, provider, now) =>
    (await import('./services/connections/oauth-state')).consumeOAuthState(token, provider, now),
});
