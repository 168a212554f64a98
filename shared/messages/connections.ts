import type { ToastText } from './toast-text';

// Platform connection texts: the connect forms and pickers, OAuth callback errors and why a connection failed.

/** Connection, share-validation and posting texts. */
export const platformMessages = {
  loadConnectionsFailed: { title: 'Error', description: 'Failed to load your connected platforms.' },
  loadSettingsFailed: { title: 'Error', description: 'Failed to load platform settings.' },
  channelSelected: { title: 'Channel Selected' },
  subredditSelected: { title: 'Subreddit Selected' },
  saveChannelFailed: { title: 'Error', description: 'Failed to save channel selection' },
  disconnected: { title: 'Disconnected' },
  updateFailed: { title: 'Update failed' },
  connectionFailed: { title: 'Connection failed' },
  connectionErrorFallback: 'An error occurred during the connection process.',
  noPlatformsSelected: {
    title: 'No Platforms Selected',
    description: 'Please select at least one platform to continue.',
  },
  discordChannelRequired: { title: 'Discord Channel Required' },
  redditSubredditRequired: { title: 'Reddit Subreddit Required' },
  invalidMastodonInstance: 'Please enter a valid Mastodon instance (e.g., mastodon.social)',
  mastodonServerRequired: 'Please select a server or enter a custom instance',
  mastodonUsernameRequired: 'Please enter your username',
  instanceRequired: { title: 'Instance Required' },
  appPasswordRequired: { title: 'App Password Required' },
  botDetailsRequired: { title: 'Bot Details Required' },
  postingError: { title: 'Posting Error', description: 'An unexpected error occurred while posting.' },
  postsSuccessful: { title: 'Posts Successful' },
  somePostsFailed: { title: 'Some Posts Failed' },
  allPlatformsPosted: { title: 'All Platforms Posted!' },
  partiallyPosted: { title: 'Partially Posted' },
  unknownPostingError: 'Unknown error occurred',
  noDiscordChannel: 'No Discord channel selected',
  waitingToPost: 'Waiting to post...',
  postingNow: 'Posting now...',
  successfullyPosted: 'Successfully posted!',
  failedToPost: 'Failed to post',
  /** A failed row's button: posts to that platform or account again, resuming where it stopped. */
  retryPosting: 'Retry',
} as const satisfies Record<string, ToastText | string>;

/** 'Error' / 'Failed to update connection: {message}'. */
export function updateConnectionFailed(message: string): ToastText {
  return { title: 'Error', description: `Failed to update connection: ${message}` };
}

/** '{Platform} Connected!' */
export function platformConnected(platformName: string): ToastText {
  return { title: `${platformName} Connected!` };
}

/** '{Platform} Connection Failed' with the returned message, or the generic one. */
export function platformConnectionFailed(platformName: string, message?: string | null): ToastText {
  return {
    title: `${platformName} Connection Failed`,
    description: message?.trim() || platformMessages.connectionErrorFallback,
  };
}

/**
 * The error codes of RFC 6749 §4.1.2.1 a provider sends back to the callback instead of a code,
 * each told to the user in plain words (the code itself means nothing to them).
 */
/** The OAuth 2 error codes a provider may send back to the callback (RFC 6749 §4.1.2.1) that have a sentence. */
type OAuthErrorCode =
  | 'access_denied'
  | 'invalid_scope'
  | 'invalid_request'
  | 'unauthorized_client'
  | 'server_error'
  | 'temporarily_unavailable';

const NOTHING_CONNECTED = 'Nothing was connected.';

const OAUTH_ERROR_SENTENCES: Record<OAuthErrorCode, (platformName: string) => string> = {
  access_denied: (name) => `You cancelled the connection on ${name}. ${NOTHING_CONNECTED}`,
  invalid_scope: (name) =>
    `${name} would not grant the permissions ThreadSnip needs to post. ${NOTHING_CONNECTED} Please try again.`,
  invalid_request: (name) =>
    `${name} could not read ThreadSnip's connection request. ${NOTHING_CONNECTED} Please try again.`,
  unauthorized_client: (name) =>
    `${name} does not allow ThreadSnip's app to connect right now. ${NOTHING_CONNECTED} Please contact support.`,
  server_error: (name) => `${name} ran into a problem on its side. ${NOTHING_CONNECTED} Please try again.`,
  temporarily_unavailable: (name) =>
    `${name} is busy or down for a moment. ${NOTHING_CONNECTED} Please try again in a few minutes.`,
};

