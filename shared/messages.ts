import type { ErrorCode } from './error-codes';

// The product's texts (its error catalogue and validation messages), word for word as the spec has
// them (tests/fixtures/spec.md; the test checks each). Where the spec
// gives a failure text without a title, the toast uses 'Error', as the spec's own pairs do.

/** A toast's text: a title and, for most, a description. */
export interface ToastText {
  title: string;
  description?: string;
}

const INVALID_CREDENTIALS = 'Invalid email or password. Please check your credentials and try again.';
const RESTORE_START_OVER = 'Unable to restore your thread. Please start over.';

/** Sign in, sign up, sign out, password reset and identity-provider texts. */
export const authMessages = {
  signInSuccess: { title: 'Welcome back!', description: "You've successfully signed in." },
  signInFailed: { title: 'Sign in failed', description: INVALID_CREDENTIALS },
  signUpSuccess: { title: 'Account created!', description: 'Please check your email to verify your account.' },
  existingAccountSignedIn: { title: 'Welcome back!', description: "You've been signed in successfully." },
  existingAccountSignInFailed: { title: 'Invalid credentials', description: INVALID_CREDENTIALS },
  signUpFailed: {
    title: 'Sign up failed',
    description: 'Unable to create account. Please check your credentials and try again.',
  },
  weakPassword: {
    title: 'Sign up failed',
    description: 'Password requirements not met. Please ensure your password is at least 6 characters long.',
  },
  signedOut: { title: 'Signed out', description: "You've been successfully signed out." },
  resetEmailSent: {
    title: 'Password reset email sent',
    description: 'Please check your email for the password reset link.',
  },
  resetNotice: 'Password reset email sent! Check your inbox for instructions.',
  resetEmailRequired: 'Please enter your email address first',
  googleSignInSuccess: { title: 'Welcome!', description: 'Successfully signed in with Google' },
  googleSignInFailed: { title: 'Sign in failed', description: 'Failed to sign in with Google' },
  googleSignInUnexpected: { title: 'Sign in failed', description: 'An unexpected error occurred' },
  googleBlocked: 'Google Sign-In blocked. Please disable ad blockers or allow cookies.',
  googleUnavailable: 'Google Sign-In unavailable',
  continueGenerating: 'Sign in to continue generating your thread',
} as const satisfies Record<string, ToastText | string>;

/** 'Password reset failed' with the server's message, or the generic one when there is none. */
export function passwordResetFailed(serverMessage?: string | null): ToastText {
  return {
    title: 'Password reset failed',
    description: serverMessage?.trim() || 'An error occurred while sending the reset email',
  };
}

/** Balance, spending and payment texts. */
export const creditMessages = {
  insufficientCredits: {
    title: 'Insufficient Credits',
    description: "You don't have enough credits to generate a thread. Please purchase more credits.",
  },
  insufficientCreditsToGenerate: {
    title: 'Insufficient Credits',
    description: 'You need at least 1 credit to generate a thread. Please purchase more credits to continue.',
  },
  creditProcessingFailed: { title: 'Error', description: 'Failed to process credit. Please try again.' },
  creditError: {
    title: 'Credit Error',
    description: 'Thread generated but there was an issue with credit processing.',
  },
  packagesLoadFailed: { title: 'Error', description: 'Failed to load credit packages. Please try again.' },
  paymentVerificationFailed: {
    title: 'Payment Verification Failed',
    description: "Please contact support if credits weren't added to your account.",
  },
  purchaseFailed: { title: 'Purchase Failed', description: 'Failed to create checkout session. Please try again.' },
  signInToAccessCredits: 'Please sign in to access your credits',
  loadingCredits: 'Loading Credits',
  mostPopular: 'Most Popular',
} as const satisfies Record<string, ToastText | string>;

/** 'Payment Successful!': '{n} credits have been added to your account.' */
export function paymentSuccessful(credits: number): ToastText {
  return { title: 'Payment Successful!', description: `${credits} credits have been added to your account.` };
}

/** How many service-busy retries the create flow allows. */
export const MAX_GENERATION_RETRIES = 3;

