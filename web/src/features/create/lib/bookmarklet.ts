import { SHARED_HINT_MAX_LENGTH } from '#shared/shared-article';
import { paths } from '#web/config/paths';

/**
 * The 'Thread this page' bookmarklet: opens {origin}/create with the current page's address as `url`
 * and the selected text (white space collapsed, capped) as `hint`, always present so /create knows it
 * is a shared article and only prefills. The code is percent-encoded, as a `javascript:` URL is
 * decoded before it runs.
 */
export function bookmarkletHref(origin: string): string {
  const target = JSON.stringify(`${new URL(origin).origin}${paths.create.path}`);
  const code =
    '(function(){' +
    `var s=String(window.getSelection()).replace(/\\s+/g,' ').trim().slice(0,${SHARED_HINT_MAX_LENGTH});` +
    `location.href=${target}+'?url='+encodeURIComponent(location.href)+'&hint='+encodeURIComponent(s);` +
    '})()';
  return `javascript:${encodeURIComponent(code)}`;
}