/** Providers' own codes for the same cases (LinkedIn: a member who cancels, an app without the product for a scope). */
const OAUTH_ERROR_ALIASES: Record<string, OAuthErrorCode> = {
  user_cancelled_login: 'access_denied',
  user_cancelled_authorize: 'access_denied',
  unauthorized_scope_error: 'invalid_scope',
};

/**
 * What a provider's error at the OAuth callback means, in a sentence: a known code's own sentence,
 * else the provider's description, else the generic connection failure.
 */
export function oauthErrorMessage(platformName: string, code?: string | null, description?: string | null): string {
  const known = code && Object.hasOwn(OAUTH_ERROR_ALIASES, code) ? OAUTH_ERROR_ALIASES[code] : code;
  if (known && Object.hasOwn(OAUTH_ERROR_SENTENCES, known))
    return OAUTH_ERROR_SENTENCES[known as OAuthErrorCode](platformName);
  return description?.trim() || platformMessages.connectionErrorFallback;
}

/** The Bluesky connect form's handle, the Facebook Page picker and LinkedIn's 'Post as' choice. */
export const connectionFormMessages = {
  blueskyHandleRequired: 'Please enter your Bluesky handle',
  invalidBlueskyHandle: 'Please enter a valid Bluesky handle (e.g., alice.bsky.social)',
  pageSelected: { title: 'Page Selected' },
  savePageFailed: { title: 'Error', description: 'Failed to save Page selection' },
  facebookPageRequired: { title: 'Facebook Page Required' },
  linkedinPostAs: 'Post as',
  linkedinAuthorSaved: { title: 'LinkedIn Author Saved' },
  saveLinkedInAuthorFailed: { title: 'Error', description: 'Failed to save who LinkedIn posts as' },
  linkedinPagesNeedReconnect: 'To post as a page, reconnect LinkedIn so ThreadSnip can see the pages you administer.',
  linkedinPageNotAdministered:
    'LinkedIn does not list you as an administrator of that page, so ThreadSnip cannot post as it. Nothing was changed.',
  accountNotFound: (platformName: string) =>
    `That ${platformName} account is not connected in this workspace. Refresh the page and try again.`,
  accountChoiceRequired: (platformName: string) =>
    `This workspace has several ${platformName} accounts. Choose which one to post to.`,
  accountNameRequired: 'Give the account a name (up to 80 characters).',
  addAnotherAccount: 'Add another account',
  renameAccount: 'Rename',
  accountRenamed: { title: 'Account renamed' },
  renameAccountFailed: { title: 'Error', description: 'Failed to rename the account' },
  postToAccount: 'Post to account',
  chooseAccount: (platformName: string) => `Choose the ${platformName} account`,
};

/** The 'Post as' choice for the member's own profile: 'Yourself ({name})'. */
export function linkedinPostAsYourself(memberName: string | null): string {
  return memberName ? `Yourself (${memberName})` : 'Yourself';
}

/** The LinkedIn card's line when the connection posts as a page: 'Posting as {page}'. */
export function linkedinPostingAs(pageName: string): string {
  return `Posting as ${pageName}`;
}

/** How a connection failed: the platform answered no, nothing answered, it answered with an error, or we would not send. */
export type ConnectionFailure = 'refused' | 'unreachable' | 'unavailable' | 'blocked';

/**
 * The message of a failed connection. 'Refused' only when the platform answered with a refusal;
 * an unreachable or blocked failure's reason is already a whole sentence naming where it went.
 */
export function connectionFailedText(platformName: string, failure: ConnectionFailure, reason: string): string {
  if (failure === 'refused') return `${platformName} refused the connection: ${reason}`;
  if (failure === 'unavailable') return `${platformName} could not complete the connection: ${reason}`;
  return reason;
}

/** Nothing answered ('no server named x was found', 'nothing is listening at x'). */
export function platformUnreachableText(platformName: string, reason: string): string {
  return `${platformName} could not be reached: ${reason}`;
}

/** A server a user named (or their account names) is at an address the server will not reach. */
export function blockedServerText(subject: string, host: string, reason: string): string {
  return `${subject} ${host} points to ${reason}, which cannot be reached for security reasons.`;
}