// Substrings of an error message that mean the AI service is busy rather than broken, so the user may retry.
const SERVICE_BUSY_MARKERS = [
  'edge function returned a non-2xx status code',
  'temporarily unavailable',
  'overloaded',
  'service unavailable',
  '503',
  '502',
  '504',
];

/** Generation progress, busy-service and failure texts. */
export const generationMessages = {
  serviceBusy: {
    title: 'Service Temporarily Busy',
    description: 'The AI service is experiencing high demand. This is temporary and no credits were consumed.',
  },
  tryAgainSoon: 'You can try again in a moment',
  waitBeforeRetrying: 'Please wait a few minutes before retrying.',
  unexpectedError: 'An unexpected error occurred while processing your URL. Please try again.',
  checkingContent: 'Checking Content...',
  invalidUrl: 'Please enter a valid URL',
  possibleAddedContent: 'Possible Added Content',
  highRiskOfAddedContent: 'High Risk of Added Content',
} as const satisfies Record<string, ToastText | string>;

/** True when a failure is the busy-service case: a known marker in the message, or retryable set. */
export function isServiceBusy(message: string | null | undefined, retryable = false): boolean {
  if (retryable) return true;
  const lower = (message ?? '').toLowerCase();
  return SERVICE_BUSY_MARKERS.some((marker) => lower.includes(marker));
}

/** The hint under the busy notice: try again now for the first two retries, then wait. */
export function serviceBusyHint(retryCount: number): string {
  return retryCount < 2 ? generationMessages.tryAgainSoon : generationMessages.waitBeforeRetrying;
}

/** 'Retry attempts: n/3' */
export function retryAttempts(retryCount: number): string {
  return `Retry attempts: ${retryCount}/${MAX_GENERATION_RETRIES}`;
}

/** 'Generation Failed' with the failure's message, or the generic one. */
export function generationFailed(message?: string | null): ToastText {
  return { title: 'Generation Failed', description: message?.trim() || generationMessages.unexpectedError };
}

/** The hallucination banner's title for a risk level; low risk shows no banner (null). */
export function hallucinationBannerTitle(risk: 'low' | 'medium' | 'high'): string | null {
  if (risk === 'high') return generationMessages.highRiskOfAddedContent;
  if (risk === 'medium') return generationMessages.possibleAddedContent;
  return null;
}

/** Restore, save, edit, copy, history and detail texts. */
export const threadMessages = {
  restoreAuthRequired: { title: 'Authentication Required', description: 'Please sign in to access your thread.' },
  restoreNotFound: { title: 'Thread Not Found', description: RESTORE_START_OVER },
  restoreAccessDenied: { title: 'Access Denied' },
  restoreFailed: { title: 'Restoration Failed', description: RESTORE_START_OVER },
  saveMissingThreadId: { title: 'Thread Error', description: 'Thread ID is missing. Please regenerate your thread.' },
  saveNotSignedIn: { title: 'Authentication Error', description: 'Please sign in to save your changes.' },
  saveNoPosts: { title: 'No Content', description: 'No posts to save. Please regenerate your thread.' },
  saveWarning: { title: 'Save Warning', description: 'There was an issue saving your edits, but you can continue.' },
  saveFailed: { title: 'Error', description: 'Failed to save changes. Please try again.' },
  saveAuthRequired: { title: 'Authentication Required', description: 'Please sign in to save threads' },
  overLimit: 'Post exceeds character limit. Consider shortening before saving.',
  attributionProtected: {
    title: 'Attribution Protected',
    description: 'The attribution post cannot be edited to ensure proper credit to the original author.',
  },
  notFoundOrAccessDenied: 'Thread not found or access denied',
  manualShareLoadFailed: { title: 'Error', description: 'Failed to load thread' },
  noThreadId: 'No thread ID provided',
  threadNotFound: 'Thread not found',
  noPostsInThread: 'No posts found in this thread',
  copyFailed: { title: 'Error', description: 'Failed to copy to clipboard. Please try again.' },
  changesSaved: { title: 'Changes Saved' },
  postUpdated: { title: 'Post Updated' },
  postCopied: { title: 'Post copied!' },
  allPostsCopied: { title: 'All posts copied!' },
  threadIdCopied: { title: 'Copied', description: 'Thread ID copied to clipboard' },
  threadDeleted: { title: 'Thread deleted', description: 'The thread has been permanently deleted.' },
  threadSaved: { title: 'Thread saved' },
  threadRestored: { title: 'Thread Restored' },
  threadUpdated: { title: 'Thread Updated' },
} as const satisfies Record<string, ToastText | string>;

