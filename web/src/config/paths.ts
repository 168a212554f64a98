/** Query parameters the /auth page understands: where to go after sign-in, and a pending generation. */
export interface AuthSearch {
  redirect?: string;
  url?: string;
  tone?: string;
}

/**
 * Query parameters /create accepts: url (and tone) resume a generation after sign-in; url with a
 * title arrives as a share does (the URL filled in, nothing generated until the user says so).
 */
export interface CreateSearch {
  url?: string;
  tone?: string;
  title?: string;
}

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, value);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Every route of the SPA: `path` is the router pattern, `getHref` builds a link to it. The only place
 * paths are written, but for the local-only test checkout (app/router.tsx), which the cloud build leaves out.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  about: { path: '/about', getHref: () => '/about' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  auth: {
    path: '/auth',
    getHref: (search: AuthSearch = {}) =>
      withQuery('/auth', { redirect: search.redirect, url: search.url, tone: search.tone }),
  },
  create: {
    path: '/create',
    getHref: (search: CreateSearch = {}) =>
      withQuery('/create', { url: search.url, tone: search.tone, title: search.title }),
  },
  /**
   * The web app manifest's share target: forwards what the Share menu sent to /create, marked as a
   * share (features/create/lib/shared-arrival.ts), so it only fills in the URL.
   */
  share: { path: '/share', getHref: () => '/share' },
  history: { path: '/history', getHref: () => '/history' },
  /** Upcoming scheduled publishes and the last 30 days' outcomes. */
  scheduled: { path: '/scheduled', getHref: () => '/scheduled' },
  /** Engagement read back from the platforms: per day, top threads, what worked. */
  insights: { path: '/insights', getHref: () => '/insights' },
  /** The feeds the user follows and their new articles. */
  inbox: { path: '/inbox', getHref: () => '/inbox' },
  /** A client's review link (public, no sign-in): the token only in the path. */
  clientReview: { path: '/review/:token', getHref: (token: string) => `/review/${encodeURIComponent(token)}` },
  thread: { path: '/thread/:threadId', getHref: (threadId: string) => `/thread/${encodeURIComponent(threadId)}` },
  manualShare: {
    path: '/thread/:threadId/manual-share',
    getHref: (threadId: string) => `/thread/${encodeURIComponent(threadId)}/manual-share`,
  },
  credits: {
    path: '/credits',
    /** With a payment's return parameters, as the checkout's success URL carries them. */
    getHref: (payment?: { success: true; sessionId: string }) =>
      payment ? withQuery('/credits', { success: 'true', session_id: payment.sessionId }) : '/credits',
  },
  accountSettings: { path: '/account-settings', getHref: () => '/account-settings' },
  /** The public API's reference (public): its operations, from GET /v1/openapi.json. */
  apiReference: { path: '/developers/api', getHref: () => '/developers/api' },
  /** The current workspace: its members, invitations and roles; a new team workspace. */
  workspace: { path: '/workspace', getHref: () => '/workspace' },
  /** An invitation link's landing page: joins the workspace once the invited person is signed in. */
  join: { path: '/join', getHref: (token: string) => `/join?token=${encodeURIComponent(token)}` },
  /** The short alias the spec also links; it forwards to account settings. */
  account: { path: '/account', getHref: () => '/account' },
  admin: {
    dashboard: { path: '/admin', getHref: () => '/admin' },
    users: { path: '/admin/users', getHref: () => '/admin/users' },
    workspaces: { path: '/admin/workspaces', getHref: () => '/admin/workspaces' },
    threads: { path: '/admin/threads', getHref: () => '/admin/threads' },
    thread: {
      path: '/admin/threads/:threadId',
      getHref: (threadId: string) => `/admin/threads/${encodeURIComponent(threadId)}`,
    },
    transactions: { path: '/admin/transactions', getHref: () => '/admin/transactions' },
    orders: { path: '/admin/orders', getHref: () => '/admin/orders' },
    settings: { path: '/admin/settings', getHref: () => '/admin/settings' },
    /** The security log, optionally filtered by event type and user id. */
    security: {
      path: '/admin/security',
      getHref: (filters: { type?: string; userId?: string } = {}) =>
        withQuery('/admin/security', { type: filters.type, userId: filters.userId }),
    },
  },
} as const;

const SIGNED_IN_PREFIXES: readonly string[] = [
  paths.history.path,
  paths.scheduled.path,
  paths.insights.path,
  paths.inbox.path,
  '/thread/',
  paths.credits.path,
  paths.accountSettings.path,
  paths.account.path,
  paths.workspace.path,
  paths.join.path,
  paths.admin.dashboard.path,
];

/** Whether this pathname belongs to a page for signed-in users (a user signing out there is moved to /auth). */
export function isSignedInPath(pathname: string): boolean {
  return SIGNED_IN_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );
}
