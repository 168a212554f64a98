import { useEffect, useRef } from 'react';
import { sharedArticleMessages } from '#shared/messages/generation';
import { paths } from '#web/config/paths';
import { useSiteOrigin } from '../hooks/use-site-origin';
import { bookmarkletHref } from '../lib/bookmarklet';

const texts = sharedArticleMessages;

/** 'Thread this page': a link to drag to the bookmarks bar, which opens /create with the page it is clicked on. */
export function BookmarkletLink() {
  const origin = useSiteOrigin();
  const link = useRef<HTMLAnchorElement>(null);

  // React replaces a javascript: href with one that throws, so the bookmarklet's code is set on the
  // element once the site's origin is known (until then the link is a plain one to /create).
  useEffect(() => {
    if (origin) link.current?.setAttribute('href', bookmarkletHref(origin));
  }, [origin]);

  return (
    <aside className="bookmarklet" aria-label={texts.bookmarklet}>
      <a
        ref={link}
        href={paths.create.getHref()}
        className="button bookmarklet__link"
        // A click here would only open /create again: the link is for dragging to the bookmarks bar.
        onClick={(event) => event.preventDefault()}
      >
        {texts.bookmarklet}
      </a>
      <p className="small muted">{texts.bookmarkletHelp}</p>
    </aside>
  );
}