/** 'Content Warning' naming the sensitive categories found, asking the curator to review and edit. */
export function contentWarning(categories: readonly string[]): ToastText {
  const found = categories.length > 0 ? ` (${categories.join(', ')})` : '';
  return {
    title: 'Content Warning',
    description: `This content may contain sensitive material${found}. Please review and edit it before saving.`,
  };
}

/** 'Thread Generated', showing the credits left. */
export function threadGenerated(remainingCredits: number): ToastText {
  const unit = remainingCredits === 1 ? 'credit' : 'credits';
  return { title: 'Thread Generated', description: `You have ${remainingCredits} ${unit} remaining.` };
}

/** History: 'Error' / 'Failed to load threads: {message}'. */
export function loadThreadsFailed(message: string): ToastText {
  return { title: 'Error', description: `Failed to load threads: ${message}` };
}

/** History and admin: 'Error' / 'Failed to delete thread: {message}'. */
export function deleteThreadFailed(message: string): ToastText {
  return { title: 'Error', description: `Failed to delete thread: ${message}` };
}

/** Detail: 'Error' / 'Failed to load thread: {message}'. */
export function loadThreadFailed(message: string): ToastText {
  return { title: 'Error', description: `Failed to load thread: ${message}` };
}

/** Detail: 'Error' / 'Failed to save thread: {message}'. */
export function saveThreadFailed(message: string): ToastText {
  return { title: 'Error', description: `Failed to save thread: ${message}` };
}

/** 'Posted to {platform}!' */
export function postedTo(platformName: string): ToastText {
  return { title: `Posted to ${platformName}!` };
}

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

/** 'Already posted to Bluesky on {date}. Post it again?': asked before a thread is published to a platform again. */
export function alreadyPostedTo(platformName: string, date: string): string {
  return `Already posted to ${platformName} on ${date}. Post it again?`;
}

/** 'Publishing Failed' with the failure's message. */
export function publishingFailed(message: string): ToastText {
  return { title: 'Publishing Failed', description: message };
}

/** A platform's failed row: 'Failed to post to {platform}' with the server error or 'Unknown error occurred'. */
export function failedToPostTo(platformName: string, serverError?: string | null): ToastText {
  return {
    title: `Failed to post to ${platformName}`,
    description: serverError?.trim() || platformMessages.unknownPostingError,
  };
}

/** Account deletion texts. */
export const accountMessages = {
  accountDeleted: { title: 'Account Deleted' },
  deleteFailed: { title: 'Error', description: 'Failed to delete account. Please try again or contact support.' },
  typeEmailToConfirm: 'Type your email address to confirm',
} as const satisfies Record<string, ToastText | string>;

/** Admin portal texts. */
export const adminMessages = {
  userRoleUpdated: { title: 'User role updated' },
  threadDeleted: { title: 'Thread deleted' },
  accessDenied: { title: 'Access Denied', description: "You don't have permission to access this page." },
} as const satisfies Record<string, ToastText | string>;

/** 'Error' / 'Failed to update user role: {reason}'. */
export function updateUserRoleFailed(reason: string): ToastText {
  return { title: 'Error', description: `Failed to update user role: ${reason}` };
}

/** 'Success' with the server's message, or 'Action completed successfully.'. */
export function adminActionSucceeded(serverMessage?: string | null): ToastText {
  return { title: 'Success', description: serverMessage?.trim() || 'Action completed successfully.' };
}

/** 'Error' / 'Failed to perform action: {reason}'. */
export function adminActionFailed(reason: string): ToastText {
  return { title: 'Error', description: `Failed to perform action: ${reason}` };
}

