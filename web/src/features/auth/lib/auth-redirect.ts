import { paths } from '#web/config/paths';

/** Where /auth sends a signed-in user, and whether the navigation replaces the history entry. */
export interface AuthRedirect {
  to: string;
  replace: boolean;
}

/** Only same-origin paths are followed, so a crafted link cannot send users to another site. */
function isSafeLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/**
 * The spec's redirect rules for /auth: a pending generation (`url`, optional `tone`) goes to
 * /create with both (replacing the entry); otherwise `redirect` when present and not /; otherwise /.
 */
export function resolveAuthRedirect(search: URLSearchParams): AuthRedirect {
  const url = search.get('url');
  if (url) {
    return { to: paths.create.getHref({ url, tone: search.get('tone') ?? undefined }), replace: true };
  }
  const redirect = search.get('redirect');
  if (redirect && redirect !== paths.home.path && isSafeLocalPath(redirect)) return { to: redirect, replace: false };
  return { to: paths.home.getHref(), replace: false };
}