/**
 * The API's texts for refusals with a fixed wording: the `error` of `{ error, code }`. The server
 * sends them and the web shows them by code (see `web/src/lib/error-texts.ts`), never by matching text.
 */
export const apiErrorMessages = {
  unauthorized: 'Authentication required',
  forbidden: 'Access Denied',
  admin_required: adminMessages.accessDenied.description,
  thread_access_denied: 'Access Denied: You do not have permission to access this thread.',
  thread_not_found: threadMessages.threadNotFound,
  generation_job_not_found: 'Generation job not found',
  not_found: 'Not found',
  invalid_json: 'Request body is not valid JSON',
  payload_too_large: 'Request body too large (max 256 KB)',
  malformed_path: 'The request path or query contains an invalid percent-escape.',
  regeneration_url_mismatch:
    'A thread can only be regenerated from the same article it was written from. Start a new thread for another URL.',
  insufficient_credits: creditMessages.insufficientCredits.description,
  invalid_url: generationMessages.invalidUrl,
  service_busy: 'The AI service is temporarily unavailable. Please try again in a moment.',
  no_posts: threadMessages.saveNoPosts.description,
  attribution_protected: threadMessages.attributionProtected.description,
  post_too_long: threadMessages.overLimit,
  account_deleted: 'This account has been deleted.',
  email_mismatch: 'The email you typed does not match your account email.',
  webhook_signature_invalid: 'The webhook signature does not match its body.',
  checkout_session_not_found: 'This checkout was not found. Please start your purchase again from Credits.',
  oauth_state_invalid: 'This sign-in link is invalid or has expired. Please connect again.',
  oauth_browser_mismatch:
    'This connection was started in another browser or by another account, so nothing was connected. To connect your own account, sign in to ThreadSnip in this browser and choose Connect again.',
  internal_error: 'Something went wrong on our side. Please try again.',
  request_in_progress: 'This request is still being processed. Please wait a moment before retrying.',
  idempotency_key_reused: 'This Idempotency-Key was already used for a different request.',
  schedule_too_far: 'Choose a time within a year from now.',
  schedule_limit_reached: 'You already have 500 scheduled publishes. Cancel one, or wait until one is published.',
  posting_queue_empty: 'Your posting queue has no time slots yet. Add some in Account Settings.',
  posting_queue_full: 'Every slot of your posting queue is taken for the next year. Add slots, or choose a time.',
  scheduled_item_not_found: 'Scheduled publish not found',
  posting_queue_not_set: 'No posting queue has been set up yet. Add weekly slots in Account Settings.',
  scheduled_item_not_upcoming: 'This publish is no longer scheduled: it was published or cancelled.',
  display_name_required:
    'Choose a display name before making a thread public: public pages name you by it, never by your email.',
} as const satisfies Partial<Record<ErrorCode, string>>;

/**
 * Texts of features beyond the spec, worded like its own: the handle a Bluesky session is for (the
 * spec's form names only the app password) and the Facebook Page picker (the spec has Discord's
 * channel and Reddit's subreddit pickers only).
 */
export const beyondSpecMessages = {
  // Threads in the article's own language (issue 37): the language shown, the voice's fallback, translation.
  language: {
    threadLanguage: (language: string) => `Written in ${language}`,
    voiceFallback: (tone: string, language: string) =>
      `There is no ${tone} voice in ${language} yet, so this thread uses the professional one.`,
    translatedFrom: (language: string) => `Translated from ${language}`,
    translatedQuote: '(translated)',
    offlineCannotTranslate: (language: string) =>
      `Writing the thread in ${language} needs the AI writer, which is not set up. Choose the article's own language.`,
    threadLanguageLabel: 'Thread language',
    articleLanguageOption: "The article's language",
  },
  // The feed inbox (issue 28): its refusals, states and the auto-draft's skip reasons.
  feeds: {
    noFeedFound: 'No feed found at this address',
    feedNotFound: 'Feed not found',
    inboxItemNotFound: 'Inbox item not found',
    limitReached: 'You already follow 50 feeds. Remove one to add another.',
    alreadyAdded: 'You already follow this feed.',
    checkTooSoon: 'This feed was checked less than 5 minutes ago. Please try again later.',
    oversized: 'The feed is larger than 5 MB: only its first 5 MB were read.',
    /** A feed that cannot be read (its failure reason on a check; the answer to adding it): the parser's reason. */
    unreadable: (reason: string) => `The feed could not be read: ${reason}.`,
    skippedDailyLimit: (limit: number) => `Not drafted: the daily auto-draft limit (${limit}) was reached.`,
    skippedNoCredits: 'Not drafted: no credits left.',
    skippedSwitchedOff: 'Not drafted: Auto-draft was turned off.',
    draftFailed: (reason: string) => `The draft failed: ${reason}`,
    drafting: 'Auto-drafting…',
    autoDraftBadge: 'Auto-draft',
  },
  blueskyHandleRequired: 'Please enter your Bluesky handle',
  invalidBlueskyHandle: 'Please enter a valid Bluesky handle (e.g., alice.bsky.social)',
  pageSelected: { title: 'Page Selected' },
  savePageFailed: { title: 'Error', description: 'Failed to save Page selection' },
  facebookPageRequired: { title: 'Facebook Page Required' },
  // The question before publishing again to a platform that already has the thread (see alreadyPostedTo).
  republishTitle: 'Post Again?',
  republishConfirm: 'Post Again',
  republishCancel: 'Cancel',
  // The per-post mark of the check against the article, and the AI posts it left out (see the functions below).
  postChecked: 'Checked against the source',
  postCheckFailed: 'Not found in the article:',
  postEdited: 'Edited, not checked against the source',
  llmThreadReplaced:
    "Too few of the AI's posts passed the check against the article, so this thread was written from the article's own sentences.",
  /** Insights collection: why a platform shows no figures, and 'Refresh now' asked for too soon. */
  insights: {
    notReported: (platformName: string) => `${platformName} does not report engagement`,
    xReadsOff:
      'Engagement reads are off for X: X bills every read, so they start only when you turn them on for your X connection in Account Settings.',
    needsReconnect: (platformName: string) =>
      `${platformName} refused the last engagement read: reconnect ${platformName} in Account Settings to read it again.`,
    refreshTooSoon: 'Figures can be refreshed once every 10 minutes. Please try again later.',
  },
  /** Scheduling: the Schedule and Add to Queue actions, the posting queue settings, the /scheduled page. */
  scheduling: {
    schedule: 'Schedule',
    addToQueue: 'Add to Queue',
    scheduleTitle: 'Schedule Publishing',
    rescheduleTitle: 'Reschedule',
    pickerLabel: 'Date and time',
    scheduled: { title: 'Scheduled' },
    queued: { title: 'Added to Queue' },
    scheduleFailed: { title: 'Scheduling Failed' },
    chooseTime: 'Choose a date and time',
    timeInPast: 'Choose a time in the future',
    timeTooFar: 'Choose a time within the next year',
    queueTitle: 'Posting Queue',
    queueIntro:
      'Add to Queue puts a thread into the next free weekly slot. Slots are times on your clock in this time zone, so 09:00 stays 09:00 when the clocks change.',
    timeZoneLabel: 'Time zone',
    addSlot: 'Add Slot',
    removeSlot: 'Remove',
    noSlots: 'No slots yet. Add the days and times you want threads to go out.',
    saveQueue: 'Save Queue',
    queueSaved: { title: 'Posting queue saved' },
    queueSaveFailed: { title: 'Could not save the posting queue' },
    queueLoadFailed: 'Could not load your posting queue.',
    pageTitle: 'Scheduled',
    upcoming: 'Upcoming',
    past: 'Past 30 Days',
    listLoadFailed: 'Could not load your scheduled threads.',
    emptyTitle: 'Nothing scheduled yet',
    emptyText:
      'Schedule a thread for a chosen moment, or set weekly slots in Account Settings and use Add to Queue to fill the next free one. Scheduled threads appear here, grouped by day.',
    noPast: 'Nothing was published from the schedule in the last 30 days.',
    reschedule: 'Reschedule',
    rescheduled: { title: 'Rescheduled' },
    cancel: 'Cancel',
    cancelTitle: 'Cancel this scheduled publish?',
    cancelConfirm: 'Cancel Publish',
    cancelKeep: 'Keep',
    cancelled: { title: 'Scheduled publish cancelled' },
    publishNow: 'Publish Now',
    publishStarted: { title: 'Publishing now' },
    actionFailed: { title: 'Error' },
    outcomeCompleted: 'Posted',
    outcomePending: 'Posting…',
    outcomeFailed: 'Failed',
    statusCancelled: 'Cancelled',
  },
  /**
   * The curator's display name (issue 36): the only name a public page gives them, chosen in Account
   * Settings or when a thread is first made public; never taken from the email.
   */
  displayName: {
    heading: 'Public Profile',
    label: 'Display name',
    hint: 'The name your public threads show as their curator. Your email is never shown.',
    notSet: 'Not set: your public threads show no curator name.',
    save: 'Save',
    saving: 'Saving…',
    saved: { title: 'Display name saved' },
    saveFailed: { title: 'Could not save your display name' },
    dialogTitle: 'Choose a display name',
    dialogText:
      'Public pages name you by this display name, never by your email. You can change it later in Account Settings.',
    dialogConfirm: 'Make Public',
    cancel: 'Cancel',
    tooShort: 'A display name needs at least 2 characters.',
    tooLong: 'A display name can be at most 50 characters.',
    controlCharacters: 'A display name cannot contain control or invisible characters.',
    noAddresses: 'A display name cannot contain a web address or an email address.',
  },
  /** Public thread pages (/t/{id}, /about-article), the thread page's public switch and the Webmention's state. */
  publicPage: {
    readOriginal: 'Read this in the original',
    originalBy: 'Original article by',
    originalAt: 'Original article at',
    draftedWithAi: (curator: string) => `Drafted with AI, edited by ${curator}`,
    postsHeading: 'The thread',
    attributionHeading: 'Credit',
    notFoundTitle: 'Thread not found',
    notFoundText: 'This thread does not exist or is not public.',
    aboutTitle: 'Threads about this article',
    aboutIntro: 'Public threads that link to this article, newest first.',
    aboutNone: 'No public threads about this article yet.',
    aboutInvalid: "Add the article's address: /about-article?url=https://…",
    curatedBy: (curator: string) => `by ${curator}`,
    someCurator: 'a ThreadSnip curator',
    makePublic: 'Make Public',
    makePrivate: 'Make Private',
    allowIndexing: 'Allow search engines',
    publicLinkLabel: 'Public link',
    copyLink: 'Copy Link',
    linkCopied: { title: 'Public link copied' },
    visibilityFailed: { title: 'Could not change who can see this thread' },
    isPublicNote: 'Anyone with the link can read this thread, signed out.',
    isPrivateNote: 'Only you can see this thread.',
    webmention: {
      sent: (when: string) => `Author notified ${when}`,
      pending: 'Notifying the author…',
      no_endpoint: 'Author not notified: the article declares no Webmention endpoint',
      refused: (status: number | undefined) =>
        `Author not notified: the endpoint refused it${status ? ` (HTTP ${status})` : ''}`,
      blocked: 'Author not notified: the endpoint is at a private address',
      failed: "Author not notified: the article's site did not answer",
    },
  },
  /** Articles brought to /create from outside: the phone's Share menu and the 'Thread this page' bookmarklet. */
  sharedArticles: {
    hintLabel: 'From the page',
    bookmarklet: 'Thread this page',
    bookmarkletHelp:
      'Drag this link to your bookmarks bar. On any article, click it to open the article here, with the text you selected as a note.',
  },
  /** The publisher's AI and snippet signals (TDMRep, robots directives): the short-quote badge. */
  shortQuoteBadge: 'The publisher limits AI use: short-quote mode',
  shortQuoteExplained:
    'This thread was written in short-quote mode: a hook, at most two posts and the credit, paraphrased, with only brief quotations of the article.',
};

/** The badge with the signal that triggered it: 'The publisher limits AI use: short-quote mode (tdm-reservation: 1)'. */
export function shortQuoteBadgeText(signal: string): string {
  return `${beyondSpecMessages.shortQuoteBadge} (${signal})`;
}

/** One thing a post's check against the article found wrong: an item the article lacks, or a post the rules refuse. */
export type CheckFailure =
  | { kind: 'number' | 'quote' | 'name' | 'source'; text: string }
  | { kind: 'too_long'; length: number; limit: number }
  | { kind: 'empty' }
  | { kind: 'dangling'; word: string }
  | { kind: 'verbatim'; text: string; limit: string };

/** An item a check looked for, as the mark names it: 'the number 47%', 'the quote "…"', 'the name X'. */
export function checkItemText(item: { kind: 'number' | 'quote' | 'name' | 'source'; text: string }): string {
  if (item.kind === 'number') return `the number ${item.text}`;
  if (item.kind === 'quote') return `the quote "${item.text}"`;
  if (item.kind === 'name') return `the name ${item.text}`;
  return item.text ? `the source passage "${item.text}"` : 'a source passage';
}

/** What a checked post held, for the mark's tooltip: '2 numbers, 1 quote and 3 names found in the article.' */
export function postCheckFound(found: { numbers: number; quotes: number; names: number }): string {
  const counts = [
    [found.numbers, 'number', 'numbers'],
    [found.quotes, 'quote', 'quotes'],
    [found.names, 'name', 'names'],
  ] as const;
  const parts = counts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  if (parts.length === 0) return 'No numbers, quotes or names to check.';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${list} found in the article.`;
}

/** Why a post failed its check, as the repair request and the hallucination banner both say it. */
export function checkFailureText(failure: CheckFailure): string {
  switch (failure.kind) {
    case 'too_long':
      return `it is ${failure.length} characters long, over the ${failure.limit} a post can hold`;
    case 'empty':
      return 'it is empty';
    case 'dangling':
      return `it starts with "${failure.word}", which points to a post the reader has not seen`;
    case 'verbatim':
      return `it copies "${failure.text}" word for word, longer than the ${failure.limit} the publisher allows; paraphrase it`;
    case 'source':
      return failure.text ? `${checkItemText(failure)} is not in the article` : 'it cites no source passage';
    default:
      return `${checkItemText(failure)} is not in the article`;
  }
}

/** The banner's note on a model's post that failed the check twice: which post, and why. */
export function llmPostLeftOut(position: number, failures: readonly CheckFailure[]): string {
  return `The AI's post ${position} was left out: ${failures.map(checkFailureText).join('; ')}.`;
}

/** The banner's note on a model's hook that failed the check twice, replaced by one from the article. */
export function llmHookReplaced(failures: readonly CheckFailure[]): string {
  return `The AI's opening post was replaced by one from the article: ${failures.map(checkFailureText).join('; ')}.`;
}

/** A scheduled time closer than the shortest lead (a minute, unless configured otherwise for tests). */
export function scheduleTooSoonText(minLeadSeconds: number): string {
  const lead =
    minLeadSeconds % 60 === 0
      ? `${minLeadSeconds / 60} minute${minLeadSeconds === 60 ? '' : 's'}`
      : `${minLeadSeconds} seconds`;
  return `Choose a time at least ${lead} from now.`;
}

/** Why a scheduled platform posted nothing: it was disconnected (or its grant lapsed) before the time. */
export function reconnectToPublishText(platformName: string): string {
  return `Reconnect ${platformName} to publish`;
}

/** Why a scheduled item posted nothing at its time: its thread had been deleted. */
export const SCHEDULED_THREAD_GONE_TEXT = 'The thread was deleted before its scheduled time.';

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

/** 'Scheduled for Mon, Mar 9, 2026, 9:00 AM GMT' (the time already in the user's zone). */
export function scheduledForText(localDateTime: string): string {
  return `Scheduled for ${localDateTime}`;
}
